/**
 * Finding patients: the search box (Repository/getPatientSearch), the patient list
 * (Patient/getPatientData) and the duplicate warning before a save. Only patients of the data
 * role's practices; each read writes its audit row naming the patients it returned.
 */
import type {
  DuplicateCandidate,
  DuplicateWarningQuery,
  DuplicateWarningReply,
  PatientDataQuery,
  PatientListReply,
  PatientRow,
  PatientSearchQuery,
} from '../../../contract/patientRecord.ts';
import type { Db } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { orNull } from '../organisation/changeAudit.ts';
import { nameLikeness } from './nameMatch.ts';

const ROW = `p.patient_id AS "patientID", p.account_number AS "accountNumber", p.last_name AS "lastName",
  p.first_name AS "firstName", p.middle_name AS "middleName", to_char(p.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
  p.sex, p.phone, p.city, p.state, p.practice_id AS "practiceID", pr.name AS "practiceName",
  (SELECT string_agg(pi.subscriber_id, ', ' ORDER BY pi.priority) FROM patient_insurances pi
    WHERE pi.patient_id = p.patient_id AND pi.active) AS "memberIDs", p.active`;

type CountedRow = PatientRow & { total: number };

const DEFAULT_PAGE_SIZE = 50;

/** A LIKE pattern that matches the text as typed, followed by anything. */
const prefixPattern = (value: string): string => `${value.replace(/[\\%_]/g, (c) => `\\${c}`).toUpperCase()}%`;

function paged(rows: CountedRow[]): PatientListReply {
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map(({ total: _total, ...row }) => ({
      ...row,
      patientID: Number(row.patientID),
      practiceID: Number(row.practiceID),
    })),
  };
}

async function auditRead(db: Db, actor: Actor, action: string, rows: { patientID: number }[]): Promise<void> {
  await writeReadAudit(db, {
    userId: actor.userId,
    action,
    recordType: 'patient',
    source: actor.source,
    ip: actor.ip,
    detail: { returned: rows.length, patientIDs: rows.map((row) => row.patientID) },
  });
}

/** A date of birth typed as YYYY-MM-DD or MM/DD/YYYY, as YYYY-MM-DD; null when the text is no date. */
export function typedDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const us = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!year || !month || !day) return null;
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const instant = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(instant.getTime()) && instant.toISOString().startsWith(value) ? value : null;
}

/**
 * What a search text matches: "last, first" (each a prefix), one or two name words in either
 * order, a date of birth, or the start of an account number or member ID, or a phone's digits.
 * Each way of matching is its own indexed SELECT of patient ids (migration 0038), unioned, so a
 * search reads the few patients each finds rather than testing every patient against them all.
 */
function searchCondition(text: string, first: number): { sql: string; values: unknown[] } {
  const p = (n: number) => `$${first + n}`;
  const date = typedDate(text);
  if (date) return { sql: `p.date_of_birth = ${p(0)}::date`, values: [date] };
  const branches: string[] = [];
  const values: unknown[] = [];
  const add = (sql: (at: (n: number) => string) => string, ...given: unknown[]) => {
    const base = values.length;
    branches.push(sql((n) => p(base + n)));
    values.push(...given);
  };
  const fromPatients = (where: string) => `SELECT patient_id FROM patients WHERE ${where}`;
  const within = () => `p.patient_id IN (${branches.join(' UNION ')})`;
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const last = text.slice(0, comma).trim();
    const given = text.slice(comma + 1).trim();
    add(
      (at) => fromPatients(`upper(last_name) LIKE ${at(0)} AND upper(first_name) LIKE ${at(1)}`),
      prefixPattern(last),
      prefixPattern(given),
    );
    return { sql: within(), values };
  }
  const words = text.split(/\s+/);
  if (words.length === 2) {
    const [a = '', b = ''] = words;
    add(
      (at) =>
        fromPatients(
          `(upper(last_name) LIKE ${at(0)} AND upper(first_name) LIKE ${at(1)}) OR (upper(first_name) LIKE ${at(0)} AND upper(last_name) LIKE ${at(1)})`,
        ),
      prefixPattern(a),
      prefixPattern(b),
    );
  } else if (words.length === 1) {
    add((at) => fromPatients(`upper(last_name) LIKE ${at(0)} OR upper(first_name) LIKE ${at(0)}`), prefixPattern(text));
  }
  const compact = text.replace(/\s+/g, '');
  add((at) => fromPatients(`upper(account_number) LIKE ${at(0)}`), prefixPattern(compact));
  add(
    (at) => `SELECT patient_id FROM patient_insurances WHERE upper(subscriber_id) LIKE ${at(0)}`,
    prefixPattern(compact),
  );
  const digits = text.replace(/\D/g, '');
  // The phone's last digits, matched as the start of its digits reversed (indexed).
  if (digits.length >= 7 && /^[\d\s().+-]+$/.test(text))
    add(
      (at) => fromPatients(`reverse(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) LIKE ${at(0)}`),
      `${[...digits.slice(-10)].reverse().join('')}%`,
    );
  return { sql: within(), values };
}

