-- Submission (server/services/submission/): which claims went in which 837 file. A claim can be
-- sent again after a rejection, so it may sit in several batches; each batch lists it once.
CREATE TABLE submission_batch_claims (
  submission_batch_id bigint NOT NULL REFERENCES submission_batches,
  claim_id bigint NOT NULL REFERENCES claims,
  PRIMARY KEY (submission_batch_id, claim_id)
);
CREATE INDEX submission_batch_claims_claim_idx ON submission_batch_claims (claim_id);
CREATE INDEX submission_batches_group_idx ON submission_batches (group_id, submission_batch_id);

-- The batches screen sits beside the claims list in the menu.
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'Submission Batches', '/app/submission-batches', 2
  FROM menu_types t, modules m WHERE t.title = 'Work Lists' AND m.code = 'CLAIMS';
