/**
 * savePatientAdvancePayments and savePatientCollectedAdvancePaymentList: money a patient paid
 * ahead of billing, kept as their credit. Each advance gets its row and one advance_payment ledger
 * row on the patient (no charge), so the credit shows on the patient's ledger. A list collected at
 * once is saved whole or not at all.
 */
import {
  ADVANCE_PAYMENT_ADDED,
  ADVANCE_PAYMENTS_COLLECTED,
  type AdvancePaymentAddedReply,
  type CollectedAdvancePaymentsReply,
  type NewAdvancePayment,
} from '../../../contract/advancePayments.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { todayOf } from '../claims/writeOff.ts';
import type { Actor } from '../context.ts';
import { refuseClosedMonth, refuseFutureDate, writeCreditRows } from './advanceBooks.ts';

async function addOne(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  request: NewAdvancePayment,
  now: Date,
): Promise<number> {
  const receivedOn = request.receivedOn ?? todayOf(now);
  refuseFutureDate(receivedOn, now, 'received date');
  const [patient] = await q.query<{ groupID: number; practiceID: number }>(
    'SELECT group_id AS "groupID", practice_id AS "practiceID" FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])',
    [request.patientID, scope.practiceIds],
  );
  if (!patient) throw new NotFoundError('Patient not found.');
  await refuseClosedMonth(q, patient, receivedOn);
  const [created] = await q.query<{ advancePaymentID: number }>(
    `INSERT INTO advance_payments (group_id, patient_id, amount_cents, date_of_service, payment_method, reference, received_on, created_by, created_at)
     VALUES ($1, $2, $3, $4::date, $5, $6, $7::date, $8, $9) RETURNING advance_payment_id AS "advancePaymentID"`,
    [
      patient.groupID,
      request.patientID,
      request.amount,
      request.dateOfService ?? null,
      request.method,
      request.reference || null,
      receivedOn,
      actor.userId,
      now,
    ],
  );
  if (!created) throw new Error('The advance payment was not saved.');
  const advance = {
    advancePaymentID: created.advancePaymentID,
    patientID: request.patientID,
    ...patient,
    status: 'active' as const,
  };
  const note = [request.method, request.reference].filter(Boolean).join(' ');
  await writeCreditRows(
    q,
    advance,
    [
      {
        entryType: 'advance_payment',
        amountCents: -request.amount,
        reversesLedgerID: null,
        postingDate: receivedOn,
        note,
      },
    ],
    actor,
    now,
  );
  await writeAudit(q, {
    userId: actor.userId,
    action: 'advance.add',
    recordType: 'patient',
    recordId: request.patientID,
    source: actor.source,
    ip: actor.ip,
    detail: {
      advancePaymentID: created.advancePaymentID,
      amountCents: request.amount,
      method: request.method,
      receivedOn,
      dateOfService: request.dateOfService ?? null,
    },
  });
  return created.advancePaymentID;
}

export async function addAdvancePayment(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: NewAdvancePayment,
  now: Date,
): Promise<AdvancePaymentAddedReply> {
  const advancePaymentID = await db.transaction((tx) => addOne(tx, actor, scope, request, now));
  return { message: ADVANCE_PAYMENT_ADDED, advancePaymentID };
}

export async function saveCollectedAdvancePayments(
  db: Db,
  actor: Actor,
  scope: DataScope,
  requests: readonly NewAdvancePayment[],
  now: Date,
): Promise<CollectedAdvancePaymentsReply> {
  const advancePaymentIDs = await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const [index, request] of requests.entries()) {
      try {
        ids.push(await addOne(tx, actor, scope, request, now));
      } catch (error) {
        // The biller fixes the one they keyed wrong; naming it saves reading the whole list again.
        if (error instanceof AppError)
          throw new AppError(error.statusCode, `Advance payment ${index + 1}: ${error.message} Nothing was saved.`);
        throw error;
      }
    }
    return ids;
  });
  return { message: ADVANCE_PAYMENTS_COLLECTED, advancePaymentIDs };
}
