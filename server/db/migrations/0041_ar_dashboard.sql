-- The accounts-receivable dashboard (/app/ar-dashboard): its menu link, the day sums of the
-- ledger its money widgets read, and the payers' payment history its expected payments read.
--
-- Summing the ledger itself for a year of a group at a million claims reads four million rows
-- (1.8 s measured); the widgets must answer in well under a second. So the ledger keeps, in the
-- transaction that writes its rows, their sums per practice, payer, posting day and kind of row
-- (a reversal under the kind it reverses), and the dashboard applies the figure model
-- (ledgerFigures.ts) to those sums. See docs/decisions/ar-dashboard-day-sums.md.

INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'AR Dashboard', '/app/ar-dashboard', 1
  FROM menu_types t, modules m WHERE t.title = 'Reports' AND t.parent_id IS NULL AND m.code = 'DASHBOARD';

-- One row per practice, posting day, kind of row and, for a reversal, the kind it reverses (''
-- otherwise). Only rows on a claim: a deposit not yet applied is no claim money.
CREATE TABLE ledger_day_sums (
  group_id bigint NOT NULL REFERENCES groups,
  practice_id bigint NOT NULL REFERENCES practices,
  posting_date date NOT NULL,
  entry_type text NOT NULL,
  reversed_type text NOT NULL,
  amount_cents bigint NOT NULL,
  entries bigint NOT NULL,
  -- Claims whose first charge row is among these rows: the claims billed that day.
  claims_billed bigint NOT NULL,
  PRIMARY KEY (practice_id, posting_date, entry_type, reversed_type)
);

-- Per practice, payer and number of days from a claim's submission to the payer's first
-- payment on it: how many claims, what that first payment paid and what the claims charged.
CREATE TABLE payer_payment_lags (
  practice_id bigint NOT NULL REFERENCES practices,
  insurance_id bigint NOT NULL,
  lag_days integer NOT NULL,
  claims bigint NOT NULL,
  paid_cents bigint NOT NULL,
  charge_cents bigint NOT NULL,
  PRIMARY KEY (practice_id, insurance_id, lag_days)
);

-- The claims list's posting-date filter and the first-payment test look rows up by claim and kind.
CREATE INDEX ledger_entries_claim_type_idx ON ledger_entries (claim_id, entry_type, ledger_id) WHERE claim_id IS NOT NULL;
-- Unresolved tasks of a user, newest due first.
CREATE INDEX tasks_open_assigned_idx ON tasks (assigned_user_id, due_date, task_id) INCLUDE (group_id, claim_id) WHERE status = 'open';
-- Claims awaiting the payer (Submitted, Accepted by Payer) with a balance, for expected payments.
CREATE INDEX claims_awaiting_payer_idx ON claims (practice_id, insurance_id) INCLUDE (submitted_at, balance_cents)
  WHERE claim_status_id IN (3, 4) AND balance_cents > 0 AND submitted_at IS NOT NULL;
-- Action-needed and open work counts per practice and status, without touching the table.
CREATE INDEX claims_practice_status_balance_idx ON claims (practice_id, claim_status_id) INCLUDE (balance_cents, scrub_status_id, submit_status_id);
CREATE INDEX claims_practice_submit_status_idx ON claims (practice_id, submit_status_id) INCLUDE (balance_cents, claim_status_id, scrub_status_id);

