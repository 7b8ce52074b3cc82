-- The aging reports' totals, and their rows by payer and by provider, read from sums of the
-- claims' balances kept per practice, provider, payer and day they age from, not from a row per claim: at a million claims the
-- report read 444,662 claim rows for its totals (0.8-1 s on a busy 2-core machine). Buckets move
-- every day, so the sums are kept per day (the date of service, or the day the charges were first
-- posted) and bucketed when read. See docs/decisions/aging-reads-a-summary-kept-by-the-posting.md.
--
-- Insert-only, as the month sums: each change of claim_aging adds its own rows (the claim's new
-- figures under its new key, less its old figures under its old key), and readers add them up. No
-- row is ever updated, so two postings never wait on each other for a shared sum row. The server
-- folds the rows into one a key now and then, as it does the ledger's sums (compact_sum_rows, 0046).
CREATE TABLE aging_sums (
  -- 'dos': aged from the date of service; 'posting': from the day the charges were first posted.
  basis text NOT NULL CHECK (basis IN ('dos', 'posting')),
  aged_from date NOT NULL,
  group_id bigint NOT NULL,
  practice_id bigint NOT NULL,
  provider_id bigint NOT NULL,
  insurance_id bigint,
  balance_cents bigint NOT NULL,
  -- Of the balance, what the patient owes: the lines the payer passed on, or all of a self-pay claim.
  patient_cents bigint NOT NULL,
  -- Claims with a balance; of them, those with a payer's part, and those with a patient's part.
  claims bigint NOT NULL,
  payer_claims bigint NOT NULL,
  patient_claims bigint NOT NULL
);
CREATE INDEX aging_sums_basis_idx ON aging_sums (basis, practice_id, aged_from)
  INCLUDE (group_id, provider_id, insurance_id, balance_cents, patient_cents, claims, payer_claims, patient_claims);

-- The rows a change of claim_aging adds: +1 for its rows as they are now, -1 for its rows as they
-- were. The three triggers name their transition tables alike, so one statement serves them all.
CREATE FUNCTION aging_sums_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := 'group_id, practice_id, provider_id, insurance_id, dos_from, first_posted, balance_cents, patient_cents';
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT 1 AS sign, %s FROM aging_new', cols)
    WHEN 'DELETE' THEN format('SELECT -1 AS sign, %s FROM aging_old', cols)
    ELSE format('SELECT 1 AS sign, %1$s FROM aging_new UNION ALL SELECT -1, %1$s FROM aging_old', cols) END;
  EXECUTE format($sql$
    INSERT INTO aging_sums (basis, aged_from, group_id, practice_id, provider_id, insurance_id,
                            balance_cents, patient_cents, claims, payer_claims, patient_claims)
    SELECT b.basis, b.aged_from, r.group_id, r.practice_id, r.provider_id, r.insurance_id,
           sum(r.sign * r.balance_cents), sum(r.sign * r.patient_part), sum(r.sign),
           coalesce(sum(r.sign) FILTER (WHERE r.balance_cents <> r.patient_part), 0),
           coalesce(sum(r.sign) FILTER (WHERE r.patient_part <> 0), 0)
      FROM (SELECT x.*, CASE WHEN x.insurance_id IS NULL THEN x.balance_cents ELSE x.patient_cents END AS patient_part
              FROM (%s) x WHERE x.balance_cents <> 0) r
     CROSS JOIN LATERAL (VALUES ('dos', r.dos_from), ('posting', coalesce(r.first_posted, r.dos_from))) AS b (basis, aged_from)
     GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(r.sign * r.balance_cents) <> 0 OR sum(r.sign * r.patient_part) <> 0 OR sum(r.sign) <> 0
        OR coalesce(sum(r.sign) FILTER (WHERE r.balance_cents <> r.patient_part), 0) <> 0
        OR coalesce(sum(r.sign) FILTER (WHERE r.patient_part <> 0), 0) <> 0$sql$, changed);
  RETURN NULL;
END $$;

CREATE TRIGGER claim_aging_sums_insert AFTER INSERT ON claim_aging
  REFERENCING NEW TABLE AS aging_new FOR EACH STATEMENT EXECUTE FUNCTION aging_sums_add();
