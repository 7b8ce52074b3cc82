-- Institutional (UB-04 / 837I) claims keyed in the claim form. The claim's own row keeps what both
-- kinds share: its dates are the statement covers period (FL6, DTP*434), its provider the attending
-- physician (FL76, NM1*71), its referring provider FL78 (NM1*DN), its frequency the third digit of
-- the type of bill. What only a UB-04 has is kept here, one row per institutional claim.
-- See docs/decisions/institutional-claims.md.
CREATE TABLE claim_institutional (
  claim_id bigint PRIMARY KEY REFERENCES claims ON DELETE CASCADE,
  -- Type of bill without its frequency: facility type and classification (FL4 digits 2-3, CLM05-1).
  bill_type text NOT NULL CHECK (bill_type ~ '^[1-9][1-9]$'),
  admission_date date,
  -- NUBC admission and discharge hour codes: '00'..'23'.
  admission_hour text CHECK (admission_hour ~ '^([01][0-9]|2[0-3])$'),
  -- NUBC priority (type) of admission or visit (FL14, CL101).
  admission_type text CHECK (admission_type IN ('1', '2', '3', '4', '5', '9')),
  -- NUBC point of origin for admission or visit (FL15, CL102).
  admission_source text CHECK (admission_source ~ '^[1-9A-Z]$'),
  discharge_hour text CHECK (discharge_hour ~ '^([01][0-9]|2[0-3])$'),
  -- NUBC patient discharge status (FL17, CL103).
  patient_status text NOT NULL CHECK (patient_status ~ '^[0-9]{2}$'),
  -- ICD-10-CM without the dot (FL69, HI*ABJ).
  admitting_diagnosis text,
  operating_provider_id bigint REFERENCES providers,
  other_operating_provider_id bigint REFERENCES providers,
  -- FL18-28 (HI*BG): two-character codes in the order keyed.
  condition_codes text[] NOT NULL DEFAULT '{}',
  -- FL31-34 (HI*BH): [{ "code": "11", "date": "YYYY-MM-DD" }].
  occurrence_codes jsonb NOT NULL DEFAULT '[]',
  -- FL35-36 (HI*BI): [{ "code": "70", "from": "YYYY-MM-DD", "through": "YYYY-MM-DD" }].
  occurrence_spans jsonb NOT NULL DEFAULT '[]',
  -- FL39-41 (HI*BE): [{ "code": "80", "amountCents": 300 }].
  value_codes jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX claim_institutional_operating_idx ON claim_institutional (operating_provider_id) WHERE operating_provider_id IS NOT NULL;

-- Present on admission (FL67's shaded column, HI01-9): Y, N, U, W, or 1 (exempt); null when not reported.
ALTER TABLE claim_diagnoses ADD COLUMN poa text CHECK (poa IN ('Y', 'N', 'U', 'W', '1'));

-- FL48 / SV207: the part of a revenue line the payer does not cover (the claim form keeps it within
-- the line's amount).
ALTER TABLE charges ADD COLUMN non_covered_cents bigint NOT NULL DEFAULT 0 CHECK (non_covered_cents >= 0);
