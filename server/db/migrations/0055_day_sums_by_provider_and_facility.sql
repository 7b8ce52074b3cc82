-- The AR dashboard's day sums keep the claim's provider and facility, as the month sums do (0044),
-- so a biller who picked facilities or providers in the organisation selector reads the sums of
-- their claims rather than adding up the claims' ledger rows (about five times slower at 20,000
-- claims, and growing with the facility's rows). A claim moved to another provider or facility
-- takes its sums along, every day of them.

ALTER TABLE ledger_day_sums ADD COLUMN provider_id bigint, ADD COLUMN facility_id bigint;

DROP INDEX ledger_day_sums_practice_day_idx;
CREATE INDEX ledger_day_sums_practice_day_idx ON ledger_day_sums (practice_id, posting_date)
  INCLUDE (provider_id, facility_id, entry_type, reversed_type, amount_cents, entries, claims_billed);

-- Each posting statement's rows under their claim's provider and facility as they are now. Every
-- claim of the new rows is locked first (in id order, as the writers of claim money lock them):
-- the first-charge and first-payment tests need it (0046), and an edit of a claim's provider or
-- facility under way finishes first, so the key read is the one that edit moved the earlier rows to.
CREATE OR REPLACE FUNCTION ledger_day_sums_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM claims c
    WHERE c.claim_id IN (SELECT n.claim_id FROM ledger_new_rows n WHERE n.claim_id IS NOT NULL)
    ORDER BY c.claim_id FOR NO KEY UPDATE;

  INSERT INTO ledger_day_sums (group_id, practice_id, posting_date, provider_id, facility_id, entry_type, reversed_type,
                               amount_cents, entries, claims_billed)
  WITH firsts AS (
    SELECT x.claim_id, min(x.ledger_id) AS first_id, array_agg(x.ledger_id) AS ids
      FROM ledger_new_rows x WHERE x.entry_type = 'charge' AND x.claim_id IS NOT NULL GROUP BY x.claim_id
  ), billed AS (
    SELECT f.first_id FROM firsts f
     WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e
                        WHERE e.claim_id = f.claim_id AND e.entry_type = 'charge' AND e.ledger_id <> ALL (f.ids))
  )
  SELECT n.group_id, n.practice_id, n.posting_date, c.provider_id, c.facility_id, n.entry_type, coalesce(o.entry_type, ''),
         sum(n.amount_cents), count(*), count(b.first_id)
    FROM ledger_new_rows n
    JOIN claims c ON c.claim_id = n.claim_id
    LEFT JOIN ledger_entries o ON o.ledger_id = n.reverses_ledger_id
    LEFT JOIN billed b ON b.first_id = n.ledger_id
   GROUP BY 1, 2, 3, 4, 5, 6, 7;

  -- A submitted claim's first payment by its payer: the days it took and the share it paid.
  INSERT INTO payer_payment_lags (practice_id, insurance_id, lag_days, claims, paid_cents, charge_cents)
  SELECT c.practice_id, c.insurance_id, greatest(n.first_day - c.submitted_at::date, 0), count(*), sum(n.paid_cents),
         sum((SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e WHERE e.claim_id = c.claim_id AND e.entry_type = 'charge'))
    FROM (SELECT x.claim_id, array_agg(x.ledger_id) AS ids, min(x.posting_date) AS first_day, -sum(x.amount_cents) AS paid_cents
            FROM ledger_new_rows x WHERE x.entry_type = 'insurance_payment' AND x.claim_id IS NOT NULL GROUP BY x.claim_id) n
    JOIN claims c ON c.claim_id = n.claim_id
   WHERE c.insurance_id IS NOT NULL AND c.submitted_at IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM ledger_entries e
                      WHERE e.claim_id = n.claim_id AND e.entry_type = 'insurance_payment' AND e.ledger_id <> ALL (n.ids))
   GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;

-- A claim moved to another provider or facility: its rows' sums leave the old key and join the
-- new one, each day and kind, the claim's first charge row counting as billed where it goes.
CREATE FUNCTION ledger_day_sums_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_day_sums (group_id, practice_id, posting_date, provider_id, facility_id, entry_type, reversed_type,
                               amount_cents, entries, claims_billed)
  SELECT l.group_id, l.practice_id, l.posting_date, k.provider_id, k.facility_id, l.entry_type, coalesce(o.entry_type, ''),
         k.sign * sum(l.amount_cents), k.sign * count(*), k.sign * count(*) FILTER (WHERE l.ledger_id = f.first_charge)
    FROM ledger_entries l
    LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id
    CROSS JOIN (SELECT min(e.ledger_id) AS first_charge FROM ledger_entries e
                 WHERE e.claim_id = NEW.claim_id AND e.entry_type = 'charge') f
    CROSS JOIN (VALUES (OLD.provider_id, OLD.facility_id, -1), (NEW.provider_id, NEW.facility_id, 1)) AS k (provider_id, facility_id, sign)
   WHERE l.claim_id = NEW.claim_id
   GROUP BY 1, 2, 3, 4, 5, 6, 7, k.sign;
  RETURN NULL;
END $$;

CREATE TRIGGER claims_day_sums_move AFTER UPDATE OF provider_id, facility_id ON claims FOR EACH ROW
  WHEN (OLD.provider_id IS DISTINCT FROM NEW.provider_id OR OLD.facility_id IS DISTINCT FROM NEW.facility_id)
  EXECUTE FUNCTION ledger_day_sums_move();
-- As the month sums' move (0044): the demo seed writes with replication-role triggers off (PGlite).
ALTER TABLE claims ENABLE ALWAYS TRIGGER claims_day_sums_move;

-- The sums so far, once more from the ledger, now per provider and facility.
DELETE FROM ledger_day_sums;
INSERT INTO ledger_day_sums (group_id, practice_id, posting_date, provider_id, facility_id, entry_type, reversed_type,
                             amount_cents, entries, claims_billed)
SELECT l.group_id, l.practice_id, l.posting_date, c.provider_id, c.facility_id, l.entry_type, coalesce(o.entry_type, ''),
       sum(l.amount_cents), count(*), count(*) FILTER (WHERE l.ledger_id = f.first_charge)
  FROM ledger_entries l
  JOIN claims c ON c.claim_id = l.claim_id
  LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id
  LEFT JOIN (SELECT claim_id, min(ledger_id) AS first_charge FROM ledger_entries WHERE entry_type = 'charge' AND claim_id IS NOT NULL GROUP BY claim_id) f
    ON f.claim_id = l.claim_id
 GROUP BY 1, 2, 3, 4, 5, 6, 7;
