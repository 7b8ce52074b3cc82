/**
 * Records the biller opened from the palette, newest first. Only records still inside the
 * user's data role come back: a recent from a practice since taken away is not shown.
 */
import { Params } from '../../db/params.ts';
import { claimNarrowingSql } from '../access/claimScope.ts';
import type { GlobalSearchReply, GlobalSearchRecentsQuery, RecordHit, RecordType } from '../../../contract/search.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit, writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
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

export const RECENTS_SHOWN = 20;
/** Kept per user; older ones are dropped when a new one is added. */
export const RECENTS_KEPT = 50;

/** recents.item_id is text (the table serves other item kinds too); ours are digits. */
const ITEM_ID_AS_BIGINT = `CASE WHEN r.item_id ~ '^[0-9]{1,15}$' THEN r.item_id::bigint END`;

type Recent<Row> = Row & { accessed_at: string | Date };

function recentClaims(
  q: Queryable,
  userId: number,
  scope: DataScope,
  groupId: number | null,
): Promise<Recent<ClaimHitRow>[]> {
  const values: unknown[] = [userId, scope.practiceIds, groupId, RECENTS_SHOWN];
  const narrowing = claimNarrowingSql('c', scope, new Params(values).add);
  return q.query<Recent<ClaimHitRow>>(
    `SELECT ${CLAIM_HIT_COLUMNS}, r.accessed_at
       FROM recents r JOIN claims c ON c.claim_id = ${ITEM_ID_AS_BIGINT} ${CLAIM_HIT_JOINS}
      WHERE r.user_id = $1 AND r.item_type = 'claim' AND c.practice_id = ANY($2::bigint[]) AND ($3::bigint IS NULL OR c.group_id = $3)
        ${narrowing ? `AND ${narrowing}` : ''}
      ORDER BY r.accessed_at DESC LIMIT $4`,
    values,
  );
}

function recentPatients(
  q: Queryable,
  userId: number,
  scope: DataScope,
  groupId: number | null,
): Promise<Recent<PatientHitRow>[]> {
  return q.query<Recent<PatientHitRow>>(
    `SELECT ${PATIENT_HIT_COLUMNS}, r.accessed_at
       FROM recents r JOIN patients p ON p.patient_id = ${ITEM_ID_AS_BIGINT} ${PATIENT_HIT_JOINS}
      WHERE r.user_id = $1 AND r.item_type = 'patient' AND p.practice_id = ANY($2::bigint[]) AND ($3::bigint IS NULL OR p.group_id = $3)
      ORDER BY r.accessed_at DESC LIMIT $4`,
    [userId, scope.practiceIds, groupId, RECENTS_SHOWN],
  );
}

export async function loadRecents(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  query: GlobalSearchRecentsQuery,
): Promise<GlobalSearchReply> {
  if (scope.practiceIds.length === 0) return { results: [] };
  const groupId = query.groupID ?? null;
  const claims = query.category === 'patient' ? [] : await recentClaims(q, actor.userId, scope, groupId);
  const patients = query.category === 'claim' ? [] : await recentPatients(q, actor.userId, scope, groupId);
  const merged: { at: number; hit: RecordHit }[] = [
    ...claims.map((row) => ({ at: new Date(row.accessed_at).getTime(), hit: claimHit(row) })),
    ...patients.map((row) => ({ at: new Date(row.accessed_at).getTime(), hit: patientHit(row) })),
  ];
  const results = merged
    .sort((a, b) => b.at - a.at)
    .slice(0, RECENTS_SHOWN)
    .map((entry) => entry.hit);
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'globalSearch.recents',
    source: actor.source,
    ip: actor.ip,
    detail: { returned: results.length, records: results.map((hit) => `${hit.type}:${hit.id}`) },
  });
  return { results };
}

