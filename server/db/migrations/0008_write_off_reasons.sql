-- Write-offs (server/services/claims/writeOff*.ts). The reasons a biller picks, with the fixed ids
-- of contract/writeOff.ts (which explains the group and CARC of each), and on every write_off
-- ledger row the reason it was posted for: most reasons have no CARC of their own, so the reason
-- code alone could not tell a small-balance write-off from bad debt.
CREATE TABLE write_off_reasons (
  write_off_reason_id smallint PRIMARY KEY,
  name text NOT NULL UNIQUE,
  adjustment_group_code text NOT NULL CHECK (adjustment_group_code IN ('CO', 'OA')),
  reason_code text
);

INSERT INTO write_off_reasons (write_off_reason_id, name, adjustment_group_code, reason_code) VALUES
  (1, 'Small balance', 'OA', NULL),
  (2, 'Timely filing limit passed', 'CO', '29'),
  (3, 'Bad debt (sent to collections)', 'OA', NULL),
  (4, 'Administrative', 'OA', NULL),
  (5, 'Charity care or hardship', 'OA', '131'),
  (6, 'Contractual adjustment not posted', 'CO', '45');

-- Rows written before this migration (the demo seed's) carry no reason id.
ALTER TABLE ledger_entries ADD COLUMN write_off_reason_id smallint REFERENCES write_off_reasons;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_write_off_reason_check CHECK (write_off_reason_id IS NULL OR entry_type = 'write_off');

-- A mass write-off runs as a bulk job beside the note runs.
ALTER TABLE bulk_jobs DROP CONSTRAINT bulk_jobs_kind_check;
ALTER TABLE bulk_jobs ADD CONSTRAINT bulk_jobs_kind_check CHECK (kind IN ('notes', 'write_off'));
