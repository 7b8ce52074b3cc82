-- Eligibility for the patients of a day's claims as a bulk run: a run of kind 'eligibility' walks
-- the claims, and each check it asks is kept with the run, so a coverage is asked once per run
-- however many of the day's claims bill it.
ALTER TABLE bulk_jobs DROP CONSTRAINT bulk_jobs_kind_check;
ALTER TABLE bulk_jobs ADD CONSTRAINT bulk_jobs_kind_check
  CHECK (kind IN ('notes', 'write_off', 'tasks', 'assign', 'charge_batch', 'patient_statements', 'eligibility'));
ALTER TABLE eligibility_inquiries ADD COLUMN job_id bigint REFERENCES bulk_jobs ON DELETE SET NULL;
CREATE INDEX eligibility_inquiries_job_idx ON eligibility_inquiries (job_id, patient_insurance_id, service_date)
  WHERE job_id IS NOT NULL;
