/**
 * The ERA profile: the checks uploaded for the user's groups, newest first, with what is posted
 * and what is not; and deleting a check that is not posted yet ('ERA Successfully Deleted').
 */
import { ERA_DELETED, type EraProfileQuery, type EraProfileReply, type EraProfileRow } from '../../../contract/era.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

export async function eraProfile(q: Queryable, scope: DataScope, query: EraProfileQuery): Promise<EraProfileReply> {
  const values: unknown[] = [scope.groupIds];
  // A check partly posted still has claims to post: it is listed with the unposted ones too.
  const status =
    query.status === 'unposted'
      ? " AND ec.status IN ('unposted', 'partial')"
      : query.status
        ? ` AND ec.status = $${values.push(query.status)}`
        : " AND ec.status <> 'deleted'";
  const [stats] = await q.query<EraProfileReply['eraPaymentStats']>(
    `SELECT count(*)::int AS checks, (count(*) FILTER (WHERE ec.status IN ('unposted', 'partial')))::int AS unposted,
            COALESCE(sum(ec.total_paid_cents), 0)::bigint AS "totalPaid",
            (COALESCE(sum(ec.total_paid_cents) FILTER (WHERE ec.status = 'unposted'), 0)
             + COALESCE(sum((SELECT sum(x.paid_cents) FROM era_claims x WHERE x.era_check_id = ec.era_check_id AND x.posted_at IS NULL)) FILTER (WHERE ec.status = 'partial'), 0))::bigint AS "unpostedPaid"
       FROM era_checks ec WHERE ec.group_id = ANY($1::bigint[])${status}`,
    values,
  );
  const rows = await q.query<EraProfileRow>(
    `SELECT ec.era_check_id AS "eraCheckID", ec.era_file_id AS "eraID", f.file_name AS "fileName", ec.payer_name AS "payerName",
            ec.payer_identifier AS "payerIdentifier", ec.trace_number AS "traceNumber", ec.payment_method AS "paymentMethod",
            ec.check_date AS "checkDate", ec.total_paid_cents AS "totalPaid", ec.provider_adjustment_cents AS "providerAdjustments",
            (SELECT count(*)::int FROM era_claims x WHERE x.era_check_id = ec.era_check_id) AS claims,
            (SELECT count(*)::int FROM era_claims x WHERE x.era_check_id = ec.era_check_id AND x.claim_id IS NULL) AS "unmatchedClaims",
            (SELECT count(*)::int FROM era_claims x WHERE x.era_check_id = ec.era_check_id AND x.posted_at IS NULL) AS "unpostedClaims",
            ec.balanced, ec.status, to_char(f.uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "uploadedAt"
       FROM era_checks ec JOIN era_files f ON f.era_file_id = ec.era_file_id
      WHERE ec.group_id = ANY($1::bigint[])${status}
      ORDER BY ec.era_check_id DESC
      LIMIT ${query.pageSize} OFFSET ${(query.pageNumber - 1) * query.pageSize}`,
    values,
  );
  return { eraPaymentStats: stats ?? { checks: 0, unposted: 0, totalPaid: 0, unpostedPaid: 0 }, eraPaymentData: rows };
}

/**
 * Deletes an unposted check (kept, marked deleted, for the audit trail); the file it came from is
 * let go when its last live check goes, so the corrected file can be uploaded.
 */
export async function deleteEraCheck(
  db: Db,
  actor: Actor,
  scope: DataScope,
  eraCheckID: number,
): Promise<{ message: string; pkid: number }> {
  return db.transaction(async (tx) => {
    const [check] = await tx.query<{ status: string; eraFileID: number }>(
      `SELECT status, era_file_id AS "eraFileID" FROM era_checks WHERE era_check_id = $1 AND group_id = ANY($2::bigint[]) AND status <> 'deleted' FOR UPDATE`,
      [eraCheckID, scope.groupIds],
    );
    if (!check) throw new NotFoundError('ERA check not found.');
    if (check.status === 'posted')
      throw new BadRequestError('This ERA check is posted; reverse its postings before deleting it.');
    if (check.status === 'partial')
      throw new BadRequestError('Claims of this ERA check are posted; reverse those postings before deleting it.');
    await tx.query("UPDATE era_checks SET status = 'deleted' WHERE era_check_id = $1", [eraCheckID]);
    await tx.query(
      `UPDATE era_files SET deleted_at = now()
        WHERE era_file_id = $1 AND NOT EXISTS (SELECT 1 FROM era_checks WHERE era_file_id = $1 AND status <> 'deleted')`,
      [check.eraFileID],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'era.delete',
      recordType: 'era_check',
      recordId: eraCheckID,
      source: actor.source,
      ip: actor.ip,
    });
    return { message: ERA_DELETED, pkid: 1 };
  });
}
