-- The AR dashboard's day sums and payer history become insert-only, as the month sums are (0044):
-- each posting statement inserts its own rows and the readers add them up. An upsert of one row
-- per practice, day and kind made every posting of a practice on a day wait for the one before it
-- to commit (all of an ERA's postings of today hit the same few rows), and a transaction posting in
-- several statements could take those rows in an order another one did not. No row is updated now,
-- so postings never wait on each other for a sum row.
--
-- The rows pile up, so the server folds committed rows into one row per key on a schedule
-- (compact_sum_rows below, run for every such table by server/services/ledger/sumCompaction.ts).
-- See docs/decisions/ar-dashboard-day-sums.md. The rows already here are correct sums and stay.

ALTER TABLE ledger_day_sums DROP CONSTRAINT ledger_day_sums_pkey;
-- The widgets read a span of days of some practices, and the figure model needs the kinds and sums:
-- covered, so the read never visits the table.
CREATE INDEX ledger_day_sums_practice_day_idx ON ledger_day_sums (practice_id, posting_date)
  INCLUDE (entry_type, reversed_type, amount_cents, entries, claims_billed);

ALTER TABLE payer_payment_lags DROP CONSTRAINT payer_payment_lags_pkey;
-- Expected payments read all the history of some practices, per payer and lag.
CREATE INDEX payer_payment_lags_practice_idx ON payer_payment_lags (practice_id, insurance_id, lag_days)
  INCLUDE (claims, paid_cents, charge_cents);

-- Whether a row is a claim's first charge (the claims billed that day) or starts the payer's first
-- payment on it (the payer history) is decided against the claim's other rows. Two postings of one
-- claim at once must not both see themselves first: the claims are locked first (in id order, as
-- the writers of claim money lock them already, so this waits for nothing those did not), and after
-- that wait the next statement's snapshot sees the other posting's committed rows. So "first"
-- means: no row of that kind on the claim besides this statement's own. Before, a wait on a shared
-- sum row ordered two such postings only when they shared the row (the same day and kind), and only
-- for the test read after the wait; the claim lock orders them always.
CREATE OR REPLACE FUNCTION ledger_day_sums_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM claims c
    WHERE c.claim_id IN (SELECT n.claim_id FROM ledger_new_rows n WHERE n.entry_type IN ('charge', 'insurance_payment'))
    ORDER BY c.claim_id FOR NO KEY UPDATE;

  INSERT INTO ledger_day_sums (group_id, practice_id, posting_date, entry_type, reversed_type, amount_cents, entries, claims_billed)
  WITH firsts AS (
    SELECT x.claim_id, min(x.ledger_id) AS first_id, array_agg(x.ledger_id) AS ids
      FROM ledger_new_rows x WHERE x.entry_type = 'charge' AND x.claim_id IS NOT NULL GROUP BY x.claim_id
  ), billed AS (
    SELECT f.first_id FROM firsts f
     WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e
                        WHERE e.claim_id = f.claim_id AND e.entry_type = 'charge' AND e.ledger_id <> ALL (f.ids))
  )
  SELECT n.group_id, n.practice_id, n.posting_date, n.entry_type, coalesce(o.entry_type, ''),
         sum(n.amount_cents), count(*), count(b.first_id)
    FROM ledger_new_rows n
    LEFT JOIN ledger_entries o ON o.ledger_id = n.reverses_ledger_id
    LEFT JOIN billed b ON b.first_id = n.ledger_id
   WHERE n.claim_id IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5;

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
-- Still ENABLE ALWAYS (0041): the demo seed writes the ledger with replication-role triggers off on PGlite.
ALTER TABLE ledger_entries ENABLE ALWAYS TRIGGER ledger_entries_day_sums;

-- Folds committed rows of an insert-only sum table into one row per key (the key columns given;
-- the sum columns added up), at most `max_rows` rows a call; returns how many rows it folded.
--
-- Safe beside postings and other compactions: it deletes only rows its snapshot sees (committed
-- ones; a posting still open keeps its rows), locks them first and skips those another compaction
-- holds (SKIP LOCKED), and inserts back the sums of exactly the rows its DELETE returned. Readers
-- see the deleted rows and their sum appear in one commit. A key whose sums are all zero folds to
-- nothing (the readers count an absent key as zero).
CREATE FUNCTION compact_sum_rows(sums_table regclass, key_columns text[], sum_columns text[], max_rows integer)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  keys text := (SELECT string_agg(format('%I', k.c), ', ' ORDER BY k.o) FROM unnest(key_columns) WITH ORDINALITY AS k (c, o));
  sums text := (SELECT string_agg(format('%I', s.c), ', ' ORDER BY s.o) FROM unnest(sum_columns) WITH ORDINALITY AS s (c, o));
  totals text := (SELECT string_agg(format('sum(%I)', s.c), ', ' ORDER BY s.o) FROM unnest(sum_columns) WITH ORDINALITY AS s (c, o));
  nonzero text := (SELECT string_agg(format('sum(%I) <> 0', s.c), ' OR ' ORDER BY s.o) FROM unnest(sum_columns) WITH ORDINALITY AS s (c, o));
  folded bigint;
BEGIN
  IF keys IS NULL OR sums IS NULL THEN
    RAISE EXCEPTION 'compact_sum_rows needs key and sum columns';
  END IF;
  EXECUTE format(
    $sql$
    WITH picked AS (
      SELECT t.ctid AS row_id FROM %1$s t
       WHERE t.ctid = ANY (ARRAY(SELECT x.ctid FROM (SELECT ctid, count(*) OVER (PARTITION BY %2$s) AS n FROM %1$s) x
                                  WHERE x.n > 1 LIMIT $1))
         FOR UPDATE SKIP LOCKED
    ), gone AS (
      DELETE FROM %1$s t WHERE t.ctid = ANY (ARRAY(SELECT row_id FROM picked)) RETURNING t.*
    ), kept AS (
      INSERT INTO %1$s (%2$s, %3$s) SELECT %2$s, %4$s FROM gone GROUP BY %2$s HAVING %5$s RETURNING 1
    )
    SELECT count(*) FROM gone
    $sql$,
    sums_table, keys, sums, totals, nonzero)
  INTO folded USING max_rows;
  RETURN folded;
END $$;
