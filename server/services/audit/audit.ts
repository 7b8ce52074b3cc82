import { AsyncLocalStorage } from 'node:async_hooks';
import { preparedStatement } from '../../db/prepared.ts';
import type { Db, Queryable } from '../../db/types.ts';
import type { ActionSource } from '../context.ts';
import { writeReadAuditRow } from './readAuditBatch.ts';

/**
 * Whether the request being served wrote an audit row: a call that reads without one gets the
 * call's own read row (./callAudit.ts), so no read of patient data goes unaudited.
 */
export const auditOfRequest = new AsyncLocalStorage<{ written: boolean }>();

function noteWritten(): void {
  const request = auditOfRequest.getStore();
  if (request) request.written = true;
}

export interface AuditEntry {
  userId: number | null;
  action: string;
  recordType?: string;
  recordId?: string | number;
  source?: ActionSource;
  ip?: string;
  detail?: Record<string, unknown>;
}

/**
 * The database itself, never a transaction handle (which has no `transaction`): what
 * writeReadAudit relaxes would otherwise hold for the commit of everything in that transaction.
 */
export type ReadAuditDb = Queryable & Pick<Db, 'transaction'>;

const INSERT_AUDIT_ROW = preparedStatement(
  'insert-audit-row',
  'INSERT INTO audit_log (user_id, action, record_type, record_id, source, ip, detail) VALUES ($1, $2, $3, $4, $5, $6, $7)',
);

function valuesOf(entry: AuditEntry): unknown[] {
  return [
    entry.userId,
    entry.action,
    entry.recordType ?? null,
    entry.recordId === undefined ? null : String(entry.recordId),
    entry.source ?? 'api',
    entry.ip ?? null,
    entry.detail === undefined ? null : JSON.stringify(entry.detail),
  ];
}

/**
 * Appends one audit row. Pass the transaction handle of the change it records so both commit or
 * neither does; the table refuses updates and deletes.
 */
export async function writeAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query(INSERT_AUDIT_ROW, valuesOf(entry));
  noteWritten();
}

/**
 * Appends the audit row of a read (who opened which list or record). It is its own one-statement
 * transaction, committed without waiting for the write-ahead log to reach the disk: a list page
 * otherwise waits on that flush behind every other writer's (3.9 ms p50 and 44 ms p99 beside a
 * busy writer, 0.4 ms without). The row is visible at once; only a crash of the database server
 * in the next fraction of a second (three WAL writer cycles) could lose it. Changes keep their
 * audit rows in their own transactions, flushed before they answer. Reads finishing together
 * share one insert (./readAuditBatch.ts).
 */
export async function writeReadAudit(db: ReadAuditDb, entry: AuditEntry): Promise<void> {
  await writeReadAuditRow(db, valuesOf(entry));
  noteWritten();
}

/** Which column of a read's rows names its records, and the detail key their ids are listed under. */
export interface ReadIds {
  column: string;
  key: string;
}

/**
 * A read and its audit row in one statement: the select runs as a CTE and an INSERT beside it
 * writes the row (given `ids`, with the count of rows returned and their ids), so a page costs
 * one round trip instead of two and no page is answered without its row. The row is committed
 * as writeReadAudit's are (without waiting for the log flush). The select's own parameters come
 * first; its rows come back in its order (a CTE scan reads them as written).
 */
export async function readAudited<Row>(
  db: ReadAuditDb,
  read: { sql: string; values: readonly unknown[] },
  entry: AuditEntry,
  ids?: ReadIds,
): Promise<Row[]> {
  const rows = await db.query<Row>(auditedRead(read.sql, read.values.length, ids, 'SELECT * FROM r'), [
    ...read.values,
    ...valuesOf(entry),
  ]);
  noteWritten();
  return rows;
}

/** readAudited's rows as the JSON text of an array of objects, written by the database in the select's order. */
export async function readAuditedJson(
  db: ReadAuditDb,
  read: { sql: string; values: readonly unknown[] },
  entry: AuditEntry,
  ids?: ReadIds,
): Promise<string> {
  const [page] = await db.query<{ json: string }>(
    auditedRead(read.sql, read.values.length, ids, `SELECT coalesce(json_agg(r), '[]'::json)::text AS json FROM r`),
    [...read.values, ...valuesOf(entry)],
  );
  noteWritten();
  return page?.json ?? '[]';
}

function auditedRead(sql: string, readValues: number, ids: ReadIds | undefined, result: string): string {
  const p = (n: number) => `$${readValues + 1 + n}`;
  // With ids: one row aggregated over the page; without: one row of the detail as given.
  const counted = ids
    ? `jsonb_build_object('returned', count(*)::int, '${ids.key}', coalesce(jsonb_agg(r."${ids.column}"), '[]'::jsonb))`
    : `'{}'::jsonb`;
  return `WITH r AS MATERIALIZED (${sql}),
    audit AS (
      INSERT INTO audit_log (user_id, action, record_type, record_id, source, ip, detail)
      SELECT ${p(0)}::bigint, ${p(1)}::text, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text, ${p(5)}::text,
             coalesce(${p(6)}::jsonb, '{}'::jsonb) || ${counted}
        FROM ${ids ? 'r' : '(SELECT 1) one'}
      RETURNING set_config('synchronous_commit', 'off', true))
    ${result}`;
}
