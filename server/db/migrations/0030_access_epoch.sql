-- The access epoch: a counter every change to who may do what moves forward (a session revoked or
-- cut short, a user switched off or moved to another role or data role, a role's menus, a data
-- role's groups and practices, a practice moved between groups). A server process may answer a
-- session from memory only while the epoch it read with that session is still the current one.
-- It is a row, not a sequence: it moves with the change's commit, so no reader can see the new
-- epoch beside the old state. The triggers are deferred to the commit, so the epoch's row lock is
-- always the last a transaction takes and two changes cannot deadlock on it.
CREATE TABLE access_epoch (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  epoch bigint NOT NULL
);
INSERT INTO access_epoch (epoch) VALUES (1);

CREATE FUNCTION advance_access_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE access_epoch SET epoch = epoch + 1;
  RETURN NULL;
END;
$$;

-- A session's own activity (last_seen_at) does not move it; revoking or ending one does.
CREATE CONSTRAINT TRIGGER sessions_access_epoch AFTER UPDATE OF revoked_at, expires_at, user_id, token_hash OR DELETE ON sessions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_access_epoch();
CREATE CONSTRAINT TRIGGER users_access_epoch AFTER UPDATE OF active, role_id, data_role_id, must_change_password OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_access_epoch();
CREATE CONSTRAINT TRIGGER roles_access_epoch AFTER INSERT OR UPDATE OR DELETE ON roles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_access_epoch();
CREATE CONSTRAINT TRIGGER role_modules_access_epoch AFTER INSERT OR UPDATE OR DELETE ON role_modules
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_access_epoch();
CREATE CONSTRAINT TRIGGER modules_access_epoch AFTER INSERT OR UPDATE OR DELETE ON modules
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_access_epoch();
CREATE CONSTRAINT TRIGGER data_roles_access_epoch AFTER INSERT OR UPDATE OR DELETE ON data_roles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_access_epoch();
CREATE CONSTRAINT TRIGGER data_role_groups_access_epoch AFTER INSERT OR UPDATE OR DELETE ON data_role_groups
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_access_epoch();
CREATE CONSTRAINT TRIGGER data_role_practices_access_epoch AFTER INSERT OR UPDATE OR DELETE ON data_role_practices
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_access_epoch();
CREATE CONSTRAINT TRIGGER practices_access_epoch AFTER INSERT OR UPDATE OF group_id OR DELETE ON practices
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_access_epoch();
