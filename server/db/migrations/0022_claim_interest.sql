-- Prompt-payment interest (AMT*I) a payer put into a claim's payment (CLP04): the check's income,
-- kept apart from what posts against the claim's lines, so the deposit still reconciles.
ALTER TABLE era_claims ADD COLUMN interest_cents bigint NOT NULL DEFAULT 0;