-- Sorted on the key so two postings at once take their row locks in the same order.
CREATE FUNCTION ledger_day_sums_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_day_sums AS s (group_id, practice_id, posting_date, entry_type, reversed_type, amount_cents, entries, claims_billed)
  SELECT n.group_id, n.practice_id, n.posting_date, n.entry_type, coalesce(o.entry_type, ''),
         sum(n.amount_cents), count(*),
         count(*) FILTER (WHERE n.entry_type = 'charge'
                            AND NOT EXISTS (SELECT 1 FROM ledger_entries e
                                             WHERE e.claim_id = n.claim_id AND e.entry_type = 'charge' AND e.ledger_id < n.ledger_id))
    FROM ledger_new_rows n
    LEFT JOIN ledger_entries o ON o.ledger_id = n.reverses_ledger_id
   WHERE n.claim_id IS NOT NULL
   GROUP BY n.group_id, n.practice_id, n.posting_date, n.entry_type, coalesce(o.entry_type, '')
   ORDER BY 2, 3, 4, 5
  ON CONFLICT (practice_id, posting_date, entry_type, reversed_type) DO UPDATE
     SET amount_cents = s.amount_cents + EXCLUDED.amount_cents,
         entries = s.entries + EXCLUDED.entries,
         claims_billed = s.claims_billed + EXCLUDED.claims_billed;

  -- A submitted claim's first payment by its payer: the days it took and the share it paid.
  INSERT INTO payer_payment_lags AS p (practice_id, insurance_id, lag_days, claims, paid_cents, charge_cents)
  SELECT c.practice_id, c.insurance_id, greatest(n.first_day - c.submitted_at::date, 0), count(*), sum(n.paid_cents),
         sum((SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e WHERE e.claim_id = c.claim_id AND e.entry_type = 'charge'))
    FROM (SELECT x.claim_id, min(x.ledger_id) AS first_id, min(x.posting_date) AS first_day, -sum(x.amount_cents) AS paid_cents
            FROM ledger_new_rows x WHERE x.entry_type = 'insurance_payment' AND x.claim_id IS NOT NULL GROUP BY x.claim_id) n
    JOIN claims c ON c.claim_id = n.claim_id
   WHERE c.insurance_id IS NOT NULL AND c.submitted_at IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM ledger_entries e
                      WHERE e.claim_id = n.claim_id AND e.entry_type = 'insurance_payment' AND e.ledger_id < n.first_id)
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (practice_id, insurance_id, lag_days) DO UPDATE
     SET claims = p.claims + EXCLUDED.claims,
         paid_cents = p.paid_cents + EXCLUDED.paid_cents,
         charge_cents = p.charge_cents + EXCLUDED.charge_cents;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_entries_day_sums AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS ledger_new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_day_sums_add();
-- The demo seed writes the ledger with replication-role triggers off (PGlite): the sums must follow anyway.
ALTER TABLE ledger_entries ENABLE ALWAYS TRIGGER ledger_entries_day_sums;

-- The rows written before this migration, once.
INSERT INTO ledger_day_sums (group_id, practice_id, posting_date, entry_type, reversed_type, amount_cents, entries, claims_billed)
SELECT l.group_id, l.practice_id, l.posting_date, l.entry_type, coalesce(o.entry_type, ''),
       sum(l.amount_cents), count(*), count(*) FILTER (WHERE l.ledger_id = f.first_charge)
  FROM ledger_entries l
  LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id
  LEFT JOIN (SELECT claim_id, min(ledger_id) AS first_charge FROM ledger_entries WHERE entry_type = 'charge' AND claim_id IS NOT NULL GROUP BY claim_id) f
    ON f.claim_id = l.claim_id
 WHERE l.claim_id IS NOT NULL
 GROUP BY l.group_id, l.practice_id, l.posting_date, l.entry_type, coalesce(o.entry_type, '');

-- A claim's first payment here is the payer's rows of its first paying day.
INSERT INTO payer_payment_lags (practice_id, insurance_id, lag_days, claims, paid_cents, charge_cents)
SELECT c.practice_id, c.insurance_id, greatest(p.first_day - c.submitted_at::date, 0), count(*), sum(p.paid_cents), sum(coalesce(ch.cents, 0))
  FROM (SELECT claim_id, first_day, -sum(amount_cents) FILTER (WHERE posting_date = first_day) AS paid_cents
          FROM (SELECT claim_id, posting_date, amount_cents, min(posting_date) OVER (PARTITION BY claim_id) AS first_day
                  FROM ledger_entries WHERE entry_type = 'insurance_payment' AND claim_id IS NOT NULL) pay
         GROUP BY claim_id, first_day) p
  JOIN claims c ON c.claim_id = p.claim_id
  LEFT JOIN (SELECT claim_id, sum(amount_cents) AS cents FROM ledger_entries WHERE entry_type = 'charge' AND claim_id IS NOT NULL GROUP BY claim_id) ch
    ON ch.claim_id = p.claim_id
 WHERE c.insurance_id IS NOT NULL AND c.submitted_at IS NOT NULL
 GROUP BY 1, 2, 3;
