/**
 * The HL7 import log: one row per message read (over MLLP or from an uploaded file) with its
 * outcome, its ACK code and its reasons. Readers see the rows of their data role's practices only;
 * a message no practice took (an unknown receiving facility) has none and shows in no list.
 */
import type { Hl7ImportLogInput, Hl7ImportLogReply, Hl7LogRow, Hl7Outcome } from '../../../contract/importLogs.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';

export interface Hl7LogEntry {
  receivedAt: Date;
  groupID: number | null;
  practiceID: number | null;
  channel: 'mllp' | 'file';
  fileName: string | null;
  messageType: string;
  controlID: string;
  sendingFacility: string;
  outcome: Hl7Outcome;
  ackCode: 'AA' | 'AE' | 'AR';
  errors: readonly string[];
  patientID: number | null;
  claimID: number | null;
  action: string | null;
  importedBy: number | null;
  message: string;
}

/** Writes one row; its id. */
export async function writeHl7Log(q: Queryable, entry: Hl7LogEntry): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO hl7_import_log (received_at, group_id, practice_id, channel, file_name, message_type, control_id, sending_facility,
                                 outcome, ack_code, errors, patient_id, claim_id, action, imported_by, message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING hl7_log_id AS id`,
    [
      entry.receivedAt.toISOString(),
      entry.groupID,
      entry.practiceID,
      entry.channel,
      entry.fileName,
      entry.messageType.slice(0, 20),
      entry.controlID.slice(0, 50),
      entry.sendingFacility.slice(0, 100),
      entry.outcome,
      entry.ackCode,
      JSON.stringify(entry.errors),
      entry.patientID,
      entry.claimID,
      entry.action,
      entry.importedBy,
      entry.message,
    ],
  );
  return Number(row?.id);
}

const SORTS: Record<Hl7ImportLogInput['sortColumn'], string> = {
  receivedAt: 'l.received_at',
  messageType: 'l.message_type',
  outcome: 'l.outcome',
  controlID: 'l.control_id',
  practiceName: 'pr.name',
};

/** The filters, on top of the data role's practices ($1..$6). */
const FILTER = `
  l.practice_id = ANY($1::bigint[])
  AND ($2::bigint IS NULL OR l.practice_id = $2)
  AND ($3::date IS NULL OR l.received_at >= $3::date)
  AND ($4::date IS NULL OR l.received_at < $4::date + 1)
  AND ($5::text IS NULL OR l.outcome = $5)
  AND ($6::text IS NULL OR l.message_type = $6 OR l.message_type LIKE $6 || '^%')`;

/** Reports/getHL7ImportLogProfileData: a page of the log, newest first unless sorted otherwise. */
export async function hl7ImportLog(
  q: Queryable,
  scope: DataScope,
  input: Hl7ImportLogInput,
): Promise<Hl7ImportLogReply> {
  const params = [
    scope.practiceIds,
    input.practiceID ?? null,
    input.fromDate ?? null,
    input.toDate ?? null,
    input.outcome ?? null,
    input.messageType ?? null,
  ];
  const counts = await q.query<{ outcome: Hl7Outcome; count: number }>(
    `SELECT l.outcome, count(*)::int AS count FROM hl7_import_log l WHERE ${FILTER} GROUP BY l.outcome`,
    // Every outcome is counted, whichever the list shows.
    params.map((value, index) => (index === 4 ? null : value)),
  );
  const outcomeCounts = { accepted: 0, error: 0, rejected: 0 };
  for (const row of counts) outcomeCounts[row.outcome] = Number(row.count);
  const totalCount = input.outcome
    ? outcomeCounts[input.outcome]
    : outcomeCounts.accepted + outcomeCounts.error + outcomeCounts.rejected;
  const direction = input.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const rows = await q.query<Hl7LogRow>(
    `SELECT l.hl7_log_id AS "hl7LogID", to_char(l.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "receivedAt",
            l.practice_id AS "practiceID", pr.name AS "practiceName", l.channel, l.file_name AS "fileName",
            l.message_type AS "messageType", l.control_id AS "controlID", l.sending_facility AS "sendingFacility",
            l.outcome, l.ack_code AS "ackCode", l.errors, l.action, l.patient_id AS "patientID",
            CASE WHEN p.patient_id IS NULL THEN NULL ELSE upper(p.last_name || ', ' || p.first_name) END AS "patientName",
            l.claim_id AS "claimID"
       FROM hl7_import_log l
       JOIN practices pr ON pr.practice_id = l.practice_id
       LEFT JOIN patients p ON p.patient_id = l.patient_id
      WHERE ${FILTER}
      ORDER BY ${SORTS[input.sortColumn]} ${direction}, l.hl7_log_id ${direction}
      LIMIT $7 OFFSET $8`,
    [...params, input.pageSize, (input.pageNumber - 1) * input.pageSize],
  );
  return {
    totalCount,
    outcomeCounts,
    rows: rows.map((row) => ({
      ...row,
      hl7LogID: Number(row.hl7LogID),
      practiceID: Number(row.practiceID),
      patientID: row.patientID === null ? null : Number(row.patientID),
      claimID: row.claimID === null ? null : Number(row.claimID),
      errors: Array.isArray(row.errors) ? row.errors.map(String) : [],
    })),
    pageNumber: input.pageNumber,
    pageSize: input.pageSize,
  };
}
