-- A data role usually covers most practices, so the first page of a sorted list is cheapest when
-- read off an index in sort order, filtering practices on the way; the practice-first indexes of
-- 0001 still serve lists filtered to one practice.
CREATE INDEX claims_patient_name_idx ON claims (patient_name, claim_id);
CREATE INDEX claims_dos_from_idx ON claims (dos_from, claim_id);
CREATE INDEX claims_balance_idx ON claims (balance_cents, claim_id);
CREATE INDEX claims_status_idx ON claims (claim_status_id, claim_id);
