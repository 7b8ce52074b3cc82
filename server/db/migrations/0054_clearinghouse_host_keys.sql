-- The SFTP server's host key a clearinghouse connection trusts, as `ssh-keygen -l` prints it
-- (SHA256:…). A connection refuses a server offering any other key, and one with none set yet
-- connects to nobody: it says which key the server offered, for an administrator to check with
-- the clearinghouse and set.
ALTER TABLE clearing_house_connections ADD COLUMN host_key_fingerprint text;
