-- Advance payments are listed by patient, and each one's credit is read back from its ledger rows
-- (the deposit, its applications, refunds and reversals) on every apply, refund and list.
CREATE INDEX advance_payments_patient_idx ON advance_payments (patient_id);
CREATE INDEX ledger_entries_advance_idx ON ledger_entries (advance_payment_id) WHERE advance_payment_id IS NOT NULL;
