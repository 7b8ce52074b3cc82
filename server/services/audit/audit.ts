import type { Queryable } from '../../db/types.ts';
import type { ActionSource } from '../context.ts';

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
 * Appends one audit row. Pass the transaction handle of the change it records so both commit or
 * neither does; the table refuses updates and deletes.
 */
export async function writeAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (user_id, action, record_type, record_id, source, ip, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.userId,
      entry.action,
      entry.recordType ?? null,
      entry.recordId === undefined ? null : String(entry.recordId),
      entry.source ?? 'api',
      entry.ip ?? null,
      entry.detail === undefined ? null : JSON.stringify(entry.detail),
    ],
  );
}
