/**
 * The aging reports agree with the ledger whatever is posted: random sequences of insurance
 * payments with contractual adjustments and patient shares, patient payments, write-offs and
 * reversals, all through the API, on both engines. After every step: the aged trial balance's
 * total is the sum of the claims' ledger rows, each claim's row is its own rows' sum, split
 * between payer and patient as the test reads the patient-responsibility markers, and in every
 * report (trial balance, by insurance, provider, patient) each row's buckets add up to its total
 * and the rows to the report's totals. fast-check draws the sequences; a failure names the seed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgingReportReply, AgingRow, AgingTotals } from '../../../../contract/agingReports.ts';
import type { SessionUser } from '../../../../contract/auth.ts';
import { AGING_BUCKETS } from '../../../../contract/claims.ts';
import { CLAIM_STATUS } from '../../../../contract/claimStatus.ts';
import { compactLedgerSums } from '../../ledger/sumCompaction.ts';
import { testEngines, type TestDatabase } from '../../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { giveTwoLines } from '../../../test/twoLineClaims.ts';

const RUNS = 2;
const SEED = 20_261_127;
const STEPS = 16;
const DRAWS = 300;
const DRAW_SCALE = 1_000_000;
const REPORTS = [
  'getAgedTrialBalanceReport',
  'getAgingByInsuranceReport',
  'getAgingByProviderReport',
  'getAgingByPatientReport',
] as const;

function drawsOf(numbers: readonly number[]) {
  let at = 0;
  const next = () => numbers[at++ % numbers.length] ?? 0;
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T };
}

/** A report's rows in one order whatever it was sorted by. */
const inRowOrder = (report: AgingReportReply) => ({
  ...report,
  rows: [...report.rows].sort((a, b) => `${a.owedBy}:${a.rowID}`.localeCompare(`${b.owedBy}:${b.rowID}`)),
});

const bucketSum = (figures: AgingRow | AgingTotals) =>
  AGING_BUCKETS.reduce((sum, bucket) => sum + figures.buckets[bucket], 0);

