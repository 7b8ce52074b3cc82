-- Acknowledgements and claim status (server/services/acknowledgements/): the 999s and 277CAs a
-- clearinghouse answers our 837 files with, the 276 inquiries we send and the 277s that answer them.

-- One row per acknowledgement or status file applied. The same file applied again (same text)
-- finds its row and changes nothing.
CREATE TABLE acknowledgement_files (
  acknowledgement_file_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sha256 text NOT NULL UNIQUE,
  clearing_house_id smallint REFERENCES clearing_houses,
  file_name text,
  transaction_set text NOT NULL CHECK (transaction_set IN ('999', '277CA', '277')),
  applied_at timestamptz NOT NULL,
  applied_by bigint REFERENCES users,
  summary jsonb NOT NULL DEFAULT '{}'
);

-- What a 999 said of a batch.
ALTER TABLE submission_batches
  ADD COLUMN acknowledged_at timestamptz,
  ADD COLUMN acknowledgement_detail text;

-- The payer's own number for a claim (REF*1K of a 277CA or 277): sent back as REF*F8 when the
-- claim is corrected and sent again as a replacement (frequency 7).
ALTER TABLE claims ADD COLUMN payer_claim_number text;

-- Each claim's statuses as acknowledgements and status responses gave them, oldest first.
CREATE TABLE claim_status_history (
  claim_status_history_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES claims,
  acknowledgement_file_id bigint REFERENCES acknowledgement_files,
  submission_batch_id bigint REFERENCES submission_batches,
  source text NOT NULL CHECK (source IN ('999', '277CA', '277')),
  -- Who answered: clearinghouse or payer.
  answered_by text NOT NULL CHECK (answered_by IN ('clearinghouse', 'payer')),
  answered_by_name text NOT NULL DEFAULT '',
  outcome text NOT NULL CHECK (outcome IN ('accepted', 'rejected', 'pending', 'finalized', 'information')),
  category_code text NOT NULL DEFAULT '',
  status_code text NOT NULL DEFAULT '',
  entity_code text NOT NULL DEFAULT '',
  -- The codes in words, one line per status the answer gave.
  reason text NOT NULL DEFAULT '',
  payer_claim_number text,
  effective_date date,
  charge_cents bigint,
  payment_cents bigint,
  detail jsonb NOT NULL DEFAULT '{}',
  recorded_at timestamptz NOT NULL
);
CREATE INDEX claim_status_history_claim_idx ON claim_status_history (claim_id, recorded_at, claim_status_history_id);

-- A claim status inquiry (276) for one payer's claims, and where it went.
CREATE TABLE claim_status_inquiries (
  claim_status_inquiry_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  insurance_id bigint NOT NULL REFERENCES insurances,
  clearing_house_id smallint REFERENCES clearing_houses,
  interchange_control_number bigint NOT NULL UNIQUE,
  file_name text NOT NULL,
  content text NOT NULL,
  state text NOT NULL CHECK (state IN ('ready', 'sent', 'answered', 'failed')),
  send_error text,
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  answered_at timestamptz
);
CREATE INDEX claim_status_inquiries_group_idx ON claim_status_inquiries (group_id, claim_status_inquiry_id);

CREATE TABLE claim_status_inquiry_claims (
  claim_status_inquiry_id bigint NOT NULL REFERENCES claim_status_inquiries,
  claim_id bigint NOT NULL REFERENCES claims,
  -- TRN02 of the claim's 2200D: the 277 echoes it back.
  trace_number text NOT NULL UNIQUE,
  claim_status_history_id bigint REFERENCES claim_status_history,
  PRIMARY KEY (claim_status_inquiry_id, claim_id)
);
CREATE INDEX claim_status_inquiry_claims_claim_idx ON claim_status_inquiry_claims (claim_id);
