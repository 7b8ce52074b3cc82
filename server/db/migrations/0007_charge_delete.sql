-- Deleting a charge line (AddEditClaim/deleteChargeByID). The ledger is append-only and refers to
-- the line, so the row stays, marked 'deleted', with a reversal of its 'charge' row; every read of
-- lines leaves deleted ones out. Its history (charge_status_history) says who deleted it and when.
ALTER TABLE charges
  DROP CONSTRAINT charges_charge_status_check,
  ADD CONSTRAINT charges_charge_status_check CHECK (charge_status IN ('active', 'hold', 'void', 'deleted'));

-- A deleted line owes nothing: its 'charge' row was reversed when it was deleted.
ALTER TABLE charges
  ADD CONSTRAINT charges_deleted_settled_check CHECK (charge_status <> 'deleted' OR balance_cents = 0);

CREATE INDEX charge_status_history_charge_idx ON charge_status_history (charge_id, changed_at);
