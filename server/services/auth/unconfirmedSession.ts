/**
 * A remembered session not yet checked against the access epoch. A list page answered from a
 * remembered session used to cost two round trips: one to read the epoch (and the claims' change
 * number), one for the page and its audit row. A call that opts in (defineCall's
 * `confirmsSessionInRead`) skips the first: the page's own statement reads both counters in its
 * snapshot, writes the audit row only if they are the ones the request assumed, and hands them
 * back (audit.ts, readAudited). Whatever else would write an audit row, or answer, first confirms
 * the session with a read of its own, so no reply and no audit row ever rests on an unconfirmed
 * session.
 */
import type { Queryable } from '../../db/types.ts';
import { currentEpochs } from './sessionMemory.ts';

/** What a request assumed when it trusted its remembered session. */
export interface UnconfirmedSession {
  accessEpoch: number;
  claimsVersion: number;
  /** Set once a statement (or a check) has seen both counters as assumed. */
  confirmed: boolean;
}

/**
 * The counters moved under a request that assumed them: it is served again from the start, with
 * its session read again if access moved, or with the new change number if only claims did.
 */
export class StaleSessionError extends Error {
  constructor(
    readonly accessEpoch: number,
    readonly claimsVersion: number,
    readonly accessMoved: boolean,
  ) {
    super('The session or the claims changed while the request was served.');
    this.name = 'StaleSessionError';
  }
}

/** Compares what a statement saw with what the request assumed: confirms, or throws. */
export function settle(session: UnconfirmedSession, seen: { accessEpoch: number; claimsVersion: number }): void {
  if (seen.accessEpoch === session.accessEpoch && seen.claimsVersion === session.claimsVersion) {
    session.confirmed = true;
    return;
  }
  throw new StaleSessionError(seen.accessEpoch, seen.claimsVersion, seen.accessEpoch !== session.accessEpoch);
}

/** Reads both counters (one round trip) unless already confirmed; throws if either moved. */
export async function confirmSession(db: Queryable, session: UnconfirmedSession | undefined): Promise<void> {
  if (!session || session.confirmed) return;
  settle(session, await currentEpochs(db));
}

/** The counters as a statement reads them, for readAudited's guard. */
export const COUNTERS_SQL = `SELECT (SELECT epoch FROM access_epoch)::bigint AS access_epoch,
       (SELECT last_value FROM claims_change_seq)::bigint AS claims_version`;