async function labelInScope(q: Queryable, scope: DataScope, type: RecordType, id: number): Promise<string | null> {
  if (type === 'claim') {
    const [row] = await q.query<ClaimHitRow>(
      `SELECT ${CLAIM_HIT_COLUMNS} FROM claims c ${CLAIM_HIT_JOINS} WHERE c.claim_id = $1 AND c.practice_id = ANY($2::bigint[])`,
      [id, scope.practiceIds],
    );
    return row ? claimHit(row).label : null;
  }
  const [row] = await q.query<PatientHitRow>(
    `SELECT ${PATIENT_HIT_COLUMNS} FROM patients p ${PATIENT_HIT_JOINS} WHERE p.patient_id = $1 AND p.practice_id = ANY($2::bigint[])`,
    [id, scope.practiceIds],
  );
  return row ? patientHit(row).label : null;
}

/** Remembers that the user opened a record; a record outside their data role is "not found". */
export async function addRecent(
  db: Db,
  actor: Actor,
  scope: DataScope,
  type: RecordType,
  id: number,
  now: Date,
): Promise<void> {
  const label = await labelInScope(db, scope, type, id);
  if (label === null) throw new NotFoundError(type === 'claim' ? 'Claim not found.' : 'Patient not found.');
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO recents (user_id, item_type, item_id, label, accessed_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, item_type, item_id) DO UPDATE SET label = EXCLUDED.label, accessed_at = EXCLUDED.accessed_at`,
      [actor.userId, type, String(id), label, now],
    );
    await tx.query(
      `DELETE FROM recents WHERE user_id = $1 AND item_type IN ('claim', 'patient')
         AND (item_type, item_id) NOT IN (SELECT item_type, item_id FROM recents WHERE user_id = $1 AND item_type IN ('claim', 'patient')
                                          ORDER BY accessed_at DESC LIMIT $2)`,
      [actor.userId, RECENTS_KEPT],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'recents.add',
      recordType: type,
      recordId: id,
      source: actor.source,
      ip: actor.ip,
    });
  });
}

/**
 * AddEditClaim/saveGlobalSearchViewItems: the records opened from the global search, kept as
 * recents in one transaction, the first named newest. Every one must be in the data role, else
 * none is kept ("not found", as a record of another data role reads).
 */
export async function saveGlobalSearchViewItems(
  db: Db,
  actor: Actor,
  scope: DataScope,
  items: readonly { type: RecordType; id: number }[],
  now: Date,
): Promise<void> {
  const unique = [...new Map(items.map((item) => [`${item.type}:${item.id}`, item])).values()];
  const labelled: { type: RecordType; id: number; label: string }[] = [];
  for (const item of unique) {
    const label = await labelInScope(db, scope, item.type, item.id);
    if (label === null)
      throw new NotFoundError(item.type === 'claim' ? `Claim ${item.id} not found.` : 'Patient not found.');
    labelled.push({ ...item, label });
  }
  await db.transaction(async (tx) => {
    // The first named is the newest: each later one a millisecond older.
    await tx.query(
      `INSERT INTO recents (user_id, item_type, item_id, label, accessed_at)
       SELECT $1, t, i, l, $5::timestamptz - make_interval(secs => (o - 1) / 1000.0)
         FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS x (t, i, l, o)
       ON CONFLICT (user_id, item_type, item_id) DO UPDATE SET label = EXCLUDED.label, accessed_at = EXCLUDED.accessed_at`,
      [
        actor.userId,
        labelled.map((item) => item.type),
        labelled.map((item) => String(item.id)),
        labelled.map((item) => item.label),
        now,
      ],
    );
    await tx.query(
      `DELETE FROM recents WHERE user_id = $1 AND item_type IN ('claim', 'patient')
         AND (item_type, item_id) NOT IN (SELECT item_type, item_id FROM recents WHERE user_id = $1 AND item_type IN ('claim', 'patient')
                                          ORDER BY accessed_at DESC LIMIT $2)`,
      [actor.userId, RECENTS_KEPT],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'globalSearch.viewItems',
      source: actor.source,
      ip: actor.ip,
      detail: { records: labelled.map((item) => `${item.type}:${item.id}`) },
    });
  });
}
