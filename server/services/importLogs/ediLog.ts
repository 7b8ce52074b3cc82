/**
 * The EDI import log: every X12 file the product reads (835 remittances uploaded, 271 eligibility
 * answers, and 999 and 277 acknowledgements once they are read) with what came of it. A reader
 * records its read where it happens, with recordEdiRead; a refused read is recorded too, outside
 * the transaction that was rolled back. Readers see their data role's groups only.
 */
import type {
  EdiImportLogInput,
  EdiImportLogReply,
  EdiLogRow,
  EdiOutcome,
  EdiTransactionSet,
} from '../../../contract/importLogs.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';

export interface EdiRead {
  groupID: number;
  practiceID?: number | null;
  transactionSet: EdiTransactionSet;
  fileName?: string | null;
  outcome: EdiOutcome;
  detail: string;
  recordType?: string | null;
  recordID?: number | null;
  bytes: number;
  readBy: number | null;
  /** The service's clock; without it, the database's. */
  at?: Date;
}

export async function recordEdiRead(q: Queryable, read: EdiRead): Promise<void> {
  await q.query(
    `INSERT INTO edi_import_log (read_at, group_id, practice_id, transaction_set, file_name, outcome, detail, record_type, record_id, bytes, read_by)
     VALUES (coalesce($1::timestamptz, now()), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      read.at?.toISOString() ?? null,
      read.groupID,
      read.practiceID ?? null,
      read.transactionSet,
      read.fileName ?? null,
      read.outcome,
      read.detail.slice(0, 2000),
      read.recordType ?? null,
      read.recordID ?? null,
      read.bytes,
      read.readBy,
    ],
  );
}

const SORTS: Record<EdiImportLogInput['sortColumn'], string> = {
  readAt: 'l.read_at',
  transactionSet: 'l.transaction_set',
  outcome: 'l.outcome',
  fileName: 'l.file_name',
};

/**
 * The data role's groups, and within a group the role's practices when the read names one (a
 * 271 answers one patient of one practice; an 835 is the group's).
 */
const FILTER = `
  l.group_id = ANY($1::bigint[])
  AND (l.practice_id IS NULL OR l.practice_id = ANY($2::bigint[]))
  AND ($3::bigint IS NULL OR l.group_id = $3)
  AND ($4::date IS NULL OR l.read_at >= $4::date)
  AND ($5::date IS NULL OR l.read_at < $5::date + 1)
  AND ($6::text IS NULL OR l.outcome = $6)
  AND ($7::text IS NULL OR l.transaction_set = $7)`;

/** Claims/getEdiImportLogStatus: a page of the log, newest first unless sorted otherwise. */
export async function ediImportLog(
  q: Queryable,
  scope: DataScope,
  input: EdiImportLogInput,
): Promise<EdiImportLogReply> {
  const params = [
    scope.groupIds,
    scope.practiceIds,
    input.groupID ?? null,
    input.fromDate ?? null,
    input.toDate ?? null,
    input.outcome ?? null,
    input.transactionSet ?? null,
  ];
  const [total] = await q.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM edi_import_log l WHERE ${FILTER}`,
    params,
  );
  const direction = input.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const rows = await q.query<EdiLogRow>(
    `SELECT l.edi_log_id AS "ediLogID", to_char(l.read_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "readAt",
            l.group_id AS "groupID", g.name AS "groupName", l.transaction_set AS "transactionSet", l.file_name AS "fileName",
            l.outcome, l.detail, l.record_type AS "recordType", l.record_id AS "recordID", l.bytes,
            CASE WHEN u.user_id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS "readBy"
       FROM edi_import_log l
       JOIN groups g ON g.group_id = l.group_id
       LEFT JOIN users u ON u.user_id = l.read_by
      WHERE ${FILTER}
      ORDER BY ${SORTS[input.sortColumn]} ${direction} NULLS LAST, l.edi_log_id ${direction}
      LIMIT $8 OFFSET $9`,
    [...params, input.pageSize, (input.pageNumber - 1) * input.pageSize],
  );
  return {
    totalCount: Number(total?.count ?? 0),
    rows: rows.map((row) => ({
      ...row,
      ediLogID: Number(row.ediLogID),
      groupID: Number(row.groupID),
      recordID: row.recordID === null ? null : Number(row.recordID),
      bytes: Number(row.bytes),
    })),
    pageNumber: input.pageNumber,
    pageSize: input.pageSize,
  };
}
