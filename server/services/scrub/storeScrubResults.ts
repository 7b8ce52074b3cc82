import { SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import type { Queryable } from '../../db/types.ts';
import type { Actor } from '../context.ts';
import type { ScrubOutcome } from './scrubOutcome.ts';

/**
 * Writes a chunk's outcomes with a fixed number of statements whatever its size: the claims'
 * findings replaced, their statuses (only where they change, so a scrub that changes nothing
 * rewrites no claim row), and one 'scrubbed' DNA event per claim. Runs inside the caller's
 * transaction.
 */
export async function storeScrubResults(
  q: Queryable,
  actor: Actor,
  outcomes: readonly ScrubOutcome[],
  now: Date,
): Promise<void> {
  const claimIDs = outcomes.map((outcome) => outcome.claimID);
  await q.query('DELETE FROM scrub_results WHERE claim_id = ANY($1::bigint[])', [claimIDs]);

  const rows = outcomes.flatMap((outcome) =>
    outcome.findings.map((finding, sequence) => ({ claimID: outcome.claimID, sequence, finding })),
  );
  if (rows.length > 0) {
    await q.query(
      `INSERT INTO scrub_results (claim_id, sequence, rule_id, severity, field, charge_id, message, fix, scrubbed_at)
       SELECT f.claim_id, f.sequence, f.rule_id, f.severity, f.field, f.charge_id, f.message, f.fix, $9
         FROM unnest($1::bigint[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[])
              AS f (claim_id, sequence, rule_id, severity, field, charge_id, message, fix)`,
      [
        rows.map((row) => row.claimID),
        rows.map((row) => row.sequence),
        rows.map((row) => row.finding.ruleID),
        rows.map((row) => row.finding.severity),
        rows.map((row) => row.finding.field),
        rows.map((row) => row.finding.chargeID),
        rows.map((row) => row.finding.message),
        rows.map((row) => row.finding.fix),
        now,
      ],
    );
  }

  const changed = outcomes.filter((outcome) => outcome.changed);
  if (changed.length > 0) {
    // A biller's forced pass no longer holds once the claim stops being forcefully passed.
    await q.query(
      `UPDATE claims c
          SET scrub_status_id = u.scrub_status_id, claim_status_id = u.claim_status_id, updated_at = $4,
              forced_pass_reason = CASE WHEN u.scrub_status_id = $5 THEN c.forced_pass_reason END,
              forced_pass_by = CASE WHEN u.scrub_status_id = $5 THEN c.forced_pass_by END,
              forced_pass_at = CASE WHEN u.scrub_status_id = $5 THEN c.forced_pass_at END
         FROM unnest($1::bigint[], $2::smallint[], $3::smallint[]) AS u (claim_id, scrub_status_id, claim_status_id)
        WHERE c.claim_id = u.claim_id`,
      [
        changed.map((outcome) => outcome.claimID),
        changed.map((outcome) => outcome.scrubStatusID),
        changed.map((outcome) => outcome.claimStatusID),
        now,
        SCRUB_STATUS.forcefullyPassed,
      ],
    );
  }

  await q.query(
    `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
     SELECT u.claim_id, $6, 'scrubbed', $7,
            jsonb_build_object('errors', u.errors, 'warnings', u.warnings, 'scrubStatusID', u.scrub_status_id, 'claimStatusID', u.claim_status_id), $8
       FROM unnest($1::bigint[], $2::int[], $3::int[], $4::smallint[], $5::smallint[]) AS u (claim_id, errors, warnings, scrub_status_id, claim_status_id)`,
    [
      claimIDs,
      outcomes.map((outcome) => outcome.errors),
      outcomes.map((outcome) => outcome.warnings),
      outcomes.map((outcome) => outcome.scrubStatusID),
      outcomes.map((outcome) => outcome.claimStatusID),
      actor.userId,
      actor.source,
      now,
    ],
  );
}
