-- Patient statement runs become bulk jobs. A job walks one kind of record, set by its kind: claims
-- (claim_ids or query, cursor last_claim_id) or, for statement runs, patients (patient_ids, picked
-- by the rules when the run starts unless named, cursor last_patient_id). Each chunk moves its own
-- cursor in the transaction that stores its statements, so a chunk is applied once.
ALTER TABLE bulk_jobs DROP CONSTRAINT bulk_jobs_kind_check;
ALTER TABLE bulk_jobs ADD CONSTRAINT bulk_jobs_kind_check
  CHECK (kind IN ('notes', 'write_off', 'tasks', 'assign', 'charge_batch', 'patient_statements'));
ALTER TABLE bulk_jobs ADD COLUMN patient_ids bigint[];
ALTER TABLE bulk_jobs ADD COLUMN last_patient_id bigint NOT NULL DEFAULT 0;
ALTER TABLE bulk_jobs DROP CONSTRAINT bulk_jobs_check;
ALTER TABLE bulk_jobs ADD CONSTRAINT bulk_jobs_records_check CHECK (
  CASE WHEN kind = 'patient_statements' THEN claim_ids IS NULL AND query IS NULL
       ELSE patient_ids IS NULL AND (claim_ids IS NULL) <> (query IS NULL) END);

-- A record a run could not work is a claim or a patient, by what the run walks.
ALTER TABLE bulk_job_failures DROP CONSTRAINT bulk_job_failures_pkey;
ALTER TABLE bulk_job_failures ALTER COLUMN claim_id DROP NOT NULL;
ALTER TABLE bulk_job_failures ADD COLUMN patient_id bigint;
ALTER TABLE bulk_job_failures ADD CONSTRAINT bulk_job_failures_record_check CHECK ((claim_id IS NULL) <> (patient_id IS NULL));
CREATE UNIQUE INDEX bulk_job_failures_claim_idx ON bulk_job_failures (job_id, claim_id) WHERE claim_id IS NOT NULL;
CREATE UNIQUE INDEX bulk_job_failures_patient_idx ON bulk_job_failures (job_id, patient_id) WHERE patient_id IS NOT NULL;

-- The run is recorded when it is started; its combined file is written when its last chunk has
-- committed. Each statement keeps what it said, so the combined file is drawn from what was stored.
ALTER TABLE patient_statement_runs ALTER COLUMN combined_pdf DROP NOT NULL;
ALTER TABLE patient_statement_runs ADD COLUMN job_id bigint UNIQUE REFERENCES bulk_jobs;
ALTER TABLE patient_statement_runs ADD COLUMN finished_at timestamptz;
ALTER TABLE patient_statements ADD COLUMN statement jsonb;
-- One statement per patient per run, whatever retries a chunk goes through.
CREATE UNIQUE INDEX patient_statements_run_patient_idx ON patient_statements (run_id, patient_id);
DROP INDEX patient_statements_run_idx;
