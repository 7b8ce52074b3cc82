-- Eligibility checks: each 270 asked of the payer for a patient's insurance and the 271 it got,
-- kept as sent and received so the reply can be read again with every benefit, and what it
-- came to (active, inactive, rejected by the payer, or not answered) for lists and the claim.
CREATE TABLE eligibility_inquiries (
  inquiry_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  patient_id bigint NOT NULL REFERENCES patients ON DELETE CASCADE,
  patient_insurance_id bigint NOT NULL REFERENCES patient_insurances ON DELETE CASCADE,
  service_date date NOT NULL,
  asked_at timestamptz NOT NULL,
  asked_by bigint REFERENCES users,
  trace_number text NOT NULL,
  inquiry_270 text NOT NULL,
  reply_271 text,
  outcome text NOT NULL CHECK (outcome IN ('active', 'inactive', 'rejected', 'error')),
  -- The front desk's summary as first read, and why the payer could not be asked when it could not.
  summary jsonb,
  message text
);
CREATE INDEX eligibility_inquiries_coverage_idx ON eligibility_inquiries (patient_insurance_id, asked_at DESC, inquiry_id DESC);
CREATE INDEX eligibility_inquiries_patient_idx ON eligibility_inquiries (patient_id, asked_at DESC);
