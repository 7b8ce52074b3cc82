/**
 * The audit trail's hash chain (docs/decisions/audit-trail-integrity.md). `sealAuditChain` links
 * the audit rows committed since the last link, in id order, each link's hash covering the row's
 * content and the previous link's hash; `verifyAuditChain` walks the links and names the first one
 * that does not hold.
 */
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../db/types.ts';

/**
 * Rows younger than this (by their transaction's start, the database's clock) are left for the
 * next sealing: a transaction still open may yet commit a lower id. One open longer leaves its
 * rows unchained, which `verifyAuditChain` does not count as a break.
 */
export const AUDIT_SETTLE_SECONDS = 60;
const SEAL_BATCH = 5_000;
/** The advisory lock that lets one process at a time seal. */
const SEALER_LOCK = 7_246_001;
const GENESIS = '0'.repeat(64);

interface AuditRowContent {
  audit_id: number;
  at: string;
  user_id: number | null;
  action: string;
  record_type: string | null;
  record_id: string | null;
  source: string;
  ip: string | null;
  detail: string | null;
}

const ROW_CONTENT = `audit_id::bigint AS audit_id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS at,
  user_id::bigint AS user_id, action, record_type, record_id, source, ip, detail::text AS detail`;

function linkHash(previous: string, row: AuditRowContent): string {
  const content = [
    Number(row.audit_id),
    row.at,
    row.user_id === null ? null : Number(row.user_id),
    row.action,
    row.record_type,
    row.record_id,
    row.source,
    row.ip,
    row.detail,
  ];
  return createHash('sha256').update(previous).update(JSON.stringify(content)).digest('hex');
}

/**
 * Links the settled audit rows not yet chained; returns how many it linked. Only one process
 * seals at a time (the others return 0 at once).
 */
export async function sealAuditChain(db: Db, settleSeconds = AUDIT_SETTLE_SECONDS): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ got: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS got', [SEALER_LOCK]);
    if (!lock?.got) return 0;
    const [head] = await tx.query<{ link: number; audit_id: number; hash: string }>(
      'SELECT link::bigint AS link, audit_id::bigint AS audit_id, hash FROM audit_chain ORDER BY link DESC LIMIT 1',
    );
    const rows = await tx.query<AuditRowContent>(
      `SELECT ${ROW_CONTENT} FROM audit_log WHERE audit_id > $1 AND at <= now() - make_interval(secs => $2) ORDER BY audit_id LIMIT ${SEAL_BATCH}`,
      [head?.audit_id ?? 0, settleSeconds],
    );
    let previous = head?.hash ?? GENESIS;
    let link = Number(head?.link ?? 0);
    const links: { link: number; auditID: number; previous: string; hash: string }[] = [];
    for (const row of rows) {
      const hash = linkHash(previous, row);
      link += 1;
      links.push({ link, auditID: Number(row.audit_id), previous, hash });
      previous = hash;
    }
    // One statement for the batch: on the embedded database a sealing shares the one connection
    // with the requests, and a row-by-row insert of thousands of links would hold them up.
    if (links.length > 0) {
      await tx.query(
        `INSERT INTO audit_chain (link, audit_id, prev_hash, hash)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[])`,
        [links.map((l) => l.link), links.map((l) => l.auditID), links.map((l) => l.previous), links.map((l) => l.hash)],
      );
    }
    return rows.length;
  });
}

export type ChainVerdict =
  | { intact: true; links: number; lastAuditID: number | null }
  | { intact: false; links: number; link: number; auditID: number; problem: string };

/** Walks the chain from its first link; stops at the first link that does not hold. */
export async function verifyAuditChain(q: Queryable, pageSize = 10_000): Promise<ChainVerdict> {
  let previous = GENESIS;
  let expected = 1;
  let lastAuditID: number | null = null;
  for (;;) {
    const page = await q.query<AuditRowContent & { link: number; prev_hash: string; hash: string; found: boolean }>(
      `SELECT c.link::bigint AS link, c.audit_id::bigint AS audit_id, c.prev_hash, c.hash, a.audit_id IS NOT NULL AS found,
              to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS at, a.user_id::bigint AS user_id, a.action,
              a.record_type, a.record_id, a.source, a.ip, a.detail::text AS detail
         FROM audit_chain c LEFT JOIN audit_log a ON a.audit_id = c.audit_id
        WHERE c.link >= $1 ORDER BY c.link LIMIT ${pageSize}`,
      [expected],
    );
    if (page.length === 0) return { intact: true, links: expected - 1, lastAuditID };
    for (const row of page) {
      const link = Number(row.link);
      const auditID = Number(row.audit_id);
      const broken = (problem: string): ChainVerdict => ({
        intact: false,
        links: expected - 1,
        link,
        auditID,
        problem,
      });
      if (link !== expected) return broken(`link ${expected} is missing`);
      if (row.prev_hash !== previous) return broken('the link does not follow the one before it');
      if (!row.found) return broken(`audit row ${auditID} is gone`);
      if (linkHash(previous, row) !== row.hash) return broken(`audit row ${auditID} was changed`);
      previous = row.hash;
      lastAuditID = auditID;
      expected += 1;
    }
  }
}
