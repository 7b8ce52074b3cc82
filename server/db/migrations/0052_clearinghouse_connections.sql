-- Clearinghouse connections (server/services/clearinghouse/): where a clearinghouse takes our 837
-- files and leaves its replies (999, 277CA, 835). One connection per clearinghouse. The private
-- key never leaves the server: the settings call answers only whether one is set.
CREATE TABLE clearing_house_connections (
  clearing_house_id smallint PRIMARY KEY REFERENCES clearing_houses,
  transport text NOT NULL DEFAULT 'sftp' CHECK (transport IN ('sftp', 'local')),
  host text NOT NULL DEFAULT '',
  port integer NOT NULL DEFAULT 22 CHECK (port BETWEEN 1 AND 65535),
  username text NOT NULL DEFAULT '',
  private_key text,
  outbound_folder text NOT NULL,
  inbound_folder text NOT NULL,
  archive_folder text NOT NULL,
  poll_seconds integer NOT NULL DEFAULT 900 CHECK (poll_seconds BETWEEN 10 AND 86400),
  -- Remittances read from the inbound folder are posted at once (a check with warnings waits for a biller).
  auto_post boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  last_polled_at timestamptz,
  last_poll_error text,
  updated_by bigint REFERENCES users,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per file taken from a clearinghouse's inbound folder. The row is the claim: a process
-- inserts it before it downloads the file, so two processes never take one file twice. The text
-- is kept, so a file that could not be read can be read again.
CREATE TABLE clearing_house_files (
  clearing_house_id smallint NOT NULL REFERENCES clearing_houses,
  file_name text NOT NULL,
  claimed_at timestamptz NOT NULL,
  claimed_by text NOT NULL,
  state text NOT NULL DEFAULT 'claimed' CHECK (state IN ('claimed', 'read', 'failed')),
  transaction_set text,
  bytes integer,
  content text,
  detail text NOT NULL DEFAULT '',
  read_at timestamptz,
  PRIMARY KEY (clearing_house_id, file_name)
);

-- A batch sent to a clearinghouse: the file name it was put under, when, or why it was not.
ALTER TABLE submission_batches
  ADD COLUMN clearing_house_id smallint REFERENCES clearing_houses,
  ADD COLUMN sent_file_name text,
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN send_error text;

INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'Clearinghouses', '/setting/clearinghouses', 16
  FROM menu_types t, modules m WHERE t.title = 'Settings' AND t.parent_id IS NULL AND m.code = 'ADMIN_INSURANCES';
