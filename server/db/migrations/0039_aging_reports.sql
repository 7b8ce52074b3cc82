-- The aging reports (/app/aging-report) under Reports.
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'Aging Report', '/app/aging-report', 1
  FROM menu_types t, modules m WHERE t.title = 'Reports' AND t.parent_id IS NULL AND m.code = 'REPORTS';

-- What aging needs of each claim's ledger and cannot read off the claim row: the day its charges
-- were first posted (aging by posting date) and the part of its balance the payer passed to the
-- patient (the ledger rows of lines with a patient-responsibility marker not reversed). Working
-- both out from the ledger over every claim with a balance took 1.3 s at a million claims, so they
-- are kept here, worked out again from the claim's ledger rows by the statement that adds them:
-- inside the posting transaction, for the claims it touched (decision:
-- docs/decisions/aging-reads-a-summary-kept-by-the-posting.md).
CREATE TABLE claim_aging (
  claim_id bigint PRIMARY KEY REFERENCES claims,
  first_posted date,
  patient_cents bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION claim_aging_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO claim_aging (claim_id, first_posted, patient_cents)
  SELECT touched.claim_id,
         (SELECT min(l.posting_date) FROM ledger_entries l WHERE l.claim_id = touched.claim_id AND l.entry_type = 'charge'),
         (SELECT coalesce(sum(l.amount_cents), 0) FROM ledger_entries l
           WHERE l.claim_id = touched.claim_id
             AND l.charge_id IN (SELECT m.charge_id FROM ledger_entries m
                                  WHERE m.claim_id = touched.claim_id AND m.entry_type = 'patient_responsibility'
                                    AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = m.ledger_id)))
    FROM (SELECT DISTINCT claim_id FROM added WHERE claim_id IS NOT NULL) touched
  ON CONFLICT (claim_id) DO UPDATE SET first_posted = EXCLUDED.first_posted, patient_cents = EXCLUDED.patient_cents;
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_entries_claim_aging AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION claim_aging_refresh();

-- The claims already posted.
INSERT INTO claim_aging (claim_id, first_posted, patient_cents)
SELECT l.claim_id,
       min(l.posting_date) FILTER (WHERE l.entry_type = 'charge'),
       coalesce(sum(l.amount_cents) FILTER (WHERE pr.charge_id IS NOT NULL), 0)
  FROM ledger_entries l
  LEFT JOIN (SELECT DISTINCT m.charge_id FROM ledger_entries m
              WHERE m.entry_type = 'patient_responsibility' AND m.charge_id IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = m.ledger_id)) pr
    ON pr.charge_id = l.charge_id
 WHERE l.claim_id IS NOT NULL
 GROUP BY l.claim_id;

-- Aging reads every claim with a balance, by date of service, from the index alone.
CREATE INDEX claims_aging_idx ON claims (dos_from)
  INCLUDE (claim_id, practice_id, provider_id, insurance_id, patient_id, balance_cents)
  WHERE balance_cents <> 0;
