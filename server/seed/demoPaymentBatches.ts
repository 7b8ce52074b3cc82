/**
 * The demo's payment batches, per group: an insurance paper check fully posted and reconciled,
 * a second check part posted (its difference still to post), and a patient deposit with a couple
 * of patient payments posted from it. Every amount goes through the services the API uses, so
 * each posting is a real ledger row on a real charge and the claims' balances stay right.
 */
import type { InsurancePaymentRequest } from '../../contract/era.ts';
import type { Db, Queryable } from '../db/types.ts';
import { addPaymentBatch } from '../services/batches/paymentBatches.ts';
import { reconcileDeposit } from '../services/batches/reconciliation.ts';
import { saveInsurancePayment } from '../services/era/paperPayment.ts';
import { savePatientPayment } from '../services/era/patientPayment.ts';
import type { DemoDesk } from './demoDesk.ts';

interface OpenLine {
  claimID: number;
  practiceID: number;
  patientID: number;
  insuranceID: number;
  chargeID: number;
  chargeCents: number;
  balanceCents: number;
}

type EobLine = InsurancePaymentRequest['lines'][number];

/** A paper EOB line as the demo 835s answer one: allowed at 70%, paid at 80% of that. */
function eobLine(line: OpenLine): EobLine {
  const allowed = Math.round(line.chargeCents * 0.7);
  const paid = Math.round(allowed * 0.8);
  const adjustments: EobLine['adjustments'] = [];
  if (line.chargeCents > allowed) adjustments.push({ group: 'CO', reason: '45', amount: line.chargeCents - allowed });
  if (allowed > paid) adjustments.push({ group: 'PR', reason: '2', amount: allowed - paid });
  return { chargeID: line.chargeID, paid, adjustments };
}

const paidOn = (lines: readonly OpenLine[]): number => lines.reduce((sum, line) => sum + eobLine(line).paid, 0);

/** Lines grouped by `key`, the groups and their lines in the order first seen. */
function byKey(lines: readonly OpenLine[], key: (line: OpenLine) => number): OpenLine[][] {
  const groups = new Map<number, OpenLine[]>();
  for (const line of lines) groups.set(key(line), [...(groups.get(key(line)) ?? []), line]);
  return [...groups.values()];
}

/**
 * Submitted claims of the group that nothing was paid on yet, as claims (their lines) per payer,
 * the payer with most of them first, each payer's oldest claim first.
 */
async function unpaidClaimsByPayer(q: Queryable, groupID: number, busy: readonly number[]): Promise<OpenLine[][][]> {
  const lines = await q.query<OpenLine>(
    `SELECT c.claim_id AS "claimID", c.practice_id AS "practiceID", c.patient_id AS "patientID", c.insurance_id AS "insuranceID",
            ch.charge_id AS "chargeID", ch.charge_cents AS "chargeCents", ch.balance_cents AS "balanceCents"
       FROM claims c JOIN charges ch ON ch.claim_id = c.claim_id
      WHERE c.group_id = $1 AND c.claim_status_id IN (3, 4) AND c.insurance_id IS NOT NULL AND c.patient_id <> ALL($2::bigint[])
        AND c.balance_cents = c.total_charge_cents AND c.balance_cents > 0
        AND NOT EXISTS (SELECT 1 FROM charges o WHERE o.claim_id = c.claim_id AND (o.charge_status NOT IN ('active', 'hold') OR o.balance_cents <> o.charge_cents))
      ORDER BY c.claim_id, ch.line_number`,
    [groupID, busy],
  );
  const payers = byKey(lines, (line) => line.insuranceID).map((payerLines) =>
    byKey(payerLines, (line) => line.claimID),
  );
  return payers.sort(
    (left, right) => right.length - left.length || (left[0]?.[0]?.insuranceID ?? 0) - (right[0]?.[0]?.insuranceID ?? 0),
  );
}

/** Two claims whose patient still owes a share, oldest first, with the line owing most. */
async function patientShares(
  q: Queryable,
  groupID: number,
  busy: readonly number[],
): Promise<Omit<OpenLine, 'insuranceID'>[]> {
  return q.query<Omit<OpenLine, 'insuranceID'>>(
    `SELECT DISTINCT ON (c.claim_id) c.claim_id AS "claimID", c.practice_id AS "practiceID", c.patient_id AS "patientID",
            ch.charge_id AS "chargeID", ch.charge_cents AS "chargeCents", ch.balance_cents AS "balanceCents"
       FROM claims c JOIN charges ch ON ch.claim_id = c.claim_id AND ch.charge_status IN ('active', 'hold') AND ch.balance_cents > 0
      WHERE c.group_id = $1 AND c.claim_status_id IN (7, 9) AND c.patient_id <> ALL($2::bigint[])
      ORDER BY c.claim_id, ch.balance_cents DESC, ch.charge_id
      LIMIT 2`,
    [groupID, busy],
  );
}

