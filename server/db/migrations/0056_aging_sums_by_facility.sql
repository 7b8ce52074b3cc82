-- The aging reports' sums (0045) are kept per facility as well, so a report filtered by a facility,
-- or read by a biller who picked facilities in the organisation selector, adds up sums rather than
-- reading every claim owing. A claim moved to another facility changes its claim_aging row, whose
-- triggers move its sums as they do for a provider or payer.

ALTER TABLE aging_sums ADD COLUMN facility_id bigint;

DROP INDEX aging_sums_basis_idx;
CREATE INDEX aging_sums_basis_idx ON aging_sums (basis, practice_id, aged_from)
  INCLUDE (group_id, provider_id, facility_id, insurance_id, balance_cents, patient_cents, claims, payer_claims, patient_claims);

CREATE OR REPLACE FUNCTION aging_sums_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := 'group_id, practice_id, provider_id, facility_id, insurance_id, dos_from, first_posted, balance_cents, patient_cents';
  changed text;
BEGIN
  changed := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT 1 AS sign, %s FROM aging_new', cols)
    WHEN 'DELETE' THEN format('SELECT -1 AS sign, %s FROM aging_old', cols)
    ELSE format('SELECT 1 AS sign, %1$s FROM aging_new UNION ALL SELECT -1, %1$s FROM aging_old', cols) END;
  EXECUTE format($sql$
    INSERT INTO aging_sums (basis, aged_from, group_id, practice_id, provider_id, facility_id, insurance_id,
                            balance_cents, patient_cents, claims, payer_claims, patient_claims)
    SELECT b.basis, b.aged_from, r.group_id, r.practice_id, r.provider_id, r.facility_id, r.insurance_id,
           sum(r.sign * r.balance_cents), sum(r.sign * r.patient_part), sum(r.sign),
           coalesce(sum(r.sign) FILTER (WHERE r.balance_cents <> r.patient_part), 0),
           coalesce(sum(r.sign) FILTER (WHERE r.patient_part <> 0), 0)
      FROM (SELECT x.*, CASE WHEN x.insurance_id IS NULL THEN x.balance_cents ELSE x.patient_cents END AS patient_part
              FROM (%s) x WHERE x.balance_cents <> 0) r
     CROSS JOIN LATERAL (VALUES ('dos', r.dos_from), ('posting', coalesce(r.first_posted, r.dos_from))) AS b (basis, aged_from)
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(r.sign * r.balance_cents) <> 0 OR sum(r.sign * r.patient_part) <> 0 OR sum(r.sign) <> 0
        OR coalesce(sum(r.sign) FILTER (WHERE r.balance_cents <> r.patient_part), 0) <> 0
        OR coalesce(sum(r.sign) FILTER (WHERE r.patient_part <> 0), 0) <> 0$sql$, changed);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION aging_sums_old_days_to_months() RETURNS bigint LANGUAGE sql AS $$
  WITH picked AS (
    -- Rows another fold holds are left to it: no fold waits on another.
    SELECT t.ctid AS row_id FROM aging_sums t
     WHERE t.aged_from < date_trunc('month', current_date - 130)::date AND t.aged_from <> date_trunc('month', t.aged_from)::date
       FOR UPDATE SKIP LOCKED
  ), gone AS (
    DELETE FROM aging_sums t WHERE t.ctid = ANY (ARRAY(SELECT row_id FROM picked)) RETURNING t.*
  ), kept AS (
    INSERT INTO aging_sums (basis, aged_from, group_id, practice_id, provider_id, facility_id, insurance_id,
                            balance_cents, patient_cents, claims, payer_claims, patient_claims)
    SELECT basis, date_trunc('month', aged_from)::date, group_id, practice_id, provider_id, facility_id, insurance_id,
           sum(balance_cents), sum(patient_cents), sum(claims), sum(payer_claims), sum(patient_claims)
      FROM gone GROUP BY 1, 2, 3, 4, 5, 6, 7
    RETURNING 1
  )
  SELECT count(*) FROM gone
$$;

-- The sums so far, once more from the claims owing, now per facility.
DELETE FROM aging_sums;
INSERT INTO aging_sums (basis, aged_from, group_id, practice_id, provider_id, facility_id, insurance_id,
                        balance_cents, patient_cents, claims, payer_claims, patient_claims)
SELECT b.basis, b.aged_from, r.group_id, r.practice_id, r.provider_id, r.facility_id, r.insurance_id,
       sum(r.balance_cents), sum(r.patient_part), count(*),
       count(*) FILTER (WHERE r.balance_cents <> r.patient_part), count(*) FILTER (WHERE r.patient_part <> 0)
  FROM (SELECT c.*, CASE WHEN c.insurance_id IS NULL THEN c.balance_cents ELSE c.patient_cents END AS patient_part
          FROM claim_aging c WHERE c.balance_cents <> 0) r
 CROSS JOIN LATERAL (VALUES ('dos', r.dos_from), ('posting', coalesce(r.first_posted, r.dos_from))) AS b (basis, aged_from)
 GROUP BY 1, 2, 3, 4, 5, 6, 7;
ANALYZE aging_sums;