export async function searchPatients(
  db: Db,
  actor: Actor,
  scope: DataScope,
  query: PatientSearchQuery,
): Promise<PatientListReply> {
  const pageSize = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
  const pageNumber = Number(query.pageNumber ?? 1);
  const condition = searchCondition(query.patientSearch.trim(), 4);
  const rows = await db.query<CountedRow>(
    `SELECT ${ROW}, count(*) OVER () AS total
       FROM patients p JOIN practices pr ON pr.practice_id = p.practice_id
      WHERE p.practice_id = ANY($1::bigint[]) AND (${condition.sql})
      ORDER BY p.active DESC, upper(p.last_name), upper(p.first_name), p.date_of_birth, p.patient_id
      LIMIT $2 OFFSET $3`,
    [scope.practiceIds, pageSize, (pageNumber - 1) * pageSize, ...condition.values],
  );
  const reply = paged(rows);
  await auditRead(db, actor, 'patients.search', reply.rows);
  return reply;
}

const SORTS: Record<NonNullable<PatientDataQuery['sortColumn']>, string> = {
  name: 'upper(p.last_name), upper(p.first_name)',
  dateOfBirth: 'p.date_of_birth',
  accountNumber: 'p.account_number',
  practiceName: 'pr.name',
  createdAt: 'p.created_at',
};

export async function listPatients(
  db: Db,
  actor: Actor,
  scope: DataScope,
  query: PatientDataQuery,
): Promise<PatientListReply> {
  const pageSize = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
  const pageNumber = Number(query.pageNumber ?? 1);
  const order = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const sort = SORTS[query.sortColumn ?? 'name']
    .split(', ')
    .map((column) => `${column} ${order}`)
    .join(', ');
  const lastName = orNull(query.lastName);
  const firstName = orNull(query.firstName);
  const account = orNull(query.accountNumber);
  const rows = await db.query<CountedRow>(
    `SELECT ${ROW}, count(*) OVER () AS total
       FROM patients p JOIN practices pr ON pr.practice_id = p.practice_id
      WHERE p.practice_id = ANY($1::bigint[])
        AND ($4::text IS NULL OR upper(p.last_name) LIKE $4)
        AND ($5::text IS NULL OR upper(p.first_name) LIKE $5)
        AND ($6::date IS NULL OR p.date_of_birth = $6::date)
        AND ($7::text IS NULL OR upper(p.account_number) LIKE $7)
        AND ($8::bigint IS NULL OR p.practice_id = $8)
        AND ($9::boolean IS NULL OR p.active = $9)
      ORDER BY ${sort}, p.patient_id ${order}
      LIMIT $2 OFFSET $3`,
    [
      scope.practiceIds,
      pageSize,
      (pageNumber - 1) * pageSize,
      lastName === null ? null : prefixPattern(lastName),
      firstName === null ? null : prefixPattern(firstName),
      query.dateOfBirth ?? null,
      account === null ? null : prefixPattern(account),
      query.practiceID ?? null,
      query.active === undefined ? null : query.active === 'true',
    ],
  );
  const reply = paged(rows);
  await auditRead(db, actor, 'patients.list', reply.rows);
  return reply;
}

/**
 * Patients who may be the one about to be saved: the same date of birth and a name alike (the
 * same, first and last swapped, a nickname, one letter off), or the same member ID. The biller
 * decides; nothing is refused here.
 */
export async function duplicateWarning(
  db: Db,
  actor: Actor,
  scope: DataScope,
  query: DuplicateWarningQuery,
): Promise<DuplicateWarningReply> {
  const memberID = orNull(query.memberID)?.replace(/\s+/g, '').toUpperCase() ?? null;
  const rows = await db.query<PatientRow & { sameMember: boolean; sameBirth: boolean }>(
    `SELECT ${ROW}, p.date_of_birth = $2::date AS "sameBirth",
            ($3::text IS NOT NULL AND EXISTS (SELECT 1 FROM patient_insurances pi WHERE pi.patient_id = p.patient_id
                     AND upper(regexp_replace(pi.subscriber_id, '\\s', '', 'g')) = $3)) AS "sameMember"
       FROM patients p JOIN practices pr ON pr.practice_id = p.practice_id
      WHERE p.practice_id = ANY($1::bigint[]) AND ($4::bigint IS NULL OR p.patient_id <> $4)
        AND (p.date_of_birth = $2::date
             OR ($3::text IS NOT NULL AND EXISTS (SELECT 1 FROM patient_insurances pi WHERE pi.patient_id = p.patient_id
                     AND upper(regexp_replace(pi.subscriber_id, '\\s', '', 'g')) = $3)))
      ORDER BY p.last_name, p.first_name, p.patient_id
      LIMIT 500`,
    [scope.practiceIds, query.dateOfBirth, memberID, query.patientID ?? null],
  );
  const candidates: DuplicateCandidate[] = [];
  for (const { sameMember, sameBirth, ...row } of rows) {
    const reasons: string[] = [];
    if (sameMember) reasons.push(`Same member ID ${memberID ?? ''}`);
    const alike = sameBirth ? nameLikeness(query, row) : null;
    if (alike) reasons.push(alike);
    if (reasons.length > 0)
      candidates.push({ ...row, patientID: Number(row.patientID), practiceID: Number(row.practiceID), reasons });
  }
  await auditRead(db, actor, 'patients.duplicateWarning', candidates);
  return { candidates };
}
