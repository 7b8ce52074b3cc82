-- ERA upload: what the balancing found is kept with the check, and a deleted (unposted) check or
-- file no longer blocks uploading the corrected one: the "same 835 never twice" rules hold among
-- the live ones, enforced by the database so two uploads racing each other cannot both land.
ALTER TABLE era_checks ADD COLUMN balanced boolean NOT NULL DEFAULT true;
ALTER TABLE era_checks ADD COLUMN imbalances jsonb NOT NULL DEFAULT '[]';
ALTER TABLE era_checks DROP CONSTRAINT era_checks_group_id_payer_identifier_trace_number_key;
CREATE UNIQUE INDEX era_checks_live_trace_idx ON era_checks (group_id, payer_identifier, trace_number) WHERE status <> 'deleted';
CREATE INDEX era_checks_group_idx ON era_checks (group_id, era_check_id);

ALTER TABLE era_files ADD COLUMN deleted_at timestamptz;
ALTER TABLE era_files DROP CONSTRAINT era_files_group_id_file_hash_key;
CREATE UNIQUE INDEX era_files_live_hash_idx ON era_files (group_id, file_hash) WHERE deleted_at IS NULL;

-- How each ERA claim and line found ours: 'claim id', 'line control number', 'code and date';
-- null while unmatched (the biller links those by hand).
ALTER TABLE era_claims ADD COLUMN matched_by text;
ALTER TABLE era_lines ADD COLUMN matched_by text;
ALTER TABLE era_lines ADD COLUMN service_date_to date;
CREATE INDEX era_adjustments_claim_idx ON era_adjustments (era_claim_id);
