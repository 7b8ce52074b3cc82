-- HL7 import and the HL7 and EDI import logs.

-- Which practice an HL7 interface feeds: a message arriving over MLLP names its receiving
-- facility in MSH-6, and that name picks the practice here. The import acts as the interface
-- user named, so its patients and claims carry a real user in their audit rows and DNA logs.
CREATE TABLE hl7_inbound_settings (
  practice_id bigint PRIMARY KEY REFERENCES practices,
  receiving_facility text NOT NULL CHECK (receiving_facility = upper(btrim(receiving_facility)) AND receiving_facility <> ''),
  import_user_id bigint NOT NULL REFERENCES users,
  active boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX hl7_inbound_settings_facility_idx ON hl7_inbound_settings (receiving_facility);

-- The EHR's identifiers of a patient (PID-3: MRN and the like), remembered when an HL7 message
-- registers or matches the patient, so its next messages find the same patient.
CREATE TABLE hl7_patient_identifiers (
  group_id bigint NOT NULL REFERENCES groups,
  identifier text NOT NULL,
  patient_id bigint NOT NULL REFERENCES patients,
  PRIMARY KEY (group_id, identifier)
);
CREATE INDEX hl7_patient_identifiers_patient_idx ON hl7_patient_identifiers (patient_id);

-- One row per HL7 message read, accepted or not. A message whose receiving facility names no
-- practice has none: it is kept for the server's operators, and no biller's list shows it.
CREATE TABLE hl7_import_log (
  hl7_log_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at timestamptz NOT NULL,
  group_id bigint REFERENCES groups,
  practice_id bigint REFERENCES practices,
  channel text NOT NULL CHECK (channel IN ('mllp', 'file')),
  file_name text,
  message_type text NOT NULL,
  control_id text NOT NULL,
  sending_facility text NOT NULL DEFAULT '',
  outcome text NOT NULL CHECK (outcome IN ('accepted', 'error', 'rejected')),
  ack_code text NOT NULL CHECK (ack_code IN ('AA', 'AE', 'AR')),
  errors jsonb NOT NULL DEFAULT '[]',
  patient_id bigint REFERENCES patients,
  claim_id bigint REFERENCES claims,
  action text,
  imported_by bigint REFERENCES users,
  message text NOT NULL
);
CREATE INDEX hl7_import_log_practice_idx ON hl7_import_log (practice_id, received_at DESC, hl7_log_id DESC);

-- One row per X12 file read (835 remittances, 271 eligibility answers, 999 and 277 once they
-- are read): what it was, what came of it and why.
CREATE TABLE edi_import_log (
  edi_log_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  read_at timestamptz NOT NULL,
  group_id bigint NOT NULL REFERENCES groups,
  practice_id bigint REFERENCES practices,
  transaction_set text NOT NULL CHECK (transaction_set IN ('835', '271', '999', '277')),
  file_name text,
  outcome text NOT NULL CHECK (outcome IN ('accepted', 'rejected', 'error')),
  detail text NOT NULL DEFAULT '',
  record_type text,
  record_id bigint,
  bytes integer NOT NULL DEFAULT 0,
  read_by bigint REFERENCES users
);
CREATE INDEX edi_import_log_group_idx ON edi_import_log (group_id, read_at DESC, edi_log_id DESC);

INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'HL7 Import Log', '/app/hl7-import-log', 20
  FROM menu_types t, modules m WHERE t.title = 'Reports' AND t.parent_id IS NULL AND m.code = 'REPORTS';
INSERT INTO menu_links (menu_type_id, module_id, title, link, sort_order)
  SELECT t.menu_type_id, m.module_id, 'EDI Import Log', '/app/edi-import-log', 21
  FROM menu_types t, modules m WHERE t.title = 'Reports' AND t.parent_id IS NULL AND m.code = 'REPORTS';

-- A demo database upgraded in place gets the demo's interface at once; a new demo gets it when
-- its data is loaded (server/main.ts).
INSERT INTO hl7_inbound_settings (practice_id, receiving_facility, import_user_id)
  SELECT p.practice_id, 'LAKESIDE', u.user_id
    FROM practices p, users u
   WHERE u.email = 'admin@demo.test' AND p.practice_id = (SELECT min(practice_id) FROM practices WHERE active)
  ON CONFLICT DO NOTHING;
