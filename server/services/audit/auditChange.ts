import type { Queryable } from '../../db/types.ts';
import type { Actor } from '../context.ts';
import { writeAudit } from './audit.ts';

/**
 * The audit row of a change by a signed-in user, in the change's own transaction: the record, what
 * it was (null for a new one) and what it became.
 */
export function auditChange(
  tx: Queryable,
  actor: Actor,
  action: string,
  record: { type: string; id: number },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  return writeAudit(tx, {
    userId: actor.userId,
    action,
    recordType: record.type,
    recordId: record.id,
    source: actor.source,
    ip: actor.ip,
    detail: { before, after },
  });
}
