/**
 * updateAdvancePaymentDOS: the visit an advance is for, set or corrected. It moves no money, so
 * the ledger is untouched; the change is audited with the date before and after. A reversed
 * advance is closed and keeps its date.
 */
import {
  ADVANCE_DOS_UPDATED,
  type AdvanceDosReply,
  type AdvancePaymentDos,
} from '../../../contract/advancePayments.ts';
import type { Db } from '../../db/types.ts';
import { ConflictError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { lockAdvance } from './advanceBooks.ts';

export async function updateAdvanceDos(
  db: Db,
  actor: Actor,
  scope: DataScope,
  request: AdvancePaymentDos,
): Promise<AdvanceDosReply> {
  return db.transaction(async (tx) => {
    const { advance, figures } = await lockAdvance(tx, scope, request.advancePaymentID);
    if (advance.status === 'reversed')
      throw new ConflictError(
        `Advance payment ${advance.advancePaymentID} is reversed; its date of service stays as it was.`,
      );
    await tx.query('UPDATE advance_payments SET date_of_service = $2::date WHERE advance_payment_id = $1', [
      advance.advancePaymentID,
      request.dateOfService,
    ]);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'advance.dos',
      recordType: 'patient',
      recordId: advance.patientID,
      source: actor.source,
      ip: actor.ip,
      detail: { advancePaymentID: advance.advancePaymentID, from: figures.dateOfService, to: request.dateOfService },
    });
    return { message: ADVANCE_DOS_UPDATED };
  });
}