CREATE TRIGGER claim_aging_sums_update AFTER UPDATE ON claim_aging
  REFERENCING OLD TABLE AS aging_old NEW TABLE AS aging_new FOR EACH STATEMENT EXECUTE FUNCTION aging_sums_add();
CREATE TRIGGER claim_aging_sums_delete AFTER DELETE ON claim_aging
  REFERENCING OLD TABLE AS aging_old FOR EACH STATEMENT EXECUTE FUNCTION aging_sums_add();
-- The demo seed writes with replication-role triggers off (PGlite): the sums must follow anyway.
ALTER TABLE claim_aging ENABLE ALWAYS TRIGGER claim_aging_sums_insert;
ALTER TABLE claim_aging ENABLE ALWAYS TRIGGER claim_aging_sums_update;
ALTER TABLE claim_aging ENABLE ALWAYS TRIGGER claim_aging_sums_delete;

-- The claims with a balance now, once.
INSERT INTO aging_sums (basis, aged_from, group_id, practice_id, provider_id, insurance_id,
                        balance_cents, patient_cents, claims, payer_claims, patient_claims)
SELECT b.basis, b.aged_from, r.group_id, r.practice_id, r.provider_id, r.insurance_id,
       sum(r.balance_cents), sum(r.patient_part), count(*),
       count(*) FILTER (WHERE r.balance_cents <> r.patient_part), count(*) FILTER (WHERE r.patient_part <> 0)
  FROM (SELECT c.*, CASE WHEN c.insurance_id IS NULL THEN c.balance_cents ELSE c.patient_cents END AS patient_part
          FROM claim_aging c WHERE c.balance_cents <> 0) r
 CROSS JOIN LATERAL (VALUES ('dos', r.dos_from), ('posting', coalesce(r.first_posted, r.dos_from))) AS b (basis, aged_from)
 GROUP BY 1, 2, 3, 4, 5, 6;
ANALYZE aging_sums;

-- Days so old that every report from now on puts them in the last bucket (120+) need no day of
-- their own: the server's fold moves the days of each month whose last day is more than 130 days
-- back (a margin for clocks and time zones) to the month's first day. It adds back only the rows
-- its own DELETE took, so it is safe beside postings and beside another fold.
CREATE FUNCTION aging_sums_old_days_to_months() RETURNS bigint LANGUAGE sql AS $$
  WITH picked AS (
    -- Rows another fold holds are left to it: no fold waits on another.
    SELECT t.ctid AS row_id FROM aging_sums t
     WHERE t.aged_from < date_trunc('month', current_date - 130)::date AND t.aged_from <> date_trunc('month', t.aged_from)::date
       FOR UPDATE SKIP LOCKED
  ), gone AS (
    DELETE FROM aging_sums t WHERE t.ctid = ANY (ARRAY(SELECT row_id FROM picked)) RETURNING t.*
  ), kept AS (
    INSERT INTO aging_sums (basis, aged_from, group_id, practice_id, provider_id, insurance_id,
                            balance_cents, patient_cents, claims, payer_claims, patient_claims)
    SELECT basis, date_trunc('month', aged_from)::date, group_id, practice_id, provider_id, insurance_id,
           sum(balance_cents), sum(patient_cents), sum(claims), sum(payer_claims), sum(patient_claims)
      FROM gone GROUP BY 1, 2, 3, 4, 5, 6
    RETURNING 1
  )
  SELECT count(*) FROM gone
$$;

-- Aging by patient walks the claims owing in patient order, so it groups without sorting.
CREATE INDEX claim_aging_patient_owed_idx ON claim_aging (patient_id)
  INCLUDE (claim_id, group_id, practice_id, facility_id, provider_id, insurance_id, dos_from, first_posted, balance_cents, patient_cents)
  WHERE balance_cents <> 0;
-- The trial balance's first page sorted by balance is read off this index, not a sort of every claim owing.
CREATE INDEX claim_aging_balance_idx ON claim_aging (balance_cents, claim_id) WHERE balance_cents <> 0;
