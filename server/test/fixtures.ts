import { MODULE_CODES, type ModuleCode } from '../../contract/endpoints.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db, Queryable } from '../db/types.ts';

/** Small, named records for server tests: two groups that must never see each other's claims. */
export const TEST_PASSWORD = 'Test-Password-12';
export const TEST_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF';
/** A patient name no log line may ever contain. */
export const PHI_PATIENT_LAST_NAME = 'QUACKENBUSH';

let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

async function one<T>(q: Queryable, sql: string, params: unknown[]): Promise<T> {
  const [row] = await q.query<T>(sql, params);
  if (!row) throw new Error(`No row from: ${sql}`);
  return row;
}

export interface TestGroup {
  groupId: number;
  practiceId: number;
  providerId: number;
  patientId: number;
  insuranceId: number;
  claimIds: number[];
}

export async function createTestGroup(
  db: Db,
  name: string,
  options: { claims: number; patientLastName?: string },
): Promise<TestGroup> {
  return db.transaction(async (tx) => {
    const { group_id: groupId } = await one<{ group_id: number }>(
      tx,
      'INSERT INTO groups (name, tax_id) VALUES ($1, $2) RETURNING group_id',
      [name, '123456789'],
    );
    const { practice_id: practiceId } = await one<{ practice_id: number }>(
      tx,
      `INSERT INTO practices (group_id, name, npi, tax_id, address1, city, state, zip) VALUES ($1, $2, '1234567893', '123456789', '1 Main St', 'Austin', 'TX', '78701-1234') RETURNING practice_id`,
      [groupId, `${name} Practice`],
    );
    const { provider_id: providerId } = await one<{ provider_id: number }>(
      tx,
      `INSERT INTO providers (group_id, practice_id, provider_type, first_name, last_name, npi) VALUES ($1, $2, 'individual', 'Ann', 'Lee', '1234567893') RETURNING provider_id`,
      [groupId, practiceId],
    );
    const { insurance_id: insuranceId } = await one<{ insurance_id: number }>(
      tx,
      `INSERT INTO insurances (name, payer_id, insurance_type) VALUES ('Aetna', '60054', 'commercial') RETURNING insurance_id`,
      [],
    );
    const lastName = options.patientLastName ?? 'SMITH';
    const { patient_id: patientId } = await one<{ patient_id: number }>(
      tx,
      `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex, address1, city, state, zip)
       VALUES ($1, $2, $3, 'JANE', $4, '1980-02-03', 'F', '2 Oak St', 'Austin', 'TX', '78701') RETURNING patient_id`,
      [groupId, practiceId, `${name.slice(0, 3).toUpperCase()}0001`, lastName],
    );
    const claims = await tx.query<{ claim_id: number }>(
      `INSERT INTO claims (group_id, practice_id, patient_id, patient_name, insurance_id, provider_id, claim_status_id, scrub_status_id, submit_status_id,
                           dos_from, dos_to, total_charge_cents, balance_cents)
       SELECT $1, $2, $3, $4, $5, $6, 1 + (n % 10), 1, 1, DATE '2026-01-01' + n, DATE '2026-01-01' + n, 10000 + n, 10000 + n
         FROM generate_series(1, $7::int) AS n
       RETURNING claim_id`,
      [groupId, practiceId, patientId, `${lastName}, JANE`, insuranceId, providerId, options.claims],
    );
    return { groupId, practiceId, providerId, patientId, insuranceId, claimIds: claims.map((row) => row.claim_id) };
  });
}

export interface TestUser {
  userId: number;
  email: string;
}

/** A user whose role holds `modules` and whose data role sees `groupIds`. */
export async function createTestUser(
  db: Db,
  email: string,
  options: {
    groupIds: number[];
    modules?: readonly ModuleCode[];
    totp?: boolean;
    active?: boolean;
    passwordExpiresAt?: Date;
    mustChangePassword?: boolean;
  },
): Promise<TestUser> {
  const hash = await passwordHash();
  return db.transaction(async (tx) => {
    const modules = options.modules ?? MODULE_CODES;
    const { role_id: roleId } = await one<{ role_id: number }>(
      tx,
      'INSERT INTO roles (name) VALUES ($1) RETURNING role_id',
      [`role for ${email}`],
    );
    await tx.query(
      'INSERT INTO role_modules (role_id, module_id) SELECT $1, module_id FROM modules WHERE code = ANY($2::text[])',
      [roleId, [...modules]],
    );
    const { data_role_id: dataRoleId } = await one<{ data_role_id: number }>(
      tx,
      'INSERT INTO data_roles (name) VALUES ($1) RETURNING data_role_id',
      [`data role for ${email}`],
    );
    await tx.query('INSERT INTO data_role_groups (data_role_id, group_id) SELECT $1, unnest($2::bigint[])', [
      dataRoleId,
      options.groupIds,
    ]);
    const { user_id: userId } = await one<{ user_id: number }>(
      tx,
      `INSERT INTO users (email, first_name, last_name, password_hash, totp_secret, role_id, data_role_id, default_module_url, active, password_expires_at, must_change_password)
       VALUES ($1, 'Test', 'User', $2, $3, $4, $5, '/app/all-claims', $6, $7, $8) RETURNING user_id`,
      [
        email,
        hash,
        options.totp === false ? null : TEST_TOTP_SECRET,
        roleId,
        dataRoleId,
        options.active ?? true,
        options.passwordExpiresAt ?? null,
        options.mustChangePassword ?? false,
      ],
    );
    return { userId, email };
  });
}
