-- Month-end: a locked month's summary figures, kept as they were when the month was locked, and
-- the database's own refusal of a ledger row dated in a locked month.

-- One row per practice, provider and facility of a locked month (provider and facility null for a
-- patient's own rows, such as an advance deposit not applied to a claim). Written once, in the
-- lock's transaction; later postings in open months never move them.
CREATE TABLE month_end_figures (
  group_id bigint NOT NULL,
  practice_id bigint NOT NULL,
  month_start date NOT NULL,
  provider_id bigint REFERENCES providers,
  facility_id bigint REFERENCES facilities,
  charges_cents bigint NOT NULL,
  insurance_paid_cents bigint NOT NULL,
  patient_paid_cents bigint NOT NULL,
  adjustments_cents bigint NOT NULL,
  refunds_cents bigint NOT NULL,
  start_ar_cents bigint NOT NULL,
  end_ar_cents bigint NOT NULL,
  FOREIGN KEY (group_id, practice_id, month_start) REFERENCES month_end_locks
);
CREATE UNIQUE INDEX month_end_figures_key ON month_end_figures
  (group_id, practice_id, month_start, coalesce(provider_id, 0), coalesce(facility_id, 0));
CREATE TRIGGER month_end_figures_kept BEFORE UPDATE ON month_end_figures FOR EACH ROW EXECUTE FUNCTION refuse_change();

-- The monthly summary reads a group's rows by posting date, and each row's claim for its provider
-- and facility: both from the index alone (a month's rows are spread over the whole table).
CREATE INDEX ledger_entries_group_posting_idx ON ledger_entries (group_id, posting_date)
  INCLUDE (practice_id, claim_id, entry_type, amount_cents, reverses_ledger_id);
CREATE INDEX claims_provider_facility_idx ON claims (claim_id) INCLUDE (provider_id, facility_id);

-- Every writer checks the lock before it posts; this catches the one that would slip in between
-- its check and a lock committed meanwhile, so a locked month's figures always equal its ledger.
CREATE FUNCTION refuse_rows_in_locked_months() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date;
BEGIN
  SELECT m.month_start INTO closed
    FROM new_rows n
    JOIN month_end_locks m ON m.group_id = n.group_id AND m.practice_id = n.practice_id
                          AND m.month_start = date_trunc('month', n.posting_date)::date
   LIMIT 1;
  IF closed IS NOT NULL THEN
    RAISE EXCEPTION 'The month of % is locked at month-end: post with a date in an open month.', closed
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_entries_open_months AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_rows_in_locked_months();

-- When the summary was last read again from the ledger and its locked months checked against it.
CREATE TABLE monthly_summary_reloads (
  reload_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  reloaded_at timestamptz NOT NULL,
  reloaded_by bigint REFERENCES users,
  locked_months_checked integer NOT NULL,
  differences jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX monthly_summary_reloads_group_idx ON monthly_summary_reloads (group_id, reloaded_at DESC);

INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'Monthly Summary', '/app/monthly-summary', 2
  FROM menu_types t, modules m WHERE t.title = 'Reports' AND t.parent_id IS NULL AND m.code = 'REPORTS';
