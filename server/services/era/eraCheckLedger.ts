/**
 * The ledger rows posted from one ERA check, oldest first, each with the row that reversed it:
 * what the reconciliation screen lists under an ERA deposit. A check outside the user's groups is
 * Not Found; rows of practices outside the data role are left out.
 */
import type { EraCheckLedgerReply } from '../../../contract/depositLedger.ts';
import type { BatchLedgerRow } from '../../../contract/batches.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';

export async function eraCheckLedger(q: Queryable, scope: DataScope, eraCheckID: number): Promise<EraCheckLedgerReply> {
  const [check] = await q.query(
    'SELECT 1 FROM era_checks WHERE era_check_id = $1 AND group_id = ANY($2::bigint[]) AND status <> $3',
    [eraCheckID, scope.groupIds, 'deleted'],
  );
  if (!check) throw new NotFoundError('ERA check not found.');
  const rows = await q.query<BatchLedgerRow>(
    `SELECT l.ledger_id AS "ledgerID", l.posting_date AS "postingDate", l.entry_type AS "entryType", l.claim_id AS "claimID", l.charge_id AS "chargeID",
            l.amount_cents AS amount, l.reason_code AS "reasonCode", l.reverses_ledger_id AS "reversesLedgerID", r.ledger_id AS "reversedByLedgerID", l.note
       FROM ledger_entries l LEFT JOIN ledger_entries r ON r.reverses_ledger_id = l.ledger_id
      WHERE l.era_check_id = $1 AND l.practice_id = ANY($2::bigint[])
      ORDER BY l.ledger_id`,
    [eraCheckID, scope.practiceIds],
  );
  return { eraCheckID, rows };
}
