-- The claims search by name is a prefix match (patient_name LIKE 'SMITH%'). PostgreSQL uses a
-- plain btree for LIKE only under the C collation; on a server whose database collation is anything
-- else (C.UTF-8, en_US.UTF-8) counting a common surname scanned the whole table (80 ms a search at a
-- million claims). text_pattern_ops compares bytes, so the prefix becomes an index range.
CREATE INDEX claims_patient_name_prefix_idx ON claims (patient_name text_pattern_ops, claim_id) INCLUDE (practice_id);
