/**
 * The audit rows the call layer writes itself, so that nothing slips through a handler:
 * - a read (GET) answered to a signed-in user whose handler wrote no audit row of its own gets a
 *   row naming the call and the records asked for;
 * - a call refused to a signed-in user (not found, forbidden: another group's record, a module the
 *   role lacks) gets a row, so attempts at other groups' records are on the record too.
 * The rows name the ids of the input only (claimID, patientID...): never a search text, which may
 * be a patient's name.
 */
import type { Db } from '../../db/types.ts';
import { writeReadAudit } from './audit.ts';
import type { Actor } from '../context.ts';

/** The ids of a call's input: fields named like an id, with a number, a list of numbers, or digits. */
export function idsOf(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null) return {};
  const ids: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!/(ID|IDS|Id|Ids)$/.test(key)) continue;
    if (typeof value === 'number' || (typeof value === 'string' && /^\d{1,15}(,\d{1,15})*$/.test(value)))
      ids[key] = value;
    else if (Array.isArray(value) && value.length <= 50 && value.every((item) => typeof item === 'number'))
      ids[key] = value;
  }
  return ids;
}

export function auditCallRead(db: Db, actor: Actor, call: string, input: unknown): Promise<void> {
  return writeReadAudit(db, {
    userId: actor.userId,
    action: 'read',
    recordType: 'call',
    recordId: call,
    source: actor.source,
    ip: actor.ip,
    detail: idsOf(input),
  });
}

export function auditCallRefused(db: Db, actor: Actor, call: string, input: unknown, status: number): Promise<void> {
  return writeReadAudit(db, {
    userId: actor.userId,
    action: 'refused',
    recordType: 'call',
    recordId: call,
    source: actor.source,
    ip: actor.ip,
    detail: { status, ...idsOf(input) },
  });
}
