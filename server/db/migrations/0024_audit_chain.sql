-- The audit trail's hash chain: each link names one audit row and carries the hash of that row's
-- content and of the link before it, so a row changed, deleted or slipped in afterwards (by
-- someone able to get past the append-only triggers) breaks the chain at that point. Links are
-- written in order by one sealer at a time, a little after their rows commit (audit rows can
-- commit out of id order), and are append-only like the rows they seal.
CREATE TABLE audit_chain (
  link bigint PRIMARY KEY,
  audit_id bigint NOT NULL UNIQUE,
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE TRIGGER audit_chain_append_only BEFORE UPDATE OR DELETE ON audit_chain FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER audit_chain_no_truncate BEFORE TRUNCATE ON audit_chain FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
