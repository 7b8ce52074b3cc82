import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import type { Db } from '../db/types.ts';
import { fiscalYearOf, fiscalYearRange } from './fiscalYear.ts';
import { loadReferenceData } from './load.ts';

describe('fiscalYearOf', () => {
  it('starts the fiscal year on October 1', () => {
    expect(fiscalYearOf('2026-09-30')).toBe(2026);
    expect(fiscalYearOf('2026-10-01')).toBe(2027);
    expect(fiscalYearOf('2027-01-15')).toBe(2027);
    expect(fiscalYearOf('2025-10-01')).toBe(2026);
    expect(fiscalYearRange(2027)).toEqual({ first: '2026-10-01', last: '2027-09-30' });
    expect(() => fiscalYearOf('10/01/2026')).toThrow(RangeError);
  });
});

describe('loadReferenceData', () => {
  let db: Db;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await loadReferenceData(db);
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  const counts = async (): Promise<Record<string, number>> => {
    const [row] = await db.query<Record<string, number>>(`
      SELECT (SELECT count(*) FROM icd_codes WHERE fiscal_year = 2026) AS icd2026,
             (SELECT count(*) FROM icd_codes WHERE fiscal_year = 2027 AND billable) AS billable2027,
             (SELECT count(*) FROM hcpcs_codes) AS hcpcs,
             (SELECT count(*) FROM place_of_service) AS pos,
             (SELECT count(*) FROM adjustment_reason_codes) AS carc,
             (SELECT count(*) FROM remark_codes) AS rarc,
             (SELECT count(*) FROM revenue_codes) AS revenue`);
    return row ?? {};
  };

  it('loads the code lists with the counts SOURCES.md documents', async () => {
    expect(await counts()).toEqual({
      icd2026: 98_186,
      billable2027: 74_879,
      hcpcs: 8_463,
      pos: 52,
      carc: 351,
      rarc: 1_006,
      revenue: expect.any(Number) as number,
    });
  });

  it('keeps billable flags per fiscal year', async () => {
    const rows = await db.query<{ code: string; fiscal_year: number; billable: boolean }>(
      "SELECT code, fiscal_year, billable FROM icd_codes WHERE code IN ('E119', 'E11', 'I420', 'I4200') ORDER BY code, fiscal_year",
    );
    expect(rows).toEqual([
      { code: 'E11', fiscal_year: 2026, billable: false },
      { code: 'E11', fiscal_year: 2027, billable: false },
      { code: 'E119', fiscal_year: 2026, billable: true },
      { code: 'E119', fiscal_year: 2027, billable: true },
      { code: 'I420', fiscal_year: 2026, billable: true },
      { code: 'I420', fiscal_year: 2027, billable: false },
      { code: 'I4200', fiscal_year: 2027, billable: true },
    ]);
  });

  it('keeps descriptions with quotes, termination and stop dates', async () => {
    const [rollabout] = await db.query<{ long_description: string }>(
      "SELECT long_description FROM hcpcs_codes WHERE code = 'E1031'",
    );
    expect(rollabout?.long_description).toContain('5" or greater');
    const [terminated] = await db.query<{ n: number }>(
      'SELECT count(*) AS n FROM hcpcs_codes WHERE termination_date IS NOT NULL',
    );
    expect(terminated?.n).toBeGreaterThan(1_000);
    const [carc17] = await db.query<{ stop_date: string | null }>(
      "SELECT stop_date FROM adjustment_reason_codes WHERE code = '17'",
    );
    expect(carc17?.stop_date).toBe('2009-07-01');
    const [pos] = await db.query<{ name: string }>("SELECT name FROM place_of_service WHERE code = '11'");
    expect(pos?.name).toBe('Office');
    const [revenue] = await db.query<{ description: string }>(
      "SELECT description FROM revenue_codes WHERE code = '0450'",
    );
    expect(revenue?.description).toMatch(/Emergency Room/);
  });

  it('does nothing the second time', async () => {
    const before = await counts();
    const started = performance.now();
    await loadReferenceData(db);
    expect(await counts()).toEqual(before);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
