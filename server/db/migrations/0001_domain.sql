-- The whole domain of SPEC point 3. Money is bigint cents everywhere; every financial event is an
-- immutable ledger row. Identifiers are bigint identities.

-- Reference code lists (public domain; see server/reference/codes/SOURCES.md) ------------------
CREATE TABLE icd_codes (
  code text NOT NULL,
  fiscal_year smallint NOT NULL,
  billable boolean NOT NULL,
  short_description text NOT NULL,
  long_description text NOT NULL,
  PRIMARY KEY (code, fiscal_year)
);
CREATE INDEX icd_codes_description_idx ON icd_codes (fiscal_year, lower(short_description) text_pattern_ops);

CREATE TABLE hcpcs_codes (
  code text PRIMARY KEY,
  short_description text NOT NULL,
  long_description text NOT NULL,
  termination_date date
);

CREATE TABLE place_of_service (
  code text PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE adjustment_reason_codes (
  code text PRIMARY KEY,
  description text NOT NULL,
  stop_date date
);

CREATE TABLE remark_codes (
  code text PRIMARY KEY,
  description text NOT NULL,
  stop_date date
);

CREATE TABLE revenue_codes (
  code text PRIMARY KEY,
  description text NOT NULL
);

-- Lookups with fixed ids that the code refers to by constant (contract/claimStatus.ts) ---------
CREATE TABLE claim_statuses (claim_status_id smallint PRIMARY KEY, name text NOT NULL UNIQUE, category text NOT NULL);
CREATE TABLE scrub_statuses (scrub_status_id smallint PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE submit_statuses (submit_status_id smallint PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE note_types (note_type_id smallint PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE task_types (task_type_id smallint PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE document_categories (category_id smallint PRIMARY KEY, name text NOT NULL UNIQUE);

-- Organisation -------------------------------------------------------------------------------
CREATE TABLE groups (
  group_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  tax_id text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE practices (
  practice_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  name text NOT NULL,
  npi text NOT NULL,
  tax_id text NOT NULL,
  taxonomy_code text,
  address1 text NOT NULL,
  address2 text,
  city text NOT NULL,
  state text NOT NULL,
  zip text NOT NULL,
  phone text,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX practices_group_idx ON practices (group_id);

CREATE TABLE facilities (
  facility_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  practice_id bigint NOT NULL REFERENCES practices,
  name text NOT NULL,
  npi text,
  pos_code text REFERENCES place_of_service,
  bill_type text,
  address1 text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  zip text NOT NULL,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX facilities_practice_idx ON facilities (practice_id);

CREATE TABLE providers (
  provider_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  practice_id bigint REFERENCES practices,
  provider_type text NOT NULL CHECK (provider_type IN ('individual', 'organization')),
  first_name text,
  last_name text NOT NULL,
  npi text NOT NULL,
  taxonomy_code text,
  email text,
  is_referring boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX providers_group_idx ON providers (group_id);

-- Payers. group_id null: available to every group.
CREATE TABLE insurances (
  insurance_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint REFERENCES groups,
  name text NOT NULL,
  payer_id text NOT NULL,
  insurance_type text NOT NULL CHECK (insurance_type IN ('medicare', 'medicaid', 'commercial', 'bcbs', 'tricare', 'workers_comp', 'auto', 'self_pay')),
  address1 text,
  city text,
  state text,
  zip text,
  phone text,
  timely_filing_days integer NOT NULL DEFAULT 365 CHECK (timely_filing_days > 0),
  active boolean NOT NULL DEFAULT true
);

-- Patients -----------------------------------------------------------------------------------
CREATE TABLE patients (
  patient_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  practice_id bigint NOT NULL REFERENCES practices,
  account_number text NOT NULL,
  first_name text NOT NULL,
  middle_name text,
  last_name text NOT NULL,
  date_of_birth date NOT NULL,
  sex text NOT NULL CHECK (sex IN ('M', 'F', 'U')),
  address1 text NOT NULL,
  address2 text,
  city text NOT NULL,
  state text NOT NULL,
  zip text NOT NULL,
  phone text,
  email text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, account_number)
);
CREATE INDEX patients_practice_idx ON patients (practice_id);
CREATE INDEX patients_name_idx ON patients (lower(last_name) text_pattern_ops, lower(first_name));

CREATE TABLE patient_guarantors (
  patient_guarantor_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  patient_id bigint NOT NULL REFERENCES patients,
  relation text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  address1 text,
  city text,
  state text,
  zip text,
  phone text
);
CREATE INDEX patient_guarantors_patient_idx ON patient_guarantors (patient_id);

CREATE TABLE patient_insurances (
  patient_insurance_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  patient_id bigint NOT NULL REFERENCES patients,
  insurance_id bigint NOT NULL REFERENCES insurances,
  priority smallint NOT NULL CHECK (priority BETWEEN 1 AND 3),
  subscriber_id text NOT NULL,
  group_number text,
  subscriber_relation text NOT NULL DEFAULT '18',
  subscriber_first_name text,
  subscriber_last_name text,
  subscriber_date_of_birth date,
  effective_from date NOT NULL,
  effective_to date,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX patient_insurances_patient_idx ON patient_insurances (patient_id);

CREATE TABLE medical_cases (
  medical_case_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  patient_id bigint NOT NULL REFERENCES patients,
  name text NOT NULL,
  case_type text NOT NULL,
  start_date date NOT NULL,
  end_date date,
  active boolean NOT NULL DEFAULT true
);

-- Access: modules, roles, data roles, users, menus ---------------------------------------------
CREATE TABLE modules (
  module_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL UNIQUE,
  module_type text NOT NULL,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE roles (
  role_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE role_modules (
  role_id bigint NOT NULL REFERENCES roles,
  module_id bigint NOT NULL REFERENCES modules,
  PRIMARY KEY (role_id, module_id)
);

CREATE TABLE data_roles (
  data_role_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  active boolean NOT NULL DEFAULT true
);

-- A selected group without practice rows grants every practice of the group.
CREATE TABLE data_role_groups (
  data_role_id bigint NOT NULL REFERENCES data_roles,
  group_id bigint NOT NULL REFERENCES groups,
  PRIMARY KEY (data_role_id, group_id)
);

CREATE TABLE data_role_practices (
  data_role_id bigint NOT NULL REFERENCES data_roles,
  practice_id bigint NOT NULL REFERENCES practices,
  show boolean NOT NULL DEFAULT true,
  PRIMARY KEY (data_role_id, practice_id)
);

CREATE TABLE users (
  user_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  password_hash text NOT NULL,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  password_expires_at timestamptz,
  must_change_password boolean NOT NULL DEFAULT false,
  totp_secret text,
  totp_last_step bigint,
  role_id bigint NOT NULL REFERENCES roles,
  data_role_id bigint NOT NULL REFERENCES data_roles,
  default_module_url text,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_idx ON users (lower(email));

-- Menu types nest (parent_id) into sub-groups; links hang under a type and need a module.
CREATE TABLE menu_types (
  menu_type_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_id bigint REFERENCES menu_types,
  title text NOT NULL,
  icon text NOT NULL DEFAULT '',
  sort_order integer NOT NULL
);

CREATE TABLE menu_links (
  menu_link_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  menu_type_id bigint NOT NULL REFERENCES menu_types,
  module_id bigint NOT NULL REFERENCES modules,
  title text NOT NULL,
  link text NOT NULL UNIQUE,
  sort_order integer NOT NULL
);

-- Sign-in, sessions and audit ------------------------------------------------------------------
CREATE TABLE login_audit (
  login_audit_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users,
  signed_in_at timestamptz NOT NULL DEFAULT now(),
  signed_out_at timestamptz,
  sign_out_reason text,
  ip text,
  user_agent text
);

-- The first step of sign-in (password checked) waiting for its second factor.
CREATE TABLE login_challenges (
  challenge_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Six-digit codes sent by e-mail, for the second factor or a password reset. Stored hashed.
CREATE TABLE passcodes (
  passcode_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users,
  purpose text NOT NULL CHECK (purpose IN ('sign_in', 'reset_password')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX passcodes_user_idx ON passcodes (user_id, purpose, created_at DESC);

CREATE TABLE sessions (
  session_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users,
  token_hash text NOT NULL UNIQUE,
  login_audit_id bigint NOT NULL REFERENCES login_audit,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- Append-only: the triggers below refuse every update and delete.
CREATE TABLE audit_log (
  audit_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id bigint REFERENCES users,
  action text NOT NULL,
  record_type text,
  record_id text,
  source text NOT NULL DEFAULT 'api',
  ip text,
  detail jsonb
);
CREATE INDEX audit_log_record_idx ON audit_log (record_type, record_id);
CREATE INDEX audit_log_user_idx ON audit_log (user_id, at);

CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

-- Per-user console state --------------------------------------------------------------------------
CREATE TABLE white_label_setups (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  subdomain text NOT NULL UNIQUE,
  title text NOT NULL,
  logo text,
  logo_name text,
  image1 text,
  image1_name text,
  image2 text,
  image2_name text,
  favicon text,
  favicon_name text,
  primary_color text NOT NULL,
  secondary_color text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_on timestamptz NOT NULL DEFAULT now(),
  created_by bigint REFERENCES users,
  updated_on timestamptz,
  updated_by bigint REFERENCES users
);

CREATE TABLE work_groups (
  work_group_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users,
  name text NOT NULL,
  UNIQUE (user_id, name)
);

CREATE TABLE work_group_items (
  work_group_id bigint NOT NULL REFERENCES work_groups ON DELETE CASCADE,
  item_type text NOT NULL CHECK (item_type IN ('group', 'practice', 'facility', 'provider')),
  item_id bigint NOT NULL,
  PRIMARY KEY (work_group_id, item_type, item_id)
);

CREATE TABLE favorites (
  user_id bigint NOT NULL REFERENCES users,
  item_type text NOT NULL CHECK (item_type IN ('group', 'practice', 'facility', 'provider')),
  item_id bigint NOT NULL,
  PRIMARY KEY (user_id, item_type, item_id)
);

CREATE TABLE recents (
  user_id bigint NOT NULL REFERENCES users,
  item_type text NOT NULL,
  item_id text NOT NULL,
  label text NOT NULL,
  accessed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_type, item_id)
);

CREATE TABLE grid_layouts (
  user_id bigint NOT NULL REFERENCES users,
  grid_type_id text NOT NULL,
  layout jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, grid_type_id)
);

CREATE TABLE user_settings (
  user_id bigint NOT NULL REFERENCES users,
  key text NOT NULL,
  value jsonb NOT NULL,
  PRIMARY KEY (user_id, key)
);

CREATE TABLE saved_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users,
  module_url text NOT NULL,
  name text NOT NULL,
  params jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Fee schedules and crosswalks -----------------------------------------------------------------
CREATE TABLE fee_schedules (
  fee_schedule_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id bigint NOT NULL REFERENCES practices,
  insurance_id bigint REFERENCES insurances,
  name text NOT NULL,
  effective_from date NOT NULL,
  effective_to date,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE fee_schedule_items (
  fee_schedule_id bigint NOT NULL REFERENCES fee_schedules ON DELETE CASCADE,
  cpt_code text NOT NULL,
  modifier text NOT NULL DEFAULT '',
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  PRIMARY KEY (fee_schedule_id, cpt_code, modifier)
);

CREATE TABLE cpt_ndc_crosswalks (
  cpt_ndc_crosswalk_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id bigint NOT NULL REFERENCES practices,
  cpt_code text NOT NULL,
  ndc_code text NOT NULL,
  ndc_units numeric(12, 3) NOT NULL,
  ndc_unit_type text NOT NULL CHECK (ndc_unit_type IN ('F2', 'GR', 'ME', 'ML', 'UN')),
  description text
);

CREATE TABLE cpt_revenue_crosswalks (
  cpt_revenue_crosswalk_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id bigint NOT NULL REFERENCES practices,
  insurance_id bigint REFERENCES insurances,
  cpt_code text NOT NULL,
  revenue_code text NOT NULL REFERENCES revenue_codes
);

-- Batches ------------------------------------------------------------------------------------------
CREATE TABLE charge_batches (
  charge_batch_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  practice_id bigint NOT NULL REFERENCES practices,
  batch_number text NOT NULL,
  description text,
  expected_total_cents bigint NOT NULL DEFAULT 0,
  assigned_user_id bigint REFERENCES users,
  status text NOT NULL DEFAULT 'open',
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, batch_number)
);

CREATE TABLE payment_batches (
  payment_batch_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  practice_id bigint NOT NULL REFERENCES practices,
  batch_number text NOT NULL,
  payment_source text NOT NULL CHECK (payment_source IN ('insurance', 'patient')),
  insurance_id bigint REFERENCES insurances,
  check_number text,
  check_date date,
  deposit_date date,
  total_cents bigint NOT NULL DEFAULT 0,
  assigned_user_id bigint REFERENCES users,
  status text NOT NULL DEFAULT 'open',
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, batch_number)
);

CREATE TABLE document_batches (
  document_batch_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  practice_id bigint NOT NULL REFERENCES practices,
  batch_number text NOT NULL,
  batch_type text NOT NULL,
  description text,
  assigned_user_id bigint REFERENCES users,
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, batch_number)
);

CREATE TABLE submission_batches (
  submission_batch_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  insurance_id bigint NOT NULL REFERENCES insurances,
  transaction_type text NOT NULL CHECK (transaction_type IN ('837P', '837I')),
  interchange_control_number bigint NOT NULL UNIQUE,
  group_control_number bigint NOT NULL,
  file_name text NOT NULL,
  content text NOT NULL,
  claim_count integer NOT NULL,
  total_cents bigint NOT NULL,
  status text NOT NULL DEFAULT 'created',
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE SEQUENCE x12_interchange_control_seq START 1 MAXVALUE 999999999;

-- Claims and charges ------------------------------------------------------------------------------
CREATE TABLE claims (
  claim_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  practice_id bigint NOT NULL REFERENCES practices,
  facility_id bigint REFERENCES facilities,
  patient_id bigint NOT NULL REFERENCES patients,
  -- Kept beside patient_id so that a million-row list sorts by name on one index.
  patient_name text NOT NULL,
  patient_insurance_id bigint REFERENCES patient_insurances,
  insurance_id bigint REFERENCES insurances,
  provider_id bigint NOT NULL REFERENCES providers,
  referring_provider_id bigint REFERENCES providers,
  supervising_provider_id bigint REFERENCES providers,
  pos_code text REFERENCES place_of_service,
  claim_type text NOT NULL DEFAULT 'professional' CHECK (claim_type IN ('professional', 'institutional')),
  claim_status_id smallint NOT NULL REFERENCES claim_statuses,
  scrub_status_id smallint NOT NULL REFERENCES scrub_statuses,
  submit_status_id smallint NOT NULL REFERENCES submit_statuses,
  dos_from date NOT NULL,
  dos_to date NOT NULL,
  referral_number text,
  prior_authorization_number text,
  frequency_code text NOT NULL DEFAULT '1',
  original_claim_number text,
  medical_case_id bigint REFERENCES medical_cases,
  charge_batch_id bigint REFERENCES charge_batches,
  crossover_of_claim_id bigint REFERENCES claims,
  assigned_user_id bigint REFERENCES users,
  assign_user_note text,
  total_charge_cents bigint NOT NULL DEFAULT 0,
  -- Equal to total charges minus the claim's ledger credits; changed only in the transaction that
  -- writes the ledger rows, so it always matches them.
  balance_cents bigint NOT NULL DEFAULT 0,
  submitted_at timestamptz,
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (dos_to >= dos_from)
);
CREATE INDEX claims_practice_claim_idx ON claims (practice_id, claim_id);
CREATE INDEX claims_practice_dos_idx ON claims (practice_id, dos_from, claim_id);
CREATE INDEX claims_practice_patient_name_idx ON claims (practice_id, patient_name, claim_id);
CREATE INDEX claims_practice_status_idx ON claims (practice_id, claim_status_id, claim_id);
CREATE INDEX claims_practice_balance_idx ON claims (practice_id, balance_cents, claim_id);
CREATE INDEX claims_patient_idx ON claims (patient_id);
CREATE INDEX claims_assigned_user_idx ON claims (assigned_user_id) WHERE assigned_user_id IS NOT NULL;

CREATE TABLE claim_diagnoses (
  claim_id bigint NOT NULL REFERENCES claims ON DELETE CASCADE,
  sequence smallint NOT NULL CHECK (sequence BETWEEN 1 AND 12),
  icd_code text NOT NULL,
  PRIMARY KEY (claim_id, sequence)
);

CREATE TABLE charges (
  charge_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES claims,
  line_number smallint NOT NULL,
  cpt_code text NOT NULL,
  modifier1 text,
  modifier2 text,
  modifier3 text,
  modifier4 text,
  units integer NOT NULL CHECK (units > 0),
  charge_cents bigint NOT NULL CHECK (charge_cents >= 0),
  diagnosis_pointers smallint[] NOT NULL DEFAULT '{}',
  dos_from date NOT NULL,
  dos_to date NOT NULL,
  pos_code text REFERENCES place_of_service,
  rendering_provider_id bigint REFERENCES providers,
  revenue_code text,
  ndc_code text,
  ndc_units numeric(12, 3),
  ndc_unit_type text,
  charge_status text NOT NULL DEFAULT 'active' CHECK (charge_status IN ('active', 'hold', 'void')),
  -- Sent as REF*6R and echoed back by the ERA, so matching survives a payer dropping a modifier.
  line_control_number text NOT NULL UNIQUE,
  balance_cents bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX charges_claim_idx ON charges (claim_id, line_number);

CREATE TABLE charge_status_history (
  charge_status_history_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  charge_id bigint NOT NULL REFERENCES charges,
  from_status text NOT NULL,
  to_status text NOT NULL,
  changed_by bigint REFERENCES users,
  changed_at timestamptz NOT NULL DEFAULT now()
);

-- The claim DNA log: every change to a claim, with who, when and from where.
CREATE TABLE claim_events (
  claim_event_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES claims,
  user_id bigint REFERENCES users,
  action text NOT NULL,
  source text NOT NULL,
  detail jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claim_events_claim_idx ON claim_events (claim_id, at);
CREATE TRIGGER claim_events_append_only BEFORE UPDATE OR DELETE ON claim_events FOR EACH ROW EXECUTE FUNCTION refuse_change();

CREATE TABLE scrub_results (
  claim_id bigint NOT NULL REFERENCES claims,
  rule_id text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('error', 'warning')),
  field text NOT NULL,
  charge_id bigint REFERENCES charges,
  message text NOT NULL,
  scrubbed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scrub_results_claim_idx ON scrub_results (claim_id);

CREATE TABLE notes (
  note_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  claim_id bigint REFERENCES claims,
  charge_id bigint REFERENCES charges,
  patient_id bigint REFERENCES patients,
  note_type_id smallint NOT NULL REFERENCES note_types,
  text text NOT NULL,
  archived boolean NOT NULL DEFAULT false,
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notes_claim_idx ON notes (claim_id) WHERE claim_id IS NOT NULL;

CREATE TABLE tasks (
  task_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  claim_id bigint REFERENCES claims,
  task_type_id smallint NOT NULL REFERENCES task_types,
  assigned_user_id bigint REFERENCES users,
  text text NOT NULL,
  due_date date,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'deleted')),
  resolved_at timestamptz,
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tasks_claim_idx ON tasks (claim_id) WHERE claim_id IS NOT NULL;
CREATE INDEX tasks_assigned_idx ON tasks (assigned_user_id, status);

CREATE TABLE documents (
  document_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  claim_id bigint REFERENCES claims,
  patient_id bigint REFERENCES patients,
  charge_batch_id bigint REFERENCES charge_batches,
  payment_batch_id bigint REFERENCES payment_batches,
  document_batch_id bigint REFERENCES document_batches,
  category_id smallint REFERENCES document_categories,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size_bytes integer NOT NULL,
  content bytea NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  e_attached boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- ERA (X12 835) ---------------------------------------------------------------------------------
CREATE TABLE era_files (
  era_file_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  file_name text NOT NULL,
  file_hash text NOT NULL,
  content text NOT NULL,
  uploaded_by bigint REFERENCES users,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_id, file_hash)
);

CREATE TABLE era_checks (
  era_check_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  era_file_id bigint NOT NULL REFERENCES era_files,
  group_id bigint NOT NULL REFERENCES groups,
  insurance_id bigint REFERENCES insurances,
  payer_name text NOT NULL,
  payer_identifier text NOT NULL,
  trace_number text NOT NULL,
  payment_method text NOT NULL,
  check_date date,
  total_paid_cents bigint NOT NULL,
  provider_adjustment_cents bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'unposted' CHECK (status IN ('unposted', 'posted', 'deleted')),
  posted_at timestamptz,
  posted_by bigint REFERENCES users,
  payment_batch_id bigint REFERENCES payment_batches,
  UNIQUE (group_id, payer_identifier, trace_number)
);

CREATE TABLE era_claims (
  era_claim_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  era_check_id bigint NOT NULL REFERENCES era_checks,
  claim_id bigint REFERENCES claims,
  patient_control_number text NOT NULL,
  status_code text NOT NULL,
  billed_cents bigint NOT NULL,
  paid_cents bigint NOT NULL,
  patient_responsibility_cents bigint NOT NULL DEFAULT 0,
  payer_claim_control_number text,
  patient_name text,
  service_date date
);
CREATE INDEX era_claims_check_idx ON era_claims (era_check_id);
CREATE INDEX era_claims_claim_idx ON era_claims (claim_id) WHERE claim_id IS NOT NULL;

CREATE TABLE era_lines (
  era_line_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  era_claim_id bigint NOT NULL REFERENCES era_claims,
  charge_id bigint REFERENCES charges,
  procedure_code text NOT NULL,
  modifiers text[] NOT NULL DEFAULT '{}',
  billed_cents bigint NOT NULL,
  allowed_cents bigint,
  paid_cents bigint NOT NULL,
  units numeric(12, 3),
  line_control_number text,
  service_date date
);
CREATE INDEX era_lines_claim_idx ON era_lines (era_claim_id);
CREATE INDEX era_lines_charge_idx ON era_lines (charge_id) WHERE charge_id IS NOT NULL;

CREATE TABLE era_adjustments (
  era_adjustment_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  era_claim_id bigint NOT NULL REFERENCES era_claims,
  era_line_id bigint REFERENCES era_lines,
  group_code text NOT NULL CHECK (group_code IN ('CO', 'PR', 'OA', 'PI', 'CR')),
  reason_code text NOT NULL,
  amount_cents bigint NOT NULL,
  quantity numeric(12, 3)
);

CREATE TABLE era_remarks (
  era_claim_id bigint NOT NULL REFERENCES era_claims,
  era_line_id bigint REFERENCES era_lines,
  remark_code text NOT NULL
);

CREATE TABLE era_provider_adjustments (
  era_provider_adjustment_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  era_check_id bigint NOT NULL REFERENCES era_checks,
  reason_code text NOT NULL,
  reference text,
  amount_cents bigint NOT NULL
);

-- The ledger: every financial event, immutable -------------------------------------------------
CREATE TABLE advance_payments (
  advance_payment_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  patient_id bigint NOT NULL REFERENCES patients,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  date_of_service date,
  payment_method text NOT NULL,
  reference text,
  received_on date NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'reversed', 'refunded')),
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- amount_cents is the effect on the charge balance: a charge is positive, money in is negative.
CREATE TABLE ledger_entries (
  ledger_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES groups,
  practice_id bigint NOT NULL REFERENCES practices,
  patient_id bigint NOT NULL REFERENCES patients,
  claim_id bigint REFERENCES claims,
  charge_id bigint REFERENCES charges,
  entry_type text NOT NULL CHECK (entry_type IN ('charge', 'insurance_payment', 'patient_payment', 'contractual_adjustment', 'adjustment', 'write_off', 'patient_responsibility', 'denial', 'refund', 'reversal', 'advance_payment', 'advance_application')),
  amount_cents bigint NOT NULL,
  adjustment_group_code text,
  reason_code text,
  era_check_id bigint REFERENCES era_checks,
  era_line_id bigint REFERENCES era_lines,
  payment_batch_id bigint REFERENCES payment_batches,
  advance_payment_id bigint REFERENCES advance_payments,
  reverses_ledger_id bigint UNIQUE REFERENCES ledger_entries,
  posting_date date NOT NULL,
  note text,
  created_by bigint REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_charge_idx ON ledger_entries (charge_id) WHERE charge_id IS NOT NULL;
CREATE INDEX ledger_entries_claim_idx ON ledger_entries (claim_id) WHERE claim_id IS NOT NULL;
CREATE INDEX ledger_entries_patient_idx ON ledger_entries (patient_id);
CREATE INDEX ledger_entries_check_idx ON ledger_entries (era_check_id) WHERE era_check_id IS NOT NULL;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION refuse_change();

CREATE TABLE month_end_locks (
  group_id bigint NOT NULL REFERENCES groups,
  practice_id bigint NOT NULL REFERENCES practices,
  month_start date NOT NULL,
  locked_by bigint REFERENCES users,
  locked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, practice_id, month_start)
);
