/**
 * The palette's jump to a record: a claim by its exact ID, a patient by account number prefix or
 * last-name prefix ("smi", "smith, ja", "jane smith"). Always limited to the practices of the
 * user's data role, at most GLOBAL_SEARCH_LIMIT rows, and audited as a read (ids, never the text
 * typed, which may be a patient's name).
 */
import { Params } from '../../db/params.ts';
import { claimScopeSql } from '../access/claimScope.ts';
import { GLOBAL_SEARCH_LIMIT, type GlobalSearchReply } from '../../../contract/search.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import {
  CLAIM_HIT_COLUMNS,
  CLAIM_HIT_JOINS,
  PATIENT_HIT_COLUMNS,
  PATIENT_HIT_JOINS,
  claimHit,
  patientHit,
  type ClaimHitRow,
  type PatientHitRow,
} from './recordHits.ts';

/** Claim IDs are bigint; 15 digits stay exact in a JavaScript number. */
const CLAIM_ID = /^\d{1,15}$/;

function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function findClaim(q: Queryable, scope: DataScope, text: string): Promise<ClaimHitRow[]> {
  if (!CLAIM_ID.test(text)) return Promise.resolve([]);
  const values: unknown[] = [Number(text)];
  return q.query<ClaimHitRow>(
    `SELECT ${CLAIM_HIT_COLUMNS} FROM claims c ${CLAIM_HIT_JOINS}
      WHERE c.claim_id = $1 AND ${claimScopeSql('c', scope, new Params(values).add)}`,
    values,
  );
}

/** Name conditions for what was typed: "last", "last, first" or "first last" (either order). */
function nameConditions(text: string, values: unknown[]): string[] {
  const param = (value: string) => {
    values.push(likePrefix(value.toLowerCase()));
    return `$${values.length}`;
  };
  const [before, after] = text.split(',', 2).map((part) => part.trim());
  if (after !== undefined && before) {
    return after
      ? [`(lower(p.last_name) LIKE ${param(before)} AND lower(p.first_name) LIKE ${param(after)})`]
      : [`lower(p.last_name) LIKE ${param(before)}`];
  }
  const words = text.split(/\s+/).filter((word) => word !== '');
  if (words.length === 2) {
    const [first, second] = words as [string, string];
    return [
      `(lower(p.last_name) LIKE ${param(second)} AND lower(p.first_name) LIKE ${param(first)})`,
      `(lower(p.last_name) LIKE ${param(first)} AND lower(p.first_name) LIKE ${param(second)})`,
    ];
  }
  return [`lower(p.last_name) LIKE ${param(text)}`];
}

function findPatients(q: Queryable, scope: DataScope, text: string, limit: number): Promise<PatientHitRow[]> {
  if (limit <= 0) return Promise.resolve([]);
  const values: unknown[] = [scope.practiceIds, limit, likePrefix(text.toUpperCase())];
  const matches = [`upper(p.account_number) LIKE $3`];
  // A claim ID is digits; a name has letters. Only the latter is worth a name lookup.
  if (/[a-z]/i.test(text)) matches.push(...nameConditions(text, values));
  return q.query<PatientHitRow>(
    `SELECT ${PATIENT_HIT_COLUMNS} FROM patients p ${PATIENT_HIT_JOINS}
      WHERE p.practice_id = ANY($1::bigint[]) AND (${matches.join(' OR ')})
      ORDER BY lower(p.last_name), lower(p.first_name), p.patient_id
      LIMIT $2`,
    values,
  );
}

export async function globalSearch(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  searchValue: string,
): Promise<GlobalSearchReply> {
  const text = searchValue.trim();
  if (scope.practiceIds.length === 0) return { results: [] };
  const claims = await findClaim(q, scope, text);
  const patients = await findPatients(q, scope, text, GLOBAL_SEARCH_LIMIT - claims.length);
  const results = [...claims.map(claimHit), ...patients.map(patientHit)];
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'globalSearch',
    source: actor.source,
    ip: actor.ip,
    detail: {
      returned: results.length,
      claimIDs: claims.map((row) => row.id),
      patientIDs: patients.map((row) => row.id),
    },
  });
  return { results };
}
