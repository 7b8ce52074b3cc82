import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

/** The audit row of a change to the organisation, in the change's own transaction: what it was and what it became. */
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

/** Empty text as no value: a cleared field is stored as null, never as ''. */
export function orNull(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Refuses the save with every problem found, in one message, so the biller fixes them in one go. */
export function refuseIfAny(problems: readonly (string | null | readonly string[])[]): void {
  const found = problems.flat().filter((problem): problem is string => problem !== null);
  if (found.length > 0) throw new BadRequestError(found.join(' '));
}
