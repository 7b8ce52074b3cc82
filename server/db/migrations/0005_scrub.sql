-- The scrubber (server/services/scrub/). A claim's findings are replaced as a whole at every scrub;
-- `sequence` keeps them in rule order (the order of the claim form), so "go to the first error"
-- and the list beside the fields read them back as the rules gave them, with the fix to apply.
ALTER TABLE scrub_results
  ADD COLUMN sequence smallint NOT NULL DEFAULT 0,
  ADD COLUMN fix text NOT NULL DEFAULT '';
DROP INDEX scrub_results_claim_idx;
CREATE INDEX scrub_results_claim_idx ON scrub_results (claim_id, sequence);

-- A finding on a deleted charge line no longer says anything; it goes with the line.
ALTER TABLE scrub_results
  DROP CONSTRAINT scrub_results_charge_id_fkey,
  ADD CONSTRAINT scrub_results_charge_id_fkey FOREIGN KEY (charge_id) REFERENCES charges ON DELETE CASCADE;

-- A biller may pass a claim whose findings are all warnings, saying why; errors always block.
ALTER TABLE claims
  ADD COLUMN forced_pass_reason text,
  ADD COLUMN forced_pass_by bigint REFERENCES users,
  ADD COLUMN forced_pass_at timestamptz;
