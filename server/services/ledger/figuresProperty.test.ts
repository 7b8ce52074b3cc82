/**
 * Every screen's figures agree, and agree with the ledger: random sequences of charges, insurance
 * payments (paper EOBs, some through a payment batch), patient payments (some through a batch),
 * advance payments added, applied, refunded and reversed, write-offs and ledger reversals, all
 * through the API, on both engines. After every step, for each claim: the header, its lines, its
 * charges pane, its ledger list and its financial summary against each other and against the
 * ledger rows summed here by the test's own reading of them; the patient's header and ledger
 * likewise; each payment batch's posted money on the reconciliation screen and the batch list
 * against its rows. fast-check draws the sequences (every choice of a step is one of its
 * numbers); a failure names the seed, the sequence and the step.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvancePaymentAddedReply } from '../../../contract/advancePayments.ts';
import type { SessionUser } from '../../../contract/auth.ts';
import type { PaymentBatchListReply, ReconciliationReply } from '../../../contract/batches.ts';
import type { ChargesReply, ClaimDetailReply } from '../../../contract/claimDetail.ts';
import type { ClaimFinancialReply, FigureKind } from '../../../contract/claimFinancial.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { LedgerEntryType, PaymentLedgersReply } from '../../../contract/ledger.ts';
import type { PatientInfoReply } from '../../../contract/patients.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { giveTwoLines } from '../../test/twoLineClaims.ts';

const RUNS = 3;
const SEED = 20_261_126;
const STEPS = 30;
const DRAWS = 400;
const DRAW_SCALE = 1_000_000;

function drawsOf(numbers: readonly number[]) {
  let at = 0;
  const next = () => numbers[at++ % numbers.length] ?? 0;
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T };
}

interface RawRow {
  ledgerID: number;
  claimID: number | null;
  chargeID: number | null;
  entryType: LedgerEntryType;
  amount: number;
  reversesLedgerID: number | null;
  paymentBatchID: number | null;
}

/**
 * The test's own reading of the rows, written apart from the server's: a row counts as the kind of
 * row it is, a reversal as the kind of row it reverses. Charges and refunds raise the balance;
 * what is received, adjusted or written off lowers it.
 */
function kindOf(row: RawRow, byID: ReadonlyMap<number, RawRow>): FigureKind {
  const kind =
    row.entryType === 'reversal' ? (byID.get(row.reversesLedgerID ?? 0)?.entryType ?? 'adjustment') : row.entryType;
  if (kind === 'charge') return 'charges';
  if (kind === 'insurance_payment') return 'insurancePaid';
  if (kind === 'patient_payment' || kind === 'advance_application' || kind === 'advance_payment') return 'patientPaid';
  if (kind === 'refund') return 'refunds';
  if (kind === 'write_off') return 'writeOffs';
  if (kind === 'contractual_adjustment') return 'contractualAdjustments';
  return 'otherAdjustments';
}

/** What the rows say, summed by the test: each figure, paid and adjusted as a header shows them, the balance. */
function expected(rows: readonly RawRow[], byID: ReadonlyMap<number, RawRow>) {
  const sums: Record<FigureKind, number> = {
    charges: 0,
    insurancePaid: 0,
    patientPaid: 0,
    contractualAdjustments: 0,
    writeOffs: 0,
    otherAdjustments: 0,
    refunds: 0,
  };
  let balance = 0;
  let reversals = 0;
  for (const row of rows) {
    const kind = kindOf(row, byID);
    sums[kind] += kind === 'charges' || kind === 'refunds' ? row.amount : -row.amount;
    balance += row.amount;
    if (row.entryType === 'reversal') reversals += Math.abs(row.amount);
  }
  const paid = sums.insurancePaid + sums.patientPaid - sums.refunds;
  const adjusted = sums.contractualAdjustments + sums.writeOffs + sums.otherAdjustments;
  return { ...sums, reversals, balance, paid, adjusted };
}

