/**
 * Claims/claimScrubing and allClaimsScrubing: scrubs claims in chunks, each chunk read, checked
 * and written in one transaction, so a chunk's results, statuses and DNA events are stored
 * together or not at all, and a large run never holds one long transaction.
 */
import type { Db, Transaction } from '../../db/types.ts';
import { writeAudit } from '../audit/audit.ts';
import { loadBillingClaims } from '../claims/loadBillingClaims.ts';
import type { Actor } from '../context.ts';
import { dateOf } from './days.ts';
import { loadScrubContext } from './loadScrubContext.ts';
import { scrubClaim } from './scrubClaim.ts';
import { scrubOutcomeOf, type ScrubOutcome } from './scrubOutcome.ts';
import { storeScrubResults } from './storeScrubResults.ts';

export const SCRUB_CHUNK = 500;

export interface ClaimScrubSummary {
  claimID: number;
  scrubStatusID: number;
  claimStatusID: number;
  errors: number;
  warnings: number;
}

export interface ScrubRun {
  /** In the order asked. */
  claims: ClaimScrubSummary[];
  /** Asked for but not found. */
  notFound: number[];
}

async function scrubChunk(
  tx: Transaction,
  actor: Actor,
  claimIDs: readonly number[],
  now: Date,
): Promise<ScrubOutcome[]> {
  // Two scrubs of one claim at once would each delete the other's findings before inserting theirs.
  await tx.query('SELECT claim_id FROM claims WHERE claim_id = ANY($1::bigint[]) ORDER BY claim_id FOR NO KEY UPDATE', [
    claimIDs,
  ]);
  const claims = await loadBillingClaims(tx, claimIDs);
  if (claims.length === 0) return [];
  const context = await loadScrubContext(tx, claims, dateOf(now));
  const outcomes = claims.map((claim) => scrubOutcomeOf(claim, scrubClaim(claim, context)));
  await storeScrubResults(tx, actor, outcomes, now);
  await writeAudit(tx, {
    userId: actor.userId,
    action: 'claims.scrub',
    recordType: 'claim',
    source: actor.source,
    ip: actor.ip,
    detail: { claims: outcomes.length, failed: outcomes.filter((outcome) => outcome.errors > 0).length },
  });
  return outcomes;
}

/** Scrubs `claimIDs` (each once) as `actor`; `now` decides "today" for date rules. */
export async function scrubClaims(
  db: Db,
  actor: Actor,
  claimIDs: readonly number[],
  now: Date,
  chunkSize = SCRUB_CHUNK,
): Promise<ScrubRun> {
  const ids = [...new Set(claimIDs)];
  const done = new Map<number, ClaimScrubSummary>();
  for (let start = 0; start < ids.length; start += chunkSize) {
    const outcomes = await db.transaction((tx) => scrubChunk(tx, actor, ids.slice(start, start + chunkSize), now));
    for (const { claimID, scrubStatusID, claimStatusID, errors, warnings } of outcomes)
      done.set(claimID, { claimID, scrubStatusID, claimStatusID, errors, warnings });
  }
  return { claims: ids.flatMap((id) => done.get(id) ?? []), notFound: ids.filter((id) => !done.has(id)) };
}
