-- Batches: a deposit (payment batch or posted ERA check) is reconciled once what was posted from it
-- equals what was deposited; who and when is kept with it. A reconciled batch takes no postings.
ALTER TABLE payment_batches ADD COLUMN description text;
ALTER TABLE payment_batches ADD COLUMN reconciled_at timestamptz;
ALTER TABLE payment_batches ADD COLUMN reconciled_by bigint REFERENCES users;
ALTER TABLE payment_batches ADD CONSTRAINT payment_batches_status_check CHECK (status IN ('open', 'closed', 'reconciled'));
ALTER TABLE era_checks ADD COLUMN reconciled_at timestamptz;
ALTER TABLE era_checks ADD COLUMN reconciled_by bigint REFERENCES users;
ALTER TABLE charge_batches ADD CONSTRAINT charge_batches_status_check CHECK (status IN ('open', 'closed'));
ALTER TABLE document_batches ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed'));

-- A batch's detail and totals read its ledger rows, claims and documents by these.
CREATE INDEX ledger_entries_payment_batch_idx ON ledger_entries (payment_batch_id) WHERE payment_batch_id IS NOT NULL;
CREATE INDEX claims_charge_batch_idx ON claims (charge_batch_id) WHERE charge_batch_id IS NOT NULL;
CREATE INDEX documents_payment_batch_idx ON documents (payment_batch_id) WHERE payment_batch_id IS NOT NULL;
CREATE INDEX documents_charge_batch_idx ON documents (charge_batch_id) WHERE charge_batch_id IS NOT NULL;
CREATE INDEX documents_document_batch_idx ON documents (document_batch_id) WHERE document_batch_id IS NOT NULL;
CREATE INDEX payment_batches_practice_idx ON payment_batches (practice_id, payment_batch_id);
CREATE INDEX charge_batches_practice_idx ON charge_batches (practice_id, charge_batch_id);
CREATE INDEX document_batches_practice_idx ON document_batches (practice_id, document_batch_id);
