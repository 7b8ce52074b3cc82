-- Bulk runs shared by several server processes on one database: a run is worked by the process
-- holding its lease, which each chunk renews; a process that dies stops renewing, and another
-- takes the run over once the lease has run out, from the cursor the last committed chunk saved.
ALTER TABLE bulk_jobs ADD COLUMN lease_owner text;
ALTER TABLE bulk_jobs ADD COLUMN lease_until timestamptz;
