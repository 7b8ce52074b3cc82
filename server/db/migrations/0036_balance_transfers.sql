-- A claim's balance moved from its payer to the patient by a biller: one posting of $0.00
-- patient-responsibility markers, one on each line moved, tied together here so the biller can
-- reverse the whole transfer by naming any of its rows (docs/decisions/claim-balance-transfer.md).
CREATE TABLE balance_transfers (
  balance_transfer_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES claims,
  -- The insurance balance that became the patient's.
  amount_cents bigint NOT NULL,
  -- Restored by the reversal while the claim still stands where the transfer left it.
  claim_status_before smallint NOT NULL,
  posting_date date NOT NULL,
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX balance_transfers_claim_idx ON balance_transfers (claim_id);

ALTER TABLE ledger_entries ADD COLUMN balance_transfer_id bigint REFERENCES balance_transfers;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_balance_transfer_check
  CHECK (balance_transfer_id IS NULL OR entry_type IN ('patient_responsibility', 'reversal'));
CREATE INDEX ledger_entries_balance_transfer_idx ON ledger_entries (balance_transfer_id) WHERE balance_transfer_id IS NOT NULL;