async function postCheck(
  db: Db,
  desk: DemoDesk,
  paymentBatchID: number,
  claims: readonly OpenLine[][],
  checkNumber: string,
  postingDate: string,
): Promise<void> {
  for (const lines of claims) {
    const [head] = lines;
    if (!head) continue;
    await saveInsurancePayment(
      db,
      desk.actor,
      desk.scope,
      {
        claimID: head.claimID,
        reference: checkNumber,
        paymentBatchID,
        postingDate,
        denied: false,
        bypassWarningsID: 0,
        lines: lines.map(eobLine),
      },
      desk.now,
    );
  }
}

/** Writes the group's batches; a group without claims to pay gets only what it has claims for. */
export async function seedGroupPaymentBatches(db: Db, desk: DemoDesk, groupID: number, code: string): Promise<void> {
  const payers = await unpaidClaimsByPayer(db, groupID, desk.busyPatients);
  // The check still to post needs two EOBs of one payer; the posted check takes two of what is left.
  const partlyPayer = payers.find((claims) => claims.length >= 2) ?? [];
  const partly = partlyPayer.slice(0, 2);
  const posted =
    payers
      .map((claims) => (claims === partlyPayer ? claims.slice(2) : claims))
      .sort((left, right) => right.length - left.length)[0]
      ?.slice(0, 2) ?? [];
  const postedHead = posted[0]?.[0];
  if (postedHead) {
    const checkNumber = `${code}0041`;
    const { pkid } = await addPaymentBatch(
      db,
      desk.actor,
      desk.scope,
      {
        practiceID: postedHead.practiceID,
        batchNumber: `${code}-CHK-0041`,
        paymentSource: 'insurance',
        insuranceID: postedHead.insuranceID,
        checkNumber,
        checkDate: desk.daysAgo(12),
        depositDate: desk.daysAgo(10),
        total: paidOn(posted.flat()),
        description: 'Paper check, every EOB posted',
        documents: [],
      },
      desk.now,
    );
    await postCheck(db, desk, pkid, posted, checkNumber, desk.daysAgo(9));
    await reconcileDeposit(db, desk.actor, desk.scope, { paymentBatchID: pkid }, desk.now);
  }
  const partlyHead = partly[0]?.[0];
  if (partlyHead) {
    const checkNumber = `${code}0057`;
    const { pkid } = await addPaymentBatch(
      db,
      desk.actor,
      desk.scope,
      {
        practiceID: partlyHead.practiceID,
        batchNumber: `${code}-CHK-0057`,
        paymentSource: 'insurance',
        insuranceID: partlyHead.insuranceID,
        checkNumber,
        checkDate: desk.daysAgo(4),
        depositDate: desk.daysAgo(3),
        total: paidOn(partly.flat()),
        description: 'Paper check, EOBs still to post',
        documents: [],
      },
      desk.now,
    );
    // The first EOB only: the rest of the check is what the biller still has to post.
    await postCheck(db, desk, pkid, partly.slice(0, 1), checkNumber, desk.daysAgo(2));
  }
  const shares = await patientShares(db, groupID, desk.busyPatients);
  const [firstShare] = shares;
  if (!firstShare) return;
  // A desk payment is a round sum, never past what the line owes.
  const payments = shares.map((line) => ({ line, amount: Math.min(line.balanceCents, 2_500) }));
  const { pkid } = await addPaymentBatch(
    db,
    desk.actor,
    desk.scope,
    {
      practiceID: firstShare.practiceID,
      batchNumber: `${code}-DEP-0012`,
      paymentSource: 'patient',
      depositDate: desk.daysAgo(5),
      total: payments.reduce((sum, payment) => sum + payment.amount, 0),
      description: 'Front desk deposit',
      documents: [],
    },
    desk.now,
  );
  for (const [index, { line, amount }] of payments.entries()) {
    await savePatientPayment(
      db,
      desk.actor,
      desk.scope,
      {
        patientID: line.patientID,
        method: index === 0 ? 'check' : 'cash',
        reference: index === 0 ? '1200' : 'DESK',
        paymentBatchID: pkid,
        postingDate: desk.daysAgo(5),
        applications: [{ chargeID: line.chargeID, amount }],
      },
      desk.now,
    );
  }
}
