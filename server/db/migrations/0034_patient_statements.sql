-- Patient statements: a patient sent to collections gets no more statements, and every statement
-- sent is kept (its figures and its PDF) so it can be printed again and the next run knows when
-- the patient was last billed.
ALTER TABLE patients ADD COLUMN in_collections boolean NOT NULL DEFAULT false;

-- A print run: the statements it stored, and the one file of all of them that was printed.
CREATE TABLE patient_statement_runs (
  patient_statement_run_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  statement_date date NOT NULL,
  statements integer NOT NULL,
  combined_pdf bytea NOT NULL,
  created_by bigint NOT NULL REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE patient_statements (
  patient_statement_id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  patient_id bigint NOT NULL REFERENCES patients,
  practice_id bigint NOT NULL REFERENCES practices,
  statement_date date NOT NULL,
  amount_due_cents bigint NOT NULL,
  aging jsonb NOT NULL,
  run_id bigint REFERENCES patient_statement_runs,
  pdf bytea NOT NULL,
  created_by bigint NOT NULL REFERENCES users,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX patient_statements_patient_idx ON patient_statements (patient_id, statement_date DESC);
CREATE INDEX patient_statements_run_idx ON patient_statements (run_id);