describe.each(testEngines)('the aging reports add up to the ledger on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let session: SessionUser;
  const groups: TestGroup[] = [];

  beforeAll(async () => {
    database = await engine.create();
    await database.db.query(
      `INSERT INTO adjustment_reason_codes (code, description) VALUES ('45', 'Charge exceeds fee schedule/maximum allowable.'), ('1', 'Deductible amount.'), ('2', 'Coinsurance amount.')
       ON CONFLICT (code) DO NOTHING`,
    );
    for (let run = 0; run < RUNS; run += 1) {
      const group = await createTestGroup(database.db, `Aging Figures ${run}`, { claims: 4 });
      await giveTwoLines(database.db, group.groupId, {
        claimStatus: CLAIM_STATUS.draft,
        lineControlPrefix: `AP${run}-`,
      });
      // Claims of different ages, one so old that the sums keep its day by month once folded.
      await database.db.query(
        `UPDATE claims SET dos_from = DATE '2026-11-20' - (ARRAY[10, 45, 100, 230])[claim_id % 4 + 1],
                           dos_to = DATE '2026-11-20' - (ARRAY[10, 45, 100, 230])[claim_id % 4 + 1] WHERE group_id = $1`,
        [group.groupId],
      );
      groups.push(group);
    }
    await createTestUser(database.db, 'aging-figures@example.test', { groupIds: groups.map((group) => group.groupId) });
    test = await createTestApp(database.db);
    session = await signIn(test, 'aging-figures@example.test');
  }, 120_000);

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const call = (method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) =>
    test.app.inject({
      method,
      url: `/api/${path}`,
      headers: bearer(session),
      ...(method === 'GET'
        ? { query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])) }
        : { payload: input }),
    });

  /** Every figure of every report for the group, against the ledger rows and against each other. */
  async function disagreements(group: TestGroup): Promise<string[]> {
    const problems: string[] = [];
    const same = (what: string, shown: unknown, wanted: unknown) => {
      if (JSON.stringify(shown) !== JSON.stringify(wanted))
        problems.push(`${what}: shows ${JSON.stringify(shown)}, the ledger says ${JSON.stringify(wanted)}`);
    };
    // The test's own reading of the ledger: each claim's rows summed, and those of lines carrying
    // a patient-responsibility marker that no reversal took back.
    const ledger = await database.db.query<{ claimID: number; balance: number; patient: number }>(
      `SELECT l.claim_id AS "claimID", sum(l.amount_cents)::bigint AS balance,
              coalesce(sum(l.amount_cents) FILTER (WHERE l.charge_id IN (
                SELECT m.charge_id FROM ledger_entries m WHERE m.entry_type = 'patient_responsibility'
                   AND m.ledger_id NOT IN (SELECT r.reverses_ledger_id FROM ledger_entries r WHERE r.reverses_ledger_id IS NOT NULL))), 0)::bigint AS patient
         FROM ledger_entries l WHERE l.group_id = $1 AND l.claim_id IS NOT NULL GROUP BY l.claim_id`,
      [group.groupId],
    );
    const owing = ledger.filter((claim) => claim.balance !== 0);
    const ledgerTotal = ledger.reduce((sum, claim) => sum + claim.balance, 0);
    for (const agingType of ['dos', 'posting'] as const)
      for (const path of REPORTS) {
        const query = { groupIDs: String(group.groupId), getAllData: 'true', agingType };
        const reply = await call('GET', `Reports/${path}`, query);
        // A balance range every claim falls in makes the report read each claim rather than the
        // sums kept per day, and a sort by claims counted groups every row before cutting the
        // page: those readings must give the same report, figure for figure, in their own order.
        const perClaim = await call('GET', `Reports/${path}`, { ...query, fromBalance: -1e12, toBalance: 1e12 });
        const grouped = await call('GET', `Reports/${path}`, { ...query, sortColumn: 'claimCount' });
        if (reply.statusCode !== 200 || perClaim.statusCode !== 200 || grouped.statusCode !== 200) {
          problems.push(`${path}: ${reply.body} / ${perClaim.body} / ${grouped.body}`);
          continue;
        }
        const report = reply.json<AgingReportReply>();
        same(`${path} by ${agingType}, from the sums and claim by claim`, report, perClaim.json<AgingReportReply>());
        // Pages of two rows are the rows of the whole report, in its order.
        const paged: AgingRow[] = [];
        for (const pageNumber of [1, 2]) {
          const page = await call('GET', `Reports/${path}`, { ...query, getAllData: 'false', pageSize: 2, pageNumber });
          paged.push(...page.json<AgingReportReply>().rows);
        }
        same(`${path} by ${agingType}, in pages of two`, paged, report.rows.slice(0, 4));
        same(
          `${path} by ${agingType}, its page cut first and every row grouped first`,
          inRowOrder(report),
          inRowOrder(grouped.json<AgingReportReply>()),
        );
        checkReport(path, report);
      }
    return problems;

    function checkReport(path: (typeof REPORTS)[number], report: AgingReportReply): void {
      same(`${path} total`, report.totals.total, ledgerTotal);
      same(`${path} totals' buckets`, bucketSum(report.totals), report.totals.total);
      same(
        `${path} rows added up`,
        report.rows.reduce((sum, row) => sum + row.total, 0),
        report.totals.total,
      );
      same(`${path} row count`, report.rows.length, report.total);
      for (const row of report.rows) {
        same(`${path} ${row.label} buckets`, bucketSum(row), row.total);
        same(`${path} ${row.label} split`, row.insuranceCents + row.patientCents, row.total);
      }
      if (path === 'getAgedTrialBalanceReport') {
        same(
          'trial balance claims',
          report.rows.map((row) => row.rowID).sort((a, b) => (a ?? 0) - (b ?? 0)),
          owing.map((claim) => claim.claimID).sort((a, b) => a - b),
        );
        for (const claim of owing) {
          const row = report.rows.find((each) => each.rowID === claim.claimID);
          same(`claim ${claim.claimID}`, row && [row.total, row.patientCents], [claim.balance, claim.patient]);
        }
      }
      if (path === 'getAgingByInsuranceReport') {
        const patients = report.rows.find((row) => row.owedBy === 'patient')?.total ?? 0;
        same(
          'what patients owe',
          patients,
          owing.reduce((sum, claim) => sum + claim.patient, 0),
        );
      }
    }
  }

  async function runSequence(group: TestGroup, random: ReturnType<typeof drawsOf>, run: number) {
    const done: Record<string, number> = { insurance: 0, patient: 0, 'write-off': 0, reverse: 0 };
    const openLines = () =>
      database.db.query<{ chargeID: number; claimID: number; balance: number }>(
        `SELECT ch.charge_id AS "chargeID", ch.claim_id AS "claimID", ch.balance_cents AS balance FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
          WHERE c.group_id = $1 AND ch.balance_cents > 0 AND ch.charge_status = 'active' ORDER BY ch.charge_id`,
        [group.groupId],
      );
    for (let step = 1; step <= STEPS; step += 1) {
      const action = random.pick(['insurance', 'insurance', 'patient', 'write-off', 'reverse'] as const);
      const where = `sequence ${run} (fast-check seed ${SEED}), step ${step} (${action})`;
      const open = await openLines();
      let reply: Awaited<ReturnType<typeof call>> | null = null;
      if (action === 'insurance' && open.length > 0) {
        const claimID = random.pick(open).claimID;
        const lines = open
          .filter((line) => line.claimID === claimID && random.next() < 0.8)
          .map((line) => {
            const paid = random.int(0, line.balance);
            const co = random.int(0, line.balance - paid);
            const pr = random.next() < 0.5 ? random.int(1, Math.max(1, line.balance - paid - co)) : 0;
            return {
              chargeID: line.chargeID,
              paid,
              adjustments: [
                ...(co > 0 ? [{ group: 'CO', reason: '45', amount: co }] : []),
                ...(pr > 0 ? [{ group: 'PR', reason: random.pick(['1', '2']), amount: pr }] : []),
              ],
            };
          });
        if (lines.length > 0)
          reply = await call('POST', 'AddEditClaim/saveInsurancePayments', {
            claimID,
            reference: `AG${run}-${step}`,
            lines,
            bypassWarningsID: 1,
          });
      } else if (action === 'patient' && open.length > 0) {
        const line = random.pick(open);
        reply = await call('POST', 'AddEditClaim/savePatientPayments', {
          patientID: group.patientId,
          method: 'cash',
          applications: [{ chargeID: line.chargeID, amount: random.int(1, line.balance) }],
        });
      } else if (action === 'write-off') {
        const owing = await database.db.query<{ claimID: number; balance: number }>(
          'SELECT claim_id AS "claimID", balance_cents AS balance FROM claims WHERE group_id = $1 AND balance_cents > 0 ORDER BY claim_id',
          [group.groupId],
        );
        if (owing.length > 0) {
          const claim = random.pick(owing);
          reply = await call('POST', 'AddEditClaim/saveWriteOffByID', {
            claimID: claim.claimID,
            amountCents: random.int(1, claim.balance),
            reasonID: random.int(1, 6),
          });
        }
      } else if (action === 'reverse') {
        const reversible = await database.db.query<{ ledgerID: number }>(
          `SELECT l.ledger_id AS "ledgerID" FROM ledger_entries l
            WHERE l.group_id = $1 AND l.entry_type IN ('insurance_payment', 'patient_payment', 'contractual_adjustment', 'write_off') AND l.amount_cents <> 0
              AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)
            ORDER BY l.ledger_id`,
          [group.groupId],
        );
        if (reversible.length > 0)
          reply = await call('POST', 'AddEditClaim/reversePaymentLedger', {
            ledgerID: random.pick(reversible).ledgerID,
          });
      }
      if (reply === null) continue;
      expect(reply.statusCode, `${where}: ${reply.body}`).toBe(200);
      done[action] = (done[action] ?? 0) + 1;
      // The sums kept per day are folded now and then, as the server does: no figure may move.
      if (random.next() < 0.3) await compactLedgerSums(database.db);
      expect(await disagreements(group), where).toEqual([]);
    }
    return done;
  }

  it('keeps every aging figure equal to the ledger through sequences fast-check draws', async () => {
    let run = 0;
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.noBias(fc.array(fc.integer({ min: 0, max: DRAW_SCALE - 1 }), { minLength: DRAWS, maxLength: DRAWS })),
        async (draws) => {
          const group = groups[run] as TestGroup;
          const done = await runSequence(group, drawsOf(draws.map((draw) => draw / DRAW_SCALE)), run);
          run += 1;
          for (const [kind, count] of Object.entries(done)) kinds.set(kind, (kinds.get(kind) ?? 0) + count);
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(Math.min(...kinds.values()), JSON.stringify(Object.fromEntries(kinds))).toBeGreaterThan(0);
    // Some payer passed part of a line to the patient, so the split was exercised.
    const [marked] = await database.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE entry_type = 'patient_responsibility'",
    );
    expect(marked?.n ?? 0).toBeGreaterThan(0);
  }, 240_000);
});
