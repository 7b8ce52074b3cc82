import type { Queryable } from '../db/types.ts';
import { fiscalYearOf } from '../reference/fiscalYear.ts';
import { FALLBACK_DIAGNOSES, templateDiagnosisCodes, type DxAlternatives } from './visits.ts';

/**
 * Which of the curated diagnosis codes are billable in which fiscal year, read from icd_codes: a
 * code billable in FY2026 can be a header in FY2027 (I42.0, M72.2), and a claim must carry codes
 * valid on its date of service.
 */
export class DiagnosisCodes {
  private constructor(
    private readonly billable: ReadonlyMap<number, ReadonlySet<string>>,
    private readonly fallback: ReadonlyMap<number, readonly string[]>,
  ) {}

  get fiscalYears(): number[] {
    return [...this.fallback.keys()].sort((a, b) => a - b);
  }

  /** The first alternative billable on `dos`, or null. */
  resolve(alternatives: DxAlternatives, dos: string): string | null {
    const codes = this.billable.get(fiscalYearOf(dos));
    const list = typeof alternatives === 'string' ? [alternatives] : alternatives;
    return list.find((code) => codes?.has(code)) ?? null;
  }

  /** Billable codes to use when none of a template's diagnoses is billable on `dos`. */
  fallbackFor(dos: string): readonly string[] {
    const list = this.fallback.get(fiscalYearOf(dos));
    if (!list || list.length === 0)
      throw new Error(`No billable ICD-10-CM codes loaded for fiscal year ${fiscalYearOf(dos)}.`);
    return list;
  }

  static async load(q: Queryable): Promise<DiagnosisCodes> {
    const wanted = [...new Set([...templateDiagnosisCodes(), ...FALLBACK_DIAGNOSES])];
    const rows = await q.query<{ code: string; fiscal_year: number }>(
      'SELECT code, fiscal_year FROM icd_codes WHERE billable AND code = ANY($1::text[]) ORDER BY fiscal_year, code',
      [wanted],
    );
    const billable = new Map<number, Set<string>>();
    for (const row of rows) billable.set(row.fiscal_year, (billable.get(row.fiscal_year) ?? new Set()).add(row.code));

    const years = await q.query<{ fiscal_year: number }>(
      'SELECT DISTINCT fiscal_year FROM icd_codes WHERE billable ORDER BY fiscal_year',
    );
    const fallback = new Map<number, string[]>();
    for (const { fiscal_year: year } of years) {
      let list = FALLBACK_DIAGNOSES.filter((code) => billable.get(year)?.has(code));
      if (list.length === 0) {
        // None of the common codes is billable that year: any billable codes of the year will do.
        list = (
          await q.query<{ code: string }>(
            'SELECT code FROM icd_codes WHERE billable AND fiscal_year = $1 ORDER BY code LIMIT 20',
            [year],
          )
        ).map((row) => row.code);
      }
      fallback.set(year, list);
    }
    return new DiagnosisCodes(billable, fallback);
  }
}
