import type { Db, Queryable } from '../../db/types.ts';
import type { TestGroup } from '../../test/fixtures.ts';

/**
 * Records the claims-list filter tests set on top of createTestGroup: a claim's attributes
 * changed one by one, ledger rows with posting dates and reasons, an ERA adjustment.
 */
async function one<T>(q: Queryable, sql: string, params: unknown[]): Promise<T> {
  const [row] = await q.query<T>(sql, params);
  if (!row) throw new Error(`No row from: ${sql}`);
  return row;
}

/** Sets columns of one claim: `setClaim(db, id, { facility_id: 3 })`. */
export async function setClaim(db: Db, claimId: number, columns: Record<string, unknown>): Promise<void> {
  const names = Object.keys(columns);
  await db.query(
    `UPDATE claims SET ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')} WHERE claim_id = $1`,
    [claimId, ...Object.values(columns)],
  );
}

export async function addFacility(db: Db, group: TestGroup): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    `INSERT INTO facilities (group_id, practice_id, name, address1, city, state, zip) VALUES ($1, $2, 'Second Clinic', '3 Elm St', 'Austin', 'TX', '78701') RETURNING facility_id AS id`,
    [group.groupId, group.practiceId],
  );
  return row.id;
}

export async function addProvider(db: Db, group: TestGroup): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    `INSERT INTO providers (group_id, practice_id, provider_type, first_name, last_name, npi) VALUES ($1, $2, 'individual', 'Bo', 'Ray', '1234567893') RETURNING provider_id AS id`,
    [group.groupId, group.practiceId],
  );
  return row.id;
}

export async function addInsurance(db: Db, name: string): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    `INSERT INTO insurances (name, payer_id, insurance_type) VALUES ($1, '87726', 'commercial') RETURNING insurance_id AS id`,
    [name],
  );
  return row.id;
}

export async function addPatient(db: Db, group: TestGroup, account: string): Promise<number> {
  const row = await one<{ id: number }>(
    db,
    `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex, address1, city, state, zip)
     VALUES ($1, $2, $3, 'AL', 'STONE', '1970-05-06', 'M', '4 Pine St', 'Austin', 'TX', '78701') RETURNING patient_id AS id`,
    [group.groupId, group.practiceId, account],
  );
  return row.id;
}

/** A ledger row on a claim; `reason` is the CARC code (denials). */
export async function addLedgerRow(
  db: Db,
  claimId: number,
  row: { type: string; postingDate: string; cents?: number; reason?: string },
): Promise<void> {
  await db.query(
    `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, entry_type, amount_cents, reason_code, posting_date)
     SELECT group_id, practice_id, patient_id, claim_id, $2, $3, $4, $5 FROM claims WHERE claim_id = $1`,
    [claimId, row.type, row.cents ?? 0, row.reason ?? null, row.postingDate],
  );
}

/** An ERA for the claim with one claim-level adjustment of `reason` (CARC). */
export async function addEraAdjustment(db: Db, group: TestGroup, claimId: number, reason: string): Promise<void> {
  const file = await one<{ id: number }>(
    db,
    `INSERT INTO era_files (group_id, file_name, file_hash, content) VALUES ($1, 'era.835', md5(random()::text), '') RETURNING era_file_id AS id`,
    [group.groupId],
  );
  const check = await one<{ id: number }>(
    db,
    `INSERT INTO era_checks (era_file_id, group_id, payer_name, payer_identifier, trace_number, payment_method, total_paid_cents)
     VALUES ($1, $2, 'Aetna', '60054', md5(random()::text), 'CHK', 0) RETURNING era_check_id AS id`,
    [file.id, group.groupId],
  );
  const claim = await one<{ id: number }>(
    db,
    `INSERT INTO era_claims (era_check_id, claim_id, patient_control_number, status_code, billed_cents, paid_cents)
     VALUES ($1, $2, $3, '4', 10000, 0) RETURNING era_claim_id AS id`,
    [check.id, claimId, String(claimId)],
  );
  await db.query(
    `INSERT INTO era_adjustments (era_claim_id, group_code, reason_code, amount_cents) VALUES ($1, 'CO', $2, 10000)`,
    [claim.id, reason],
  );
}
