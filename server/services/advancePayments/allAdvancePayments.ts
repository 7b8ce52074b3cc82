/**
 * The advance payments screen's list: every advance of the patients in the user's data role,
 * newest received first, each with its figures read back from its ledger rows (as advanceRows
 * does for one patient). `count` is how many match, the rows at most `pageSize` of them.
 */
import type { AdvanceListQuery, AdvanceListReply, ListedAdvance } from '../../../contract/advancePaymentList.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { ADVANCE_FIGURE_SQL } from '../ledger/ledgerFigures.ts';

const FILTERS: Record<AdvanceListQuery['filter'], string> = {
  all: 'true',
  credit: "f.status = 'active' AND f.unapplied > 0",
  active: "f.status = 'active'",
  reversed: "f.status = 'reversed'",
  refunded: "f.status = 'refunded'",
};

export async function allAdvancePayments(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  query: AdvanceListQuery,
): Promise<AdvanceListReply> {
  const rows = await q.query<ListedAdvance & { total: number }>(
    `SELECT f.*, count(*) OVER ()::int AS total FROM (
       SELECT a.advance_payment_id AS "advancePaymentID", a.patient_id AS "patientID", a.amount_cents AS "amount",
              ${ADVANCE_FIGURE_SQL.applied} AS "applied",
              ${ADVANCE_FIGURE_SQL.refunded} AS "refunded",
              ${ADVANCE_FIGURE_SQL.unapplied} AS "unapplied",
              a.status, a.payment_method AS "method", a.reference, a.received_on::text AS "receivedOn", a.date_of_service::text AS "dateOfService",
              concat_ws(', ', p.last_name, p.first_name) AS "patientName", p.account_number AS "accountNumber"
         FROM advance_payments a
         JOIN patients p ON p.patient_id = a.patient_id
         LEFT JOIN ledger_entries l ON l.advance_payment_id = a.advance_payment_id
        WHERE p.practice_id = ANY($1::bigint[])
        GROUP BY a.advance_payment_id, p.patient_id) f
      WHERE ${FILTERS[query.filter]}
      ORDER BY f."receivedOn" DESC, f."advancePaymentID" DESC
      LIMIT $2`,
    [scope.practiceIds, query.pageSize],
  );
  await writeAudit(q, {
    userId: actor.userId,
    action: 'advance.list',
    recordType: 'patient',
    source: actor.source,
    ip: actor.ip,
    detail: { filter: query.filter, returned: rows.length },
  });
  return { count: rows[0]?.total ?? 0, rows: rows.map(({ total: _total, ...row }) => row) };
}
