-- Claims put into a charge batch from the claims list run as a bulk job (server/services/claims/chargeBatchRun.ts).
ALTER TABLE bulk_jobs DROP CONSTRAINT bulk_jobs_kind_check;
ALTER TABLE bulk_jobs ADD CONSTRAINT bulk_jobs_kind_check CHECK (kind IN ('notes', 'write_off', 'tasks', 'assign', 'charge_batch'));
