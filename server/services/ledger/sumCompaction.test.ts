/**
 * The ledger's sums are insert-only: on PostgreSQL two postings of one practice on one day, in
 * transactions open at once, do not wait on each other, and two first payments (or first charges)
 * of one claim at once count the claim once. Compaction folds each table to one row per key and
 * leaves every figure the readers give as it was, and on PostgreSQL loses nothing beside a posting
 * still open or another compaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../db/types.ts';
import { testEngines } from '../../test/engines.ts';
import { remitWorld, type RemitWorld } from '../era/remitTestKit.ts';
import { compactAndVacuumLedgerSums, compactLedgerSums, SUM_TABLES } from './sumCompaction.ts';

const DAY = '2026-02-04';

describe.each(testEngines)('the ledger sums kept insert-only, on $name', (engine) => {
  let world: RemitWorld;

  beforeAll(async () => {
    world = await remitWorld(engine, 'sum-rows@example.test');
  });
  afterAll(async () => world?.close());

  const postSql = (claimID: number, entryType: string, cents: number, day: string, reverses: number | null = null) =>
    `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, entry_type, amount_cents, posting_date, reverses_ledger_id)
     SELECT group_id, practice_id, patient_id, claim_id, '${entryType}', ${cents}, DATE '${day}', ${reverses ?? 'NULL'}
       FROM claims WHERE claim_id = ${claimID} RETURNING ledger_id AS id`;
  const post = async (
    q: Queryable,
    claimID: number,
    entryType: string,
    cents: number,
    day: string,
    reverses: number | null = null,
  ) => {
    const [row] = await q.query<{ id: number }>(postSql(claimID, entryType, cents, day, reverses));
    return Number(row?.id);
  };
  /** A submitted claim of the group with one line, its charge posted on 2026-01-15, submitted on 2026-01-16. */
  const submittedClaim = async (cents: number) => {
    const { claimID } = await world.claimWith([cents]);
    await world.db.query("UPDATE claims SET submitted_at = TIMESTAMPTZ '2026-01-16 12:00:00Z' WHERE claim_id = $1", [
      claimID,
    ]);
    return claimID;
  };
  /** Another claim like `claimID`, with no ledger rows yet. */
  const bareClaim = async (claimID: number) => {
    const [row] = await world.db.query<{ id: number }>(
      `INSERT INTO claims (group_id, practice_id, patient_id, patient_name, insurance_id, provider_id, claim_status_id, scrub_status_id,
                           submit_status_id, dos_from, dos_to, total_charge_cents, balance_cents, submitted_at)
       SELECT group_id, practice_id, patient_id, patient_name, insurance_id, provider_id, claim_status_id, scrub_status_id,
              submit_status_id, dos_from, dos_to, 0, 0, submitted_at
         FROM claims WHERE claim_id = $1 RETURNING claim_id AS id`,
      [claimID],
    );
    return Number(row?.id);
  };

  /** Per table, each key's sums as the readers add them up. */
  const sumsByKey = async () => {
    const tables: Record<string, unknown[]> = {};
    for (const { table, keys: all, sums } of SUM_TABLES) {
      // Aging's days long in the 120+ bucket move to their month's first day when folded.
      const keys = table === 'aging_sums' ? all.filter((key) => key !== 'aged_from') : all;
      tables[table] = await world.db.query(
        `SELECT ${keys.join(', ')}, ${sums.map((column) => `sum(${column})::bigint AS ${column}`).join(', ')}
           FROM ${table} GROUP BY ${keys.join(', ')} HAVING ${sums.map((column) => `sum(${column}) <> 0`).join(' OR ')}
          ORDER BY ${keys.join(', ')}`,
      );
    }
    return tables;
  };
  /** Per table, the most rows one key has. */
  const rowsPerKey = async () => {
    const most: Record<string, number> = {};
    for (const { table, keys } of SUM_TABLES) {
      const [row] = await world.db.query<{ most: number | null }>(
        `SELECT max(n)::int AS most FROM (SELECT count(*) AS n FROM ${table} GROUP BY ${keys.join(', ')}) k`,
      );
      most[table] = row?.most ?? 0;
    }
    return most;
  };
  /** The day sums as the ledger gives them (migration 0041's first fill), beside what is kept. */
  const daySumsAgainstLedger = async () =>
    world.db.query<{ kept: string | null; ledger: string | null }>(
      `WITH ledger AS (
         SELECT l.practice_id, l.posting_date, l.entry_type, coalesce(o.entry_type, '') AS reversed_type,
                sum(l.amount_cents)::bigint AS amount_cents, count(*)::bigint AS entries,
                count(*) FILTER (WHERE l.ledger_id = (SELECT min(f.ledger_id) FROM ledger_entries f
                                                        WHERE f.claim_id = l.claim_id AND f.entry_type = 'charge'))::bigint AS claims_billed
           FROM ledger_entries l LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id
          WHERE l.claim_id IS NOT NULL GROUP BY 1, 2, 3, 4
       ), kept AS (
         SELECT practice_id, posting_date, entry_type, reversed_type,
                sum(amount_cents)::bigint AS amount_cents, sum(entries)::bigint AS entries, sum(claims_billed)::bigint AS claims_billed
           FROM ledger_day_sums GROUP BY 1, 2, 3, 4
       )
       SELECT row_to_json(k)::text AS kept, row_to_json(l)::text AS ledger
         FROM kept k FULL JOIN ledger l USING (practice_id, posting_date, entry_type, reversed_type)
        WHERE row_to_json(k)::text IS DISTINCT FROM row_to_json(l)::text`,
    );

  /** Every figure the readers of the sums give: the dashboard's money widgets, expected payments and the monthly summary. */
  const readerFigures = async () => {
    const groupID = world.group.groupId;
    const read = async (path: string, input: Record<string, unknown>) => {
      const reply = await world.call('GET', path, input);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<unknown>();
    };
    const year = { groupID, fromPostingDate: '2026-01-01', toPostingDate: '2026-12-31' };
    return {
      days: await read('ARDashboard/getCollectedAmountsData', {
        groupID,
        fromPostingDate: '2026-01-10',
        toPostingDate: '2026-03-10',
      }),
      months: await read('ARDashboard/getCollectedAmountsData', year),
      charges: await read('ARDashboard/getAverageChargeAmount', year),
      revenue: await read('ARDashboard/getAverageClaimsRevenue', year),
      arDays: await read('ARDashboard/getARSByData', { groupID, periodDays: 365 }),
      expected: await read('ARDashboard/getExpectedPaymentsByDay', { groupID }),
      summary: await read('Reports/getmonthlySummaryDevelopmemt', {
        groupID,
        fromDate: '2026-01-01',
        toDate: '2026-12-31',
      }),
    };
  };

  it('folds every table to one row per key and leaves every figure the readers give as it was', async () => {
    // Several posting statements per key: three charges on 2026-01-15, two first payments of the
    // same payer after the same days, a payment reversed, a patient payment and a refund.
    const first = await submittedClaim(10_000);
    const second = await submittedClaim(20_000);
    const third = await submittedClaim(5_000);
    await post(world.db, first, 'insurance_payment', -6_000, DAY);
    await post(world.db, first, 'contractual_adjustment', -1_000, DAY);
    await post(world.db, second, 'insurance_payment', -15_000, DAY);
    const paid = await post(world.db, third, 'insurance_payment', -5_000, '2026-02-20');
    await post(world.db, third, 'reversal', 5_000, '2026-02-21', paid);
    await post(world.db, first, 'patient_payment', -500, '2026-03-03');
    await post(world.db, first, 'patient_payment', -700, '2026-03-03');
    await post(world.db, first, 'refund', 200, '2026-03-05');
    await post(world.db, first, 'charge', 1_000, '2026-03-05');

    const most = await rowsPerKey();
    for (const { table } of SUM_TABLES) expect(most[table], table).toBeGreaterThan(1);
    const sums = await sumsByKey();
    const figures = await readerFigures();
    expect(await daySumsAgainstLedger()).toEqual([]);

    const folded = await compactLedgerSums(world.db);
    for (const { table } of SUM_TABLES) expect(folded[table], table).toBeGreaterThan(0);
    for (const { table } of SUM_TABLES) expect((await rowsPerKey())[table], table).toBe(1);
    expect(await sumsByKey()).toEqual(sums);
    expect(await readerFigures()).toEqual(figures);
    expect(await daySumsAgainstLedger()).toEqual([]);
    // Nothing left to fold; small batches fold the same way.
    expect(Object.values(await compactLedgerSums(world.db))).toEqual(SUM_TABLES.map(() => 0));

    await post(world.db, second, 'patient_payment', -300, '2026-03-03');
    await post(world.db, second, 'patient_payment', -400, '2026-03-03');
    await post(world.db, third, 'charge', 700, '2026-03-05');
    const more = await readerFigures();
    expect(more).not.toEqual(figures);
    await compactLedgerSums(world.db, 2);
    for (const { table } of SUM_TABLES) expect((await rowsPerKey())[table], table).toBe(1);
    expect(await readerFigures()).toEqual(more);
    expect(await daySumsAgainstLedger()).toEqual([]);
  });

  it('vacuums what it folded, as the server runs it: the embedded engine has no autovacuum', async () => {
    const claimID = await submittedClaim(2_500);
    await post(world.db, claimID, 'patient_payment', -100, '2026-04-02');
    await post(world.db, claimID, 'patient_payment', -200, '2026-04-02');
    const figures = await readerFigures();
    const folded = await compactAndVacuumLedgerSums(world.db);
    expect(folded.ledger_day_sums).toBeGreaterThan(0);
    const [stats] = await world.db.query<{ vacuumed: boolean }>(
      "SELECT last_vacuum IS NOT NULL AS vacuumed FROM pg_stat_user_tables WHERE relname = 'ledger_day_sums'",
    );
    expect(stats?.vacuumed).toBe(true);
    for (const { table } of SUM_TABLES) expect((await rowsPerKey())[table], table).toBe(1);
    expect(await readerFigures()).toEqual(figures);
  });

  it.runIf(engine.name === 'postgres')(
    'lets two postings of one practice on one day go through while both are open',
    async () => {
      const [left, right] = [await submittedClaim(4_000), await submittedClaim(3_000)];
      const other: Db = await world.database.reopen();
      try {
        await world.db.transaction(async (open) => {
          await post(open, left, 'insurance_payment', -2_000, '2026-04-01');
          await post(open, left, 'charge', 100, '2026-04-01');
          // Each would fail with a lock timeout if it queued behind the first's uncommitted sum rows:
          // the same practice, day and kinds, the same payer after the same days.
          await other.transaction(async (tx) => {
            await tx.query("SET LOCAL lock_timeout = '2s'");
            await tx.query(
              `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, entry_type, amount_cents, posting_date)
               SELECT group_id, practice_id, patient_id, claim_id, d.entry_type, d.cents, DATE '2026-04-01'
                 FROM claims, (VALUES ('insurance_payment', -1000), ('charge', 200)) AS d (entry_type, cents) WHERE claim_id = $1`,
              [right],
            );
          });
        });
      } finally {
        await other.close();
      }
      const [lags] = await world.db.query<{ claims: number; paid: number }>(
        `SELECT sum(claims)::int AS claims, sum(paid_cents)::int AS paid FROM payer_payment_lags
          WHERE practice_id = $1 AND lag_days = DATE '2026-04-01' - DATE '2026-01-16'`,
        [world.group.practiceId],
      );
      expect(lags).toEqual({ claims: 2, paid: 3_000 });
      expect(await daySumsAgainstLedger()).toEqual([]);
    },
  );

  it.runIf(engine.name === 'postgres')(
    'counts a claim once when two first payments, or two first charges, of it are posted at once',
    async () => {
      const claimID = await submittedClaim(9_000);
      const fresh = await bareClaim(claimID);
      // Only this trigger's own claim lock may order the two: the ledger's other triggers (one
      // upserts the claim's aging row, which would make the second wait too) are off meanwhile.
      const others = await world.db.query<{ name: string; enabled: string }>(
        `SELECT tgname AS name, tgenabled AS enabled FROM pg_trigger
          WHERE tgrelid = 'ledger_entries'::regclass AND NOT tgisinternal AND tgname <> 'ledger_entries_day_sums'`,
      );
      const mode = { O: 'ENABLE', A: 'ENABLE ALWAYS', R: 'ENABLE REPLICA', D: 'DISABLE' } as Record<string, string>;
      for (const { name } of others) await world.db.query(`ALTER TABLE ledger_entries DISABLE TRIGGER "${name}"`);
      const other: Db = await world.database.reopen();
      try {
        let second: Promise<void> = Promise.resolve();
        await world.db.transaction(async (open) => {
          await post(open, claimID, 'insurance_payment', -4_000, '2026-05-01');
          await post(open, fresh, 'charge', 800, '2026-05-02');
          // Neither writer locked the claim first: the trigger does, so the second waits for the first
          // to commit. Its payment is of another day (no sum row in common with the first's) and its
          // charge of the same day (the same sum row), each the first statement to touch its claim.
          second = other.transaction(async (tx) => {
            await post(tx, claimID, 'insurance_payment', -1_000, '2026-05-03');
            await post(tx, fresh, 'charge', 900, '2026-05-02');
          });
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
        await second;
      } finally {
        await other.close();
        for (const { name, enabled } of others)
          await world.db.query(`ALTER TABLE ledger_entries ${mode[enabled] ?? 'ENABLE'} TRIGGER "${name}"`);
      }
      const [lags] = await world.db.query<{ claims: number; paid: number }>(
        `SELECT sum(claims)::int AS claims, sum(paid_cents)::int AS paid FROM payer_payment_lags
          WHERE practice_id = $1 AND lag_days IN (DATE '2026-05-01' - DATE '2026-01-16', DATE '2026-05-03' - DATE '2026-01-16')`,
        [world.group.practiceId],
      );
      expect(lags).toEqual({ claims: 1, paid: 4_000 });
      const [billed] = await world.db.query<{ billed: number }>(
        "SELECT sum(claims_billed)::int AS billed FROM ledger_day_sums WHERE practice_id = $1 AND posting_date = DATE '2026-05-02'",
        [world.group.practiceId],
      );
      expect(billed?.billed).toBe(1);
      expect(await daySumsAgainstLedger()).toEqual([]);
    },
  );

  it.runIf(engine.name === 'postgres')(
    'loses nothing when it runs beside a posting still open or another compaction',
    async () => {
      const claimID = await submittedClaim(6_000);
      await post(world.db, claimID, 'patient_payment', -100, '2026-06-01');
      await post(world.db, claimID, 'patient_payment', -200, '2026-06-01');
      const other: Db = await world.database.reopen();
      const third: Db = await world.database.reopen();
      try {
        // A posting still open: its rows are not folded, and the compaction does not wait for it.
        await world.db.transaction(async (open) => {
          await post(open, claimID, 'patient_payment', -300, '2026-06-01');
          await post(open, claimID, 'charge', 50, '2026-01-15');
          await other.transaction(async (tx) => {
            await tx.query("SET LOCAL lock_timeout = '2s'");
            await compactLedgerSums(tx);
          });
        });
        expect(await daySumsAgainstLedger()).toEqual([]);
        const sums = await sumsByKey();

        // Two compactions at once: the second skips the rows the first holds, and waits for none.
        await post(world.db, claimID, 'patient_payment', -400, '2026-06-01');
        await post(world.db, claimID, 'charge', 60, '2026-01-15');
        const after = await sumsByKey();
        expect(after).not.toEqual(sums);
        await other.transaction(async (holding) => {
          await compactLedgerSums(holding);
          await third.transaction(async (tx) => {
            await tx.query("SET LOCAL lock_timeout = '2s'");
            await post(tx, claimID, 'patient_payment', -500, '2026-06-01');
            await compactLedgerSums(tx);
          });
        });
      } finally {
        await other.close();
        await third.close();
      }
      expect(await daySumsAgainstLedger()).toEqual([]);
      const [june] = await world.db.query<{ cents: number }>(
        "SELECT sum(amount_cents)::int AS cents FROM ledger_day_sums WHERE practice_id = $1 AND posting_date = DATE '2026-06-01'",
        [world.group.practiceId],
      );
      expect(june?.cents).toBe(-1_500);
      const before = await sumsByKey();
      await compactLedgerSums(world.db);
      for (const { table } of SUM_TABLES) expect((await rowsPerKey())[table], table).toBe(1);
      expect(await sumsByKey()).toEqual(before);
      expect(await daySumsAgainstLedger()).toEqual([]);
    },
  );
});
