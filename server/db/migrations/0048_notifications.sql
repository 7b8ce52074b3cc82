-- What a biller is told (Users/notifications): a bulk run of theirs finished, an ERA arrived for a
-- group they see, a claim of theirs was rejected, a task was assigned to them. One row per user;
-- read or not. The events raise them where they happen, in the transaction that makes the event:
-- the rows below come from triggers (a run's end, an ERA file stored, tasks added), so every writer
-- raises them whichever process it runs in; a rejected claim is raised by the acknowledgement
-- readers through notifyClaimRejected (server/services/notifications/raise.ts).
--
-- The facts are kept, the words are written when the list is read (notificationText.ts). group_id
-- and practice_id place a notification in the data role: it is shown only while the user's data role
-- still sees them (null: the user's own, such as their bulk run).
CREATE SEQUENCE notification_seq;

CREATE TABLE notifications (
  notification_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users,
  kind text NOT NULL CHECK (kind IN ('job_finished', 'era_arrived', 'claim_rejected', 'task_assigned')),
  group_id bigint REFERENCES groups,
  practice_id bigint REFERENCES practices,
  -- What opening it shows: a claim, an ERA file, a bulk run.
  record_type text CHECK (record_type IN ('claim', 'era_file', 'bulk_job')),
  record_id bigint,
  facts jsonb NOT NULL DEFAULT '{}',
  -- Unread notifications of one key are one row (tasks dealt out in chunks, a claim rejected twice).
  merge_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  -- Moves on every insert and change: the live streams of every process send what is past the
  -- number they last sent (server/services/notifications/hub.ts).
  seq bigint NOT NULL DEFAULT 0
);
CREATE INDEX notifications_user_idx ON notifications (user_id, notification_id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_seq_idx ON notifications (seq);
CREATE UNIQUE INDEX notifications_merge_idx ON notifications (user_id, merge_key)
  WHERE read_at IS NULL AND merge_key IS NOT NULL;

CREATE FUNCTION notification_next_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seq := nextval('notification_seq');
  RETURN NEW;
END;
$$;
CREATE TRIGGER notifications_seq BEFORE INSERT OR UPDATE ON notifications
  FOR EACH ROW EXECUTE FUNCTION notification_next_seq();

-- Whether a data role ($1) sees a practice ($2): the rule of dataScope.ts (a selected group grants the
-- practices picked for it, or all of them when none is picked; an inactive data role nothing).
CREATE FUNCTION data_role_sees_practice(bigint, bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM data_roles dr
      JOIN practices p ON p.practice_id = $2
      JOIN data_role_groups drg ON drg.data_role_id = dr.data_role_id AND drg.group_id = p.group_id
     WHERE dr.data_role_id = $1 AND dr.active
       AND (NOT EXISTS (SELECT 1 FROM data_role_practices x JOIN practices xp ON xp.practice_id = x.practice_id
                         WHERE x.data_role_id = dr.data_role_id AND xp.group_id = p.group_id)
            OR EXISTS (SELECT 1 FROM data_role_practices x
                        WHERE x.data_role_id = dr.data_role_id AND x.practice_id = p.practice_id AND x.show)))
$$;

CREATE FUNCTION data_role_sees_group(bigint, bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM practices p WHERE p.group_id = $2 AND data_role_sees_practice($1, p.practice_id))
$$;

-- Whether a user's ($1) role holds a module ($2) (an inactive role or module holds none).
CREATE FUNCTION user_holds_module(bigint, text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM users u
      JOIN roles r ON r.role_id = u.role_id AND r.active
      JOIN role_modules rm ON rm.role_id = r.role_id
      JOIN modules m ON m.module_id = rm.module_id AND m.active AND m.code = $2
     WHERE u.user_id = $1)
$$;

-- A bulk run that ended by itself (done, or stopped on an error) tells the user who started it.
-- A run they cancelled does not: they asked for it.
CREATE FUNCTION notify_bulk_job_finished() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, record_type, record_id, facts)
  VALUES (NEW.user_id, 'job_finished', 'bulk_job', NEW.job_id,
          jsonb_build_object('jobID', NEW.job_id, 'jobKind', NEW.kind, 'title', NEW.title, 'status', NEW.status,
                             'succeeded', NEW.succeeded, 'failed', NEW.failed, 'error', NEW.error));
  RETURN NULL;
END;
$$;
CREATE TRIGGER bulk_job_finished AFTER UPDATE OF status ON bulk_jobs FOR EACH ROW
  WHEN (OLD.status IN ('queued', 'running') AND NEW.status IN ('done', 'failed'))
  EXECUTE FUNCTION notify_bulk_job_finished();

-- An ERA file stored (uploaded, or fetched from a clearinghouse) tells every active user who sees
-- its group and works ERAs (PAYMENTS), but the one who uploaded it. Run at commit, when its checks
-- are stored too, so the facts name them.
CREATE FUNCTION notify_era_arrived() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  summary jsonb;
BEGIN
  SELECT jsonb_build_object(
           'eraFileID', NEW.era_file_id, 'fileName', NEW.file_name,
           'checks', count(*), 'paidCents', coalesce(sum(ec.total_paid_cents), 0),
           'payers', coalesce((SELECT jsonb_agg(DISTINCT x.payer_name) FROM era_checks x WHERE x.era_file_id = NEW.era_file_id), '[]'::jsonb))
    INTO summary
    FROM era_checks ec WHERE ec.era_file_id = NEW.era_file_id;
  INSERT INTO notifications (user_id, kind, group_id, record_type, record_id, facts)
  SELECT u.user_id, 'era_arrived', NEW.group_id, 'era_file', NEW.era_file_id, summary
    FROM users u
   WHERE u.active AND u.user_id IS DISTINCT FROM NEW.uploaded_by
     AND user_holds_module(u.user_id, 'PAYMENTS')
     AND data_role_sees_group(u.data_role_id, NEW.group_id);
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER era_file_arrived AFTER INSERT ON era_files
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION notify_era_arrived();

-- Tasks added for someone else tell the assignee: one notification per statement, who gave them
-- and the practice, merged into an unread one of the same giver and practice (a bulk run adds its
-- tasks 500 at a time).
CREATE FUNCTION notify_tasks_assigned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, kind, group_id, practice_id, record_type, record_id, facts, merge_key)
  SELECT a.assigned_user_id, 'task_assigned', min(a.group_id), c.practice_id,
         CASE WHEN count(*) = 1 AND min(a.claim_id) IS NOT NULL THEN 'claim' END,
         CASE WHEN count(*) = 1 THEN min(a.claim_id) END,
         jsonb_build_object(
           'count', count(*),
           'claimID', CASE WHEN count(*) = 1 THEN min(a.claim_id) END,
           'taskID', CASE WHEN count(*) = 1 THEN min(a.task_id) END,
           'text', CASE WHEN count(*) = 1 THEN left(min(a.text), 200) END,
           'dueDate', CASE WHEN count(*) = 1 THEN min(a.due_date)::text END,
           'byUserID', a.created_by,
           'byName', (SELECT g.first_name || ' ' || g.last_name FROM users g WHERE g.user_id = a.created_by)),
         'tasks:' || coalesce(a.created_by::text, '-') || ':' || coalesce(c.practice_id::text, 'g' || min(a.group_id)::text)
    FROM added a LEFT JOIN claims c ON c.claim_id = a.claim_id
   WHERE a.assigned_user_id IS NOT NULL AND a.assigned_user_id IS DISTINCT FROM a.created_by AND a.status = 'open'
   GROUP BY a.assigned_user_id, a.created_by, c.practice_id, CASE WHEN c.practice_id IS NULL THEN a.group_id END
  ON CONFLICT (user_id, merge_key) WHERE read_at IS NULL AND merge_key IS NOT NULL
  DO UPDATE SET
    facts = jsonb_build_object(
      'count', (notifications.facts ->> 'count')::int + (EXCLUDED.facts ->> 'count')::int,
      'byUserID', EXCLUDED.facts -> 'byUserID', 'byName', EXCLUDED.facts -> 'byName'),
    record_type = NULL,
    record_id = NULL,
    created_at = EXCLUDED.created_at;
  RETURN NULL;
END;
$$;
CREATE TRIGGER tasks_assigned AFTER INSERT ON tasks REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION notify_tasks_assigned();
