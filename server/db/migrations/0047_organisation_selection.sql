-- The organisation selector narrows the scope read with the session (dataScope.ts,
-- DATA_SCOPE_OF_USER) to the groups, practices, facilities and providers the user picked, kept
-- in their settings under 'organisationSelection'. A session answered from memory holds that
-- scope, so a new selection, and a facility or provider moved to another practice, move the
-- access epoch (0030) like any other change to what a user sees.
CREATE CONSTRAINT TRIGGER user_settings_selection_epoch AFTER INSERT OR UPDATE ON user_settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.key = 'organisationSelection')
  EXECUTE FUNCTION advance_access_epoch();
CREATE CONSTRAINT TRIGGER user_settings_selection_gone_epoch AFTER DELETE ON user_settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.key = 'organisationSelection')
  EXECUTE FUNCTION advance_access_epoch();
CREATE CONSTRAINT TRIGGER facilities_access_epoch AFTER UPDATE OF practice_id ON facilities
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.practice_id IS DISTINCT FROM NEW.practice_id)
  EXECUTE FUNCTION advance_access_epoch();
CREATE CONSTRAINT TRIGGER providers_access_epoch AFTER UPDATE OF practice_id, group_id ON providers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.practice_id IS DISTINCT FROM NEW.practice_id OR OLD.group_id IS DISTINCT FROM NEW.group_id)
  EXECUTE FUNCTION advance_access_epoch();

-- The selector's lists: a user's favorites and workgroups are read by user; a workgroup's
-- entries by workgroup (its key); which workgroups hold an entry, by entry.
CREATE INDEX work_group_items_item_idx ON work_group_items (item_type, item_id);
