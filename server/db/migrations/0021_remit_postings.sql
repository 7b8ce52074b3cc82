-- Posting a payer's remit as the payer meant it.
--
-- Each ERA claim posts on its own (a check posts its matched claims; the others wait in the
-- queue, linkable and postable later), and every ledger row it writes names it, so a reversal
-- (CLP02 22) undoes exactly the posting it names and nothing else.
ALTER TABLE era_claims ADD COLUMN posted_at timestamptz;
ALTER TABLE era_claims ADD COLUMN posted_by bigint REFERENCES users;
-- A reversal names the posting it undid; UNIQUE, so no posting is ever reversed twice.
ALTER TABLE era_claims ADD COLUMN reverses_era_claim_id bigint UNIQUE REFERENCES era_claims;
-- REF*F8 on a correction: the payer's claim control number of the claim it corrects.
ALTER TABLE era_claims ADD COLUMN original_reference text;
-- NM1*QC / NM1*IL member IDs, compared with ours before a claim is matched.
ALTER TABLE era_claims ADD COLUMN member_id text;
-- A claim of ours whose ID the ERA claim carries but that disagrees on the patient, or on both the
-- amount and the dates: shown as a suggestion in the unmatched queue, never posted without a link.
ALTER TABLE era_claims ADD COLUMN suggested_claim_id bigint REFERENCES claims;
-- Why an ERA claim was held back at posting (a reversal whose original cannot be found).
ALTER TABLE era_claims ADD COLUMN held_reason text;

ALTER TABLE ledger_entries ADD COLUMN era_claim_id bigint REFERENCES era_claims;
CREATE INDEX ledger_entries_era_claim_idx ON ledger_entries (era_claim_id) WHERE era_claim_id IS NOT NULL;

-- Rows written before: a line's rows name its ERA claim through the line; claim-level rows the
-- one ERA claim of their check for their claim.
ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;
UPDATE ledger_entries l SET era_claim_id = el.era_claim_id FROM era_lines el WHERE el.era_line_id = l.era_line_id AND l.era_claim_id IS NULL;
UPDATE ledger_entries l SET era_claim_id = x.era_claim_id
  FROM era_claims x
 WHERE l.era_claim_id IS NULL AND l.era_line_id IS NULL AND l.era_check_id = x.era_check_id AND l.claim_id = x.claim_id
   AND (SELECT count(*) FROM era_claims y WHERE y.era_check_id = x.era_check_id AND y.claim_id = x.claim_id) = 1;
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;

UPDATE era_claims x SET posted_at = ec.posted_at, posted_by = ec.posted_by
  FROM era_checks ec WHERE ec.era_check_id = x.era_check_id AND ec.status = 'posted' AND x.claim_id IS NOT NULL;

-- A check is 'partial' while some of its claims wait in the queue after the others posted.
ALTER TABLE era_checks DROP CONSTRAINT era_checks_status_check;
ALTER TABLE era_checks ADD CONSTRAINT era_checks_status_check CHECK (status IN ('unposted', 'partial', 'posted', 'deleted'));
UPDATE era_checks ec SET status = 'partial'
 WHERE ec.status = 'posted' AND EXISTS (SELECT 1 FROM era_claims x WHERE x.era_check_id = ec.era_check_id AND x.posted_at IS NULL);

-- A payer's check (payer, trace number, payee) exists once in the whole database, whatever group
-- it was uploaded into. Checks stored without their payee (before this) count their group as the
-- payee, so they stay as unique as they were.
ALTER TABLE era_checks ADD COLUMN payee_identifier text;
DROP INDEX era_checks_live_trace_idx;
CREATE UNIQUE INDEX era_checks_live_trace_idx ON era_checks (payer_identifier, trace_number, (coalesce(payee_identifier, 'group ' || group_id::text))) WHERE status <> 'deleted';

-- Provider-level adjustments (PLB) that name one of our claims post to it; the rest stay the check's.
ALTER TABLE era_provider_adjustments ADD COLUMN claim_id bigint REFERENCES claims;
ALTER TABLE era_provider_adjustments ADD COLUMN posted_at timestamptz;
ALTER TABLE ledger_entries ADD COLUMN era_provider_adjustment_id bigint REFERENCES era_provider_adjustments;

-- A payment keyed from a paper EOB: what the payer said, kept as it said it (the secondary claim
-- carries it), and posted once per EOB reference and line. A line whose payment was reversed no
-- longer counts, so the corrected EOB can be keyed again.
CREATE TABLE paper_eobs (
  paper_eob_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  claim_id bigint NOT NULL REFERENCES claims,
  insurance_id bigint REFERENCES insurances,
  reference text NOT NULL,
  payer_claim_number text,
  denied boolean NOT NULL DEFAULT false,
  paid_cents bigint NOT NULL,
  posting_date date NOT NULL,
  payment_batch_id bigint REFERENCES payment_batches,
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX paper_eobs_claim_idx ON paper_eobs (claim_id);

CREATE TABLE paper_eob_lines (
  paper_eob_line_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  paper_eob_id bigint NOT NULL REFERENCES paper_eobs,
  charge_id bigint NOT NULL REFERENCES charges,
  payer_key bigint NOT NULL,
  reference_key text NOT NULL,
  paid_cents bigint NOT NULL,
  -- [{ "group": "CO", "reason": "45", "cents": 3000 }, ...] as keyed.
  adjustments jsonb NOT NULL DEFAULT '[]',
  reversed_at timestamptz
);
CREATE UNIQUE INDEX paper_eob_lines_once_idx ON paper_eob_lines (payer_key, reference_key, charge_id) WHERE reversed_at IS NULL;
CREATE INDEX paper_eob_lines_eob_idx ON paper_eob_lines (paper_eob_id);

ALTER TABLE ledger_entries ADD COLUMN paper_eob_id bigint REFERENCES paper_eobs;
CREATE INDEX ledger_entries_paper_eob_idx ON ledger_entries (paper_eob_id) WHERE paper_eob_id IS NOT NULL;