describe.each(testEngines)('every screen’s figures come from the ledger and agree on $name', (engine) => {
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
      const group = await createTestGroup(database.db, `Figures ${run}`, { claims: 3 });
      // Drafts never sent, so lines can still be added; one diagnosis for the new lines to point at.
      await giveTwoLines(database.db, group.groupId, {
        claimStatus: CLAIM_STATUS.draft,
        lineControlPrefix: `F${run}-`,
      });
      await database.db.query(
        "INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) SELECT claim_id, 1, 'E119' FROM claims WHERE group_id = $1",
        [group.groupId],
      );
      groups.push(group);
    }
    await createTestUser(database.db, 'figures@example.test', { groupIds: groups.map((group) => group.groupId) });
    test = await createTestApp(database.db);
    session = await signIn(test, 'figures@example.test');
  });

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
  const read = async <T>(path: string, input: Record<string, unknown>): Promise<T> => {
    const reply = await call('GET', path, input);
    expect(reply.statusCode, `${path}: ${reply.body}`).toBe(200);
    return reply.json<T>();
  };

  /** A paper EOB posted with its warnings accepted (the confirmation a biller gives on screen). */
  function postEob(payload: Record<string, unknown>) {
    return call('POST', 'AddEditClaim/saveInsurancePayments', { ...payload, bypassWarningsID: 1 });
  }

  /** Every figure the screens show for the group's claims, patient and batches, against the rows and each other. */
  async function disagreements(group: TestGroup, batchIDs: readonly number[]): Promise<string[]> {
    const problems: string[] = [];
    const same = (what: string, shown: unknown, wanted: unknown) => {
      if (JSON.stringify(shown) !== JSON.stringify(wanted))
        problems.push(`${what}: shows ${JSON.stringify(shown)}, the ledger says ${JSON.stringify(wanted)}`);
    };
    const rows = await database.db.query<RawRow>(
      `SELECT ledger_id AS "ledgerID", claim_id AS "claimID", charge_id AS "chargeID", entry_type AS "entryType", amount_cents AS amount,
              reverses_ledger_id AS "reversesLedgerID", payment_batch_id AS "paymentBatchID"
         FROM ledger_entries WHERE group_id = $1 ORDER BY ledger_id`,
      [group.groupId],
    );
    const byID = new Map(rows.map((row) => [row.ledgerID, row]));

    for (const claimID of group.claimIds) {
      const ofClaim = rows.filter((row) => row.claimID === claimID);
      const want = expected(ofClaim, byID);
      const [stored] = await database.db.query<{ balance: number }>(
        'SELECT balance_cents AS balance FROM claims WHERE claim_id = $1',
        [claimID],
      );
      const detail = await read<ClaimDetailReply>('Claims/getClaimDetailData', { claimID });
      const charges = await read<ChargesReply>('Claims/getChargesData', { claimID });
      const ledger = await read<PaymentLedgersReply>('Claims/getPaymentLedgers', { claimID });
      const financial = await read<ClaimFinancialReply>('AddEditClaim/getClaimFinancial', { claimID });
      const { header } = detail;
      const at = `claim ${claimID}`;

      same(
        `${at} header`,
        [header.totalCharges, header.paid, header.adjusted, header.balance],
        [want.charges, want.paid, want.adjusted, want.balance],
      );
      same(`${at} stored balance`, stored?.balance, want.balance);
      same(`${at} charges pane`, [charges.charges, charges.balance], [detail.charges, want.balance]);
      for (const line of detail.charges) {
        const lineWant = expected(
          ofClaim.filter((row) => row.chargeID === line.chargeID),
          byID,
        );
        same(
          `${at} line ${line.lineNumber}`,
          [line.paid, line.adjusted, line.balance, line.insurancePaid, line.patientPaid],
          [lineWant.paid, lineWant.adjusted, lineWant.balance, lineWant.insurancePaid, lineWant.patientPaid],
        );
        const summary = financial.lines.find((each) => each.chargeID === line.chargeID)?.figures;
        same(
          `${at} line ${line.lineNumber} in the financial summary`,
          summary && [summary.insurancePaid, summary.patientPaid, summary.balance],
          [line.insurancePaid, line.patientPaid, line.balance],
        );
      }
      const sumOf = (key: 'paid' | 'adjusted' | 'balance') => detail.charges.reduce((sum, line) => sum + line[key], 0);
      same(
        `${at} lines added up`,
        [sumOf('paid'), sumOf('adjusted'), sumOf('balance')],
        [header.paid, header.adjusted, header.balance],
      );

      const { totals } = financial;
      same(
        `${at} financial summary`,
        [
          totals.charges,
          totals.insurancePaid,
          totals.patientPaid,
          totals.contractualAdjustments,
          totals.writeOffs,
          totals.otherAdjustments,
          totals.refunds,
          totals.reversals,
          totals.balance,
        ],
        [
          want.charges,
          want.insurancePaid,
          want.patientPaid,
          want.contractualAdjustments,
          want.writeOffs,
          want.otherAdjustments,
          want.refunds,
          want.reversals,
          want.balance,
        ],
      );
      same(`${at} financial summary agrees with its books`, [financial.balanced, financial.problems], [true, []]);

      same(
        `${at} ledger list rows`,
        ledger.rows.map((row) => row.ledgerID).sort((a, b) => a - b),
        ofClaim.map((row) => row.ledgerID),
      );
      same(
        `${at} ledger list rows summed`,
        ledger.rows.reduce((sum, row) => sum + row.amount, 0),
        want.balance,
      );
      same(
        `${at} ledger list's figure of each row`,
        ledger.rows.map((row) => [row.ledgerID, row.figure]).sort(([a], [b]) => Number(a) - Number(b)),
        ofClaim.map((row) => [row.ledgerID, kindOf(row, byID)]),
      );
      same(`${at} ledger list's figures`, ledger.figures, totals);
    }

    const patientWant = expected(rows, byID);
    const patient = await read<PatientInfoReply>('Patient/getPatientInfoByID', { patientID: group.patientId });
    const patientLedger = await read<PaymentLedgersReply>('Claims/getPaymentLedgers', { patientID: group.patientId });
    same(
      'patient header',
      [patient.totals.charges, patient.totals.paid, patient.totals.adjusted, patient.totals.balance],
      [patientWant.charges, patientWant.paid, patientWant.adjusted, patientWant.balance],
    );
    same(
      'patient ledger',
      [patientLedger.figures.balance, patientLedger.rows.reduce((sum, row) => sum + row.amount, 0)],
      [patientWant.balance, patientWant.balance],
    );

    if (batchIDs.length > 0) {
      const deposits = (await read<ReconciliationReply>('Claims/getPaymentReconsilationProfileData', { pageSize: 500 }))
        .deposits;
      const batches = (await read<PaymentBatchListReply>('Batches/getPaymentBatches', { pageSize: 500 })).batches;
      for (const batchID of batchIDs) {
        const received = rows
          .filter(
            (row) => row.paymentBatchID === batchID && ['insurancePaid', 'patientPaid'].includes(kindOf(row, byID)),
          )
          .reduce((sum, row) => sum - row.amount, 0);
        same(
          `payment batch ${batchID} on the reconciliation screen`,
          deposits.find((deposit) => deposit.kind === 'batch' && deposit.depositID === batchID)?.posted,
          received,
        );
        same(
          `payment batch ${batchID} in the batch list`,
          batches.find((batch) => batch.paymentBatchID === batchID)?.posted,
          received,
        );
      }
    }
    return problems;
  }

  async function runSequence(
    group: TestGroup,
    random: ReturnType<typeof drawsOf>,
    run: number,
  ): Promise<Record<string, number>> {
    const done: Record<string, number> = {
      charge: 0,
      insurance: 0,
      patient: 0,
      advance: 0,
      apply: 0,
      refund: 0,
      'reverse advance': 0,
      'write-off': 0,
      reverse: 0,
    };
    const openLines = () =>
      database.db.query<{ chargeID: number; claimID: number; balance: number }>(
        `SELECT ch.charge_id AS "chargeID", ch.claim_id AS "claimID", ch.balance_cents AS balance FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id
          WHERE c.group_id = $1 AND ch.balance_cents > 0 AND ch.charge_status = 'active' ORDER BY ch.charge_id`,
        [group.groupId],
      );
    const advances = () =>
      database.db.query<{ advancePaymentID: number; unapplied: number; refunded: number }>(
        `SELECT a.advance_payment_id AS "advancePaymentID",
                coalesce(-sum(l.amount_cents) FILTER (WHERE l.charge_id IS NULL), 0)::bigint AS unapplied,
                coalesce(sum(l.amount_cents) FILTER (WHERE l.entry_type = 'refund'), 0)::bigint AS refunded
           FROM advance_payments a JOIN ledger_entries l ON l.advance_payment_id = a.advance_payment_id
          WHERE a.patient_id = $1 AND a.status = 'active' GROUP BY a.advance_payment_id ORDER BY a.advance_payment_id`,
        [group.patientId],
      );
    const batch = async (source: 'insurance' | 'patient', number: string) => {
      const reply = await call('POST', 'Batches/addPaymentBatchAndDocuments', {
        practiceID: group.practiceId,
        batchNumber: number,
        paymentSource: source,
        ...(source === 'insurance' ? { insuranceID: group.insuranceId } : {}),
        depositDate: '2026-11-20',
        total: 100_000,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<{ pkid: number }>().pkid;
    };
    const batches = {
      insurance: await batch('insurance', `FIG-${run}-I`),
      patient: await batch('patient', `FIG-${run}-P`),
    };
    const batchIDs = [batches.insurance, batches.patient];

    for (let step = 1; step <= STEPS; step += 1) {
      const action = random.pick([
        'charge',
        'insurance',
        'insurance',
        'patient',
        'advance',
        'apply',
        'apply',
        'refund',
        'reverse advance',
        'write-off',
        'reverse',
        'reverse',
      ] as const);
      const where = `sequence ${run} (fast-check seed ${SEED}), step ${step} (${action})`;
      const open = await openLines();
      let reply: Awaited<ReturnType<typeof call>> | null = null;
      if (action === 'charge') {
        reply = await call('POST', 'AddEditClaim/saveCharge', {
          claimID: random.pick(group.claimIds),
          cptCode: '99213',
          diagnosisPointers: [1],
          chargeCents: random.int(100, 40_000),
        });
      } else if (action === 'insurance' && open.length > 0) {
        const claimID = random.pick(open).claimID;
        const lines = open
          .filter((line) => line.claimID === claimID && random.next() < 0.8)
          .map((line) => {
            const paid = random.int(0, line.balance);
            const co = random.int(0, line.balance - paid);
            const pr = random.next() < 0.4 ? random.int(1, 5_000) : 0;
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
          reply = await postEob({
            claimID,
            reference: `EOB${run}-${step}`,
            lines,
            ...(random.next() < 0.5 ? { paymentBatchID: batches.insurance } : {}),
          });
      } else if (action === 'patient' && open.length > 0) {
        const line = random.pick(open);
        reply = await call('POST', 'AddEditClaim/savePatientPayments', {
          patientID: group.patientId,
          method: random.pick(['cash', 'check', 'card'] as const),
          applications: [{ chargeID: line.chargeID, amount: random.int(1, line.balance) }],
          ...(random.next() < 0.5 ? { paymentBatchID: batches.patient } : {}),
        });
      } else if (
        action === 'advance' ||
        ((action === 'apply' || action === 'refund' || action === 'reverse advance') && (await advances()).length === 0)
      ) {
        const added = await call('POST', 'Patient/savePatientAdvancePayments', {
          patientID: group.patientId,
          amount: random.int(100, 30_000),
          method: 'card',
        });
        expect(added.statusCode, `${where}: ${added.body}`).toBe(200);
        expect(added.json<AdvancePaymentAddedReply>().advancePaymentID).toBeGreaterThan(0);
        reply = added;
      } else if (action === 'apply' && open.length > 0) {
        const usable = (await advances()).filter((advance) => advance.unapplied > 0);
        if (usable.length > 0) {
          const advance = random.pick(usable);
          const line = random.pick(open);
          reply = await call('POST', 'AddEditClaim/applyAdvancePatientPayments', {
            advancePaymentID: advance.advancePaymentID,
            applications: [
              { chargeID: line.chargeID, amount: Math.min(advance.unapplied, random.int(1, line.balance)) },
            ],
          });
        }
      } else if (action === 'refund') {
        const refundable = (await advances()).filter((advance) => advance.unapplied > 0);
        if (refundable.length > 0) {
          const advance = random.pick(refundable);
          reply = await call(
            'POST',
            `Patient/refundAdvancePayment?advancePaymentID=${advance.advancePaymentID}&amount=${random.int(1, advance.unapplied)}`,
          );
        }
      } else if (action === 'reverse advance') {
        const reversible = (await advances()).filter((advance) => advance.refunded === 0);
        if (reversible.length > 0)
          reply = await call('GET', 'Patient/reverseAdvancePayment', {
            advancePaymentID: random.pick(reversible).advancePaymentID,
            postingDate: '2026-11-22',
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
      expect(await disagreements(group, batchIDs), where).toEqual([]);
    }
    return done;
  }

  it('shows the same figures on every screen, each the sum of the ledger rows, through sequences fast-check draws', async () => {
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
      // Each sequence needs a fresh group: no shrinking (a sequence of postings is slow to replay); the seed replays it.
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The sequences did exercise each kind of step.
    expect(Math.min(...kinds.values()), JSON.stringify(Object.fromEntries(kinds))).toBeGreaterThan(0);
  }, 240_000);
});
