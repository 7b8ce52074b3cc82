-- The aging reports (/app/aging-report) under Reports.
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'Aging Report', '/app/aging-report', 1
  FROM menu_types t, modules m WHERE t.title = 'Reports' AND t.parent_id IS NULL AND m.code = 'REPORTS'
   AND NOT EXISTS (SELECT 1 FROM menu_links l WHERE l.link = '/app/aging-report');

-- What aging reads of each claim, kept in one narrow row so that a million claims age from one
-- index: the claim's balance as its ledger rows add up, the part of it on lines the payer passed
-- to the patient (patient-responsibility markers not reversed), the day its charges were first
-- posted, and the claim's own fields the reports group and filter by. Reading the balance split
-- from the ledger beside the claims took 1.3 s at a million claims; joining a side table to the
-- claims 2 s. The ledger part is worked out again from the claim's ledger rows by the statement
-- that adds them, inside the posting transaction; the claim's fields follow its row
-- (docs/decisions/aging-reads-a-summary-kept-by-the-posting.md).
CREATE TABLE claim_aging (
  claim_id bigint PRIMARY KEY REFERENCES claims,
  group_id bigint NOT NULL,
  practice_id bigint NOT NULL,
  facility_id bigint,
  provider_id bigint NOT NULL,
  insurance_id bigint,
  patient_id bigint NOT NULL,
  dos_from date NOT NULL,
  first_posted date,
  balance_cents bigint NOT NULL DEFAULT 0,
  patient_cents bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION claim_aging_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_aging (claim_id, group_id, practice_id, facility_id, provider_id, insurance_id, patient_id, dos_from,
                           first_posted, balance_cents, patient_cents)
  SELECT c.claim_id, c.group_id, c.practice_id, c.facility_id, c.provider_id, c.insurance_id, c.patient_id, c.dos_from,
         (SELECT min(l.posting_date) FROM ledger_entries l WHERE l.claim_id = c.claim_id AND l.entry_type = 'charge'),
         (SELECT coalesce(sum(l.amount_cents), 0) FROM ledger_entries l WHERE l.claim_id = c.claim_id),
         (SELECT coalesce(sum(l.amount_cents), 0) FROM ledger_entries l
           WHERE l.claim_id = c.claim_id
             AND l.charge_id IN (SELECT m.charge_id FROM ledger_entries m
                                  WHERE m.claim_id = c.claim_id AND m.entry_type = 'patient_responsibility'
                                    AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = m.ledger_id)))
    FROM claims c
   WHERE c.claim_id IN (SELECT DISTINCT claim_id FROM added WHERE claim_id IS NOT NULL)
  ON CONFLICT (claim_id) DO UPDATE SET
    group_id = EXCLUDED.group_id, practice_id = EXCLUDED.practice_id, facility_id = EXCLUDED.facility_id,
    provider_id = EXCLUDED.provider_id, insurance_id = EXCLUDED.insurance_id, patient_id = EXCLUDED.patient_id,
    dos_from = EXCLUDED.dos_from, first_posted = EXCLUDED.first_posted, balance_cents = EXCLUDED.balance_cents,
    patient_cents = EXCLUDED.patient_cents;
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_entries_claim_aging AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION claim_aging_refresh();
-- The demo seed writes the ledger with replication-role triggers off (PGlite): aging must follow anyway.
ALTER TABLE ledger_entries ENABLE ALWAYS TRIGGER ledger_entries_claim_aging;

-- A claim edited (its payer, provider, dates...) is aged under what it says now.
CREATE FUNCTION claim_aging_follow_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE claim_aging SET group_id = NEW.group_id, practice_id = NEW.practice_id, facility_id = NEW.facility_id,
         provider_id = NEW.provider_id, insurance_id = NEW.insurance_id, patient_id = NEW.patient_id, dos_from = NEW.dos_from
   WHERE claim_id = NEW.claim_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER claims_claim_aging AFTER UPDATE OF group_id, practice_id, facility_id, provider_id, insurance_id, patient_id, dos_from
  ON claims FOR EACH ROW EXECUTE FUNCTION claim_aging_follow_claim();
ALTER TABLE claims ENABLE ALWAYS TRIGGER claims_claim_aging;

-- The claims already posted.
INSERT INTO claim_aging (claim_id, group_id, practice_id, facility_id, provider_id, insurance_id, patient_id, dos_from,
                         first_posted, balance_cents, patient_cents)
SELECT c.claim_id, c.group_id, c.practice_id, c.facility_id, c.provider_id, c.insurance_id, c.patient_id, c.dos_from,
       s.first_posted, s.balance_cents, s.patient_cents
  FROM (SELECT l.claim_id,
               min(l.posting_date) FILTER (WHERE l.entry_type = 'charge') AS first_posted,
               sum(l.amount_cents) AS balance_cents,
               coalesce(sum(l.amount_cents) FILTER (WHERE pr.charge_id IS NOT NULL), 0) AS patient_cents
          FROM ledger_entries l
          LEFT JOIN (SELECT DISTINCT m.charge_id FROM ledger_entries m
                      WHERE m.entry_type = 'patient_responsibility' AND m.charge_id IS NOT NULL
                        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = m.ledger_id)) pr
            ON pr.charge_id = l.charge_id
         WHERE l.claim_id IS NOT NULL
         GROUP BY l.claim_id) s
  JOIN claims c ON c.claim_id = s.claim_id;

-- Aging reads every claim with a balance from this index alone.
CREATE INDEX claim_aging_owed_idx ON claim_aging (dos_from)
  INCLUDE (claim_id, group_id, practice_id, provider_id, insurance_id, patient_id, first_posted, balance_cents, patient_cents)
  WHERE balance_cents <> 0;
