-- The monthly summary's open months read from sums of the ledger kept in the posting transaction,
-- not from the ledger rows themselves: at a million claims, looking up each row's claim for its
-- provider and facility and sorting them took seconds a month. See
-- docs/decisions/month-end-figures-kept-when-locked.md.
--
-- Insert-only: each posting statement adds its own rows (one per practice, provider, facility,
-- month, kind of row and, for a reversal, the kind it reverses, '' otherwise), and the summary adds
-- them up when it reads. No row is ever updated, so two postings in the same practice and month
-- never wait on each other for a shared sum row.
CREATE TABLE ledger_month_sums (
  group_id bigint NOT NULL,
  practice_id bigint NOT NULL,
  month_start date NOT NULL,
  -- The claim's provider and facility; both null for a patient's own rows (a deposit not applied).
  provider_id bigint,
  facility_id bigint,
  entry_type text NOT NULL,
  reversed_type text NOT NULL,
  amount_cents bigint NOT NULL,
  -- How many ledger rows the sum is of (less those a claim's move took away): a key with rows of
  -- $0.00 only still shows, one whose rows all moved away does not.
  entries bigint NOT NULL
);
CREATE INDEX ledger_month_sums_group_month_idx ON ledger_month_sums (group_id, month_start)
  INCLUDE (practice_id, provider_id, facility_id, entry_type, reversed_type, amount_cents, entries);

CREATE FUNCTION ledger_month_sums_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An edit of a claim's provider or facility under way finishes first, so the key read below is
  -- the one that edit moved the claim's earlier rows to. The writers have locked their claims already.
  PERFORM 1 FROM claims c WHERE c.claim_id IN (SELECT n.claim_id FROM month_new_rows n WHERE n.claim_id IS NOT NULL)
    ORDER BY c.claim_id FOR NO KEY UPDATE;
  INSERT INTO ledger_month_sums (group_id, practice_id, month_start, provider_id, facility_id, entry_type, reversed_type, amount_cents, entries)
  SELECT n.group_id, n.practice_id, date_trunc('month', n.posting_date)::date, c.provider_id, c.facility_id,
         n.entry_type, coalesce(o.entry_type, ''), sum(n.amount_cents), count(*)
    FROM month_new_rows n
    LEFT JOIN ledger_entries o ON o.ledger_id = n.reverses_ledger_id
    LEFT JOIN claims c ON c.claim_id = n.claim_id
   GROUP BY 1, 2, 3, 4, 5, 6, 7;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_entries_month_sums AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS month_new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_month_sums_add();
-- The demo seed writes the ledger with replication-role triggers off (PGlite): the sums must follow anyway.
ALTER TABLE ledger_entries ENABLE ALWAYS TRIGGER ledger_entries_month_sums;

-- The summary counts a row under its claim's provider and facility as they are now: a claim moved
-- to another provider or facility takes its sums along, every month of them.
CREATE FUNCTION ledger_month_sums_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_month_sums (group_id, practice_id, month_start, provider_id, facility_id, entry_type, reversed_type, amount_cents, entries)
  SELECT l.group_id, l.practice_id, date_trunc('month', l.posting_date)::date, k.provider_id, k.facility_id,
         l.entry_type, coalesce(o.entry_type, ''), k.sign * sum(l.amount_cents), k.sign * count(*)
    FROM ledger_entries l
    LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id
    CROSS JOIN (VALUES (OLD.provider_id, OLD.facility_id, -1), (NEW.provider_id, NEW.facility_id, 1)) AS k (provider_id, facility_id, sign)
   WHERE l.claim_id = NEW.claim_id
   GROUP BY 1, 2, 3, 4, 5, 6, 7, k.sign;
  RETURN NULL;
END $$;

CREATE TRIGGER claims_month_sums_move AFTER UPDATE OF provider_id, facility_id ON claims FOR EACH ROW
  WHEN (OLD.provider_id IS DISTINCT FROM NEW.provider_id OR OLD.facility_id IS DISTINCT FROM NEW.facility_id)
  EXECUTE FUNCTION ledger_month_sums_move();
ALTER TABLE claims ENABLE ALWAYS TRIGGER claims_month_sums_move;

-- The rows written before this migration, once.
INSERT INTO ledger_month_sums (group_id, practice_id, month_start, provider_id, facility_id, entry_type, reversed_type, amount_cents, entries)
SELECT l.group_id, l.practice_id, date_trunc('month', l.posting_date)::date, c.provider_id, c.facility_id,
       l.entry_type, coalesce(o.entry_type, ''), sum(l.amount_cents), count(*)
  FROM ledger_entries l
  LEFT JOIN ledger_entries o ON o.ledger_id = l.reverses_ledger_id
  LEFT JOIN claims c ON c.claim_id = l.claim_id
 GROUP BY 1, 2, 3, 4, 5, 6, 7;
