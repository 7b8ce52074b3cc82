import { randomBytes } from 'node:crypto';
import { MODULE_CODES } from '../../../contract/call.ts';
import { hashPassword } from '../../auth/password.ts';
import { newTotpSecret } from '../../auth/totp.ts';
import type { Db } from '../../db/types.ts';
import { writeAudit } from '../audit/audit.ts';

export interface FirstAdministrator {
  email: string;
  oneTimePassword: string;
  totpSecret: string;
}

/** A one-time password that meets the policy: upper, lower, digit, 20 characters. */
function oneTimePassword(): string {
  return `Ot-${randomBytes(12).toString('base64url')}-7a`.replace(/[^A-Za-z0-9-]/g, 'x');
}

/**
 * On a database with no user at all: one administrator holding every module, whose password works
 * once (it must be changed at first sign-in). The caller prints the credentials once; only hashes
 * are kept.
 */
export async function createFirstAdministrator(db: Db, email: string): Promise<FirstAdministrator | null> {
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const totpSecret = newTotpSecret();
  return db.transaction(async (tx) => {
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>('SELECT count(*)::bigint AS count FROM users');
    if (count > 0) return null;
    const [role] = await tx.query<{ role_id: number }>(
      `INSERT INTO roles (name) VALUES ('Administrator') ON CONFLICT (name) DO UPDATE SET active = true RETURNING role_id`,
    );
    await tx.query(
      `INSERT INTO role_modules (role_id, module_id) SELECT $1, module_id FROM modules WHERE code = ANY($2::text[]) ON CONFLICT DO NOTHING`,
      [role!.role_id, [...MODULE_CODES]],
    );
    const [dataRole] = await tx.query<{ data_role_id: number }>(
      `INSERT INTO data_roles (name) VALUES ('All Groups') ON CONFLICT (name) DO UPDATE SET active = true RETURNING data_role_id`,
    );
    await tx.query(
      'INSERT INTO data_role_groups (data_role_id, group_id) SELECT $1, group_id FROM groups ON CONFLICT DO NOTHING',
      [dataRole!.data_role_id],
    );
    const [user] = await tx.query<{ user_id: number }>(
      `INSERT INTO users (email, first_name, last_name, password_hash, must_change_password, totp_secret, role_id, data_role_id, default_module_url)
       VALUES ($1, 'System', 'Administrator', $2, true, $3, $4, $5, '/app/all-claims') RETURNING user_id`,
      [email, passwordHash, totpSecret, role!.role_id, dataRole!.data_role_id],
    );
    await writeAudit(tx, {
      userId: user!.user_id,
      action: 'user.created',
      recordType: 'user',
      recordId: user!.user_id,
      source: 'system',
      detail: { firstAdministrator: true },
    });
    return { email, oneTimePassword: password, totpSecret };
  });
}
