-- The claim work queue (server/services/workQueue/): two more kinds of bulk run beside notes and
-- write-offs: the same task on many claims, and claims dealt out over several users.
ALTER TABLE bulk_jobs DROP CONSTRAINT bulk_jobs_kind_check;
ALTER TABLE bulk_jobs ADD CONSTRAINT bulk_jobs_kind_check CHECK (kind IN ('notes', 'write_off', 'tasks', 'assign'));

-- A charge line's notes (AddEditClaim/getNotesByLineItemID) without reading every note.
CREATE INDEX notes_charge_idx ON notes (charge_id) WHERE charge_id IS NOT NULL;
