/**
 * Read audit rows of concurrent requests written together. A request's row goes out at once when
 * no write is under way; rows that arrive while one is (other requests finishing at the same
 * moment) wait for it and then go out together, as one statement. Each request still answers only
 * after its own row is in the table, so what the audit holds is unchanged; under load the
 * database runs one insert for many reads instead of one each.
 */
import { preparedStatement } from '../../db/prepared.ts';
import type { Queryable } from '../../db/types.ts';

/** One row's values in audit_log's column order: user, action, record type, record id, source, ip, detail. */
export type AuditValues = readonly unknown[];

// RETURNING runs before the statement's own transaction commits, so the commit reads the setting.
const INSERT_READ_AUDIT_ROWS = preparedStatement(
  'insert-read-audit-rows',
  `INSERT INTO audit_log (user_id, action, record_type, record_id, source, ip, detail)
   SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[])
   RETURNING set_config('synchronous_commit', 'off', true)`,
);

/** More would make one statement's parameters large; the rest wait for the next write. */
const MOST_ROWS_AT_ONCE = 500;

interface Waiting {
  values: AuditValues;
  written: () => void;
  failed: (error: unknown) => void;
}

class ReadAuditBatch {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: Queryable) {}

  write(values: AuditValues): Promise<void> {
    return new Promise((written, failed) => {
      this.waiting.push({ values, written, failed });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const rows = this.waiting.splice(0, MOST_ROWS_AT_ONCE);
        try {
          await this.db.query(INSERT_READ_AUDIT_ROWS, columnsOf(rows.map((row) => row.values)));
          for (const row of rows) row.written();
        } catch (error) {
          for (const row of rows) row.failed(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}

/** The rows as seven arrays, one per column, for unnest. */
function columnsOf(rows: readonly AuditValues[]): unknown[][] {
  return Array.from({ length: 7 }, (_, column) => rows.map((row) => row[column] ?? null));
}

const batches = new WeakMap<Queryable, ReadAuditBatch>();

/** Appends a read's audit row, together with the rows of reads finishing at the same time. */
export function writeReadAuditRow(db: Queryable, values: AuditValues): Promise<void> {
  let batch = batches.get(db);
  if (!batch) {
    batch = new ReadAuditBatch(db);
    batches.set(db, batch);
  }
  return batch.write(values);
}
