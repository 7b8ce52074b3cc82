-- Onboarding a client without touching the database: what a billing company keys in for a group,
-- its practices (pay-to address beside the billing one), facilities, providers and payers, the
-- branding files of its login page, and the reference lists the forms pick from.

ALTER TABLE groups
  ADD COLUMN address1 text,
  ADD COLUMN city text,
  ADD COLUMN state text,
  ADD COLUMN zip text,
  ADD COLUMN phone text,
  ADD COLUMN email text;

-- Loop 2010AB of the 837: where the payer sends the money when it is not the billing address.
ALTER TABLE practices
  ADD COLUMN pay_to_address1 text,
  ADD COLUMN pay_to_address2 text,
  ADD COLUMN pay_to_city text,
  ADD COLUMN pay_to_state text,
  ADD COLUMN pay_to_zip text;

ALTER TABLE facilities
  ADD COLUMN address2 text,
  ADD COLUMN phone text;

-- An organisation provider keeps its name in last_name (first_name stays empty), as the 837's NM1 does.
ALTER TABLE providers
  ADD COLUMN middle_name text,
  ADD COLUMN credential text,
  ADD COLUMN is_rendering boolean NOT NULL DEFAULT true,
  ADD COLUMN is_supervising boolean NOT NULL DEFAULT false;
-- Two providers of one group never share an e-mail (the spec's duplicate message), even in a race.
CREATE UNIQUE INDEX providers_group_email_idx ON providers (group_id, lower(email)) WHERE email IS NOT NULL;

CREATE TABLE clearing_houses (
  clearing_house_id smallint PRIMARY KEY,
  name text NOT NULL UNIQUE
);
INSERT INTO clearing_houses (clearing_house_id, name) VALUES
  (1, 'Availity'), (2, 'Change Healthcare'), (3, 'Office Ally'), (4, 'TriZetto'), (5, 'Waystar');

-- Payer IDs a clearing house publishes, for claims (837) and for eligibility (270/271).
CREATE TABLE payer_directory (
  clearing_house_id smallint NOT NULL REFERENCES clearing_houses,
  kind text NOT NULL CHECK (kind IN ('claims', 'eligibility')),
  payer_id text NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (clearing_house_id, kind, payer_id)
);
INSERT INTO payer_directory (clearing_house_id, kind, payer_id, name)
  SELECT c.clearing_house_id, k.kind, p.payer_id, p.name
    FROM clearing_houses c,
         (VALUES ('claims'), ('eligibility')) AS k (kind),
         (VALUES ('60054', 'Aetna'), ('87726', 'UnitedHealthcare'), ('62308', 'Cigna'), ('61101', 'Humana'),
                 ('84980', 'BCBS of Texas'), ('00901', 'BCBS of Illinois'), ('SB580', 'Medicare Part B Texas (Novitas JH)'),
                 ('04412', 'Medicare Part B Northern California (Noridian JE)'), ('TXMCD', 'Texas Medicaid (TMHP)'),
                 ('99726', 'TRICARE West'), ('TWCCP', 'Texas Workers Compensation'), ('39026', 'UMR')) AS p (payer_id, name);

ALTER TABLE insurances
  ADD COLUMN eligibility_payer_id text,
  ADD COLUMN clearing_house_id smallint REFERENCES clearing_houses,
  ADD COLUMN claim_format text NOT NULL DEFAULT 'P' CHECK (claim_format IN ('P', 'I'));

-- One branding per group; its files are kept here and served to the login page by id.
CREATE UNIQUE INDEX white_label_setups_group_idx ON white_label_setups (group_id);
CREATE TABLE branding_files (
  file_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  kind text NOT NULL CHECK (kind IN ('logo', 'image1', 'image2', 'favicon')),
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size_bytes integer NOT NULL,
  content bytea NOT NULL,
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now()
);
