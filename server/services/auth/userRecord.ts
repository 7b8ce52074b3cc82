import type { Queryable } from '../../db/types.ts';

export interface UserRecord {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  password_expires_at: Date | null;
  must_change_password: boolean;
  totp_secret: string | null;
  totp_last_step: number | null;
  role_id: number;
  data_role_id: number;
  default_module_url: string | null;
  failed_attempts: number;
  locked_until: Date | null;
  active: boolean;
}

const columns = `user_id, email, first_name, last_name, password_hash, password_expires_at, must_change_password,
  totp_secret, totp_last_step, role_id, data_role_id, default_module_url, failed_attempts, locked_until, active`;

export async function findUserByEmail(q: Queryable, email: string, lock = false): Promise<UserRecord | undefined> {
  const [user] = await q.query<UserRecord>(
    `SELECT ${columns} FROM users WHERE lower(email) = lower($1)${lock ? ' FOR UPDATE' : ''}`,
    [email],
  );
  return user;
}

export async function findUserById(q: Queryable, userId: number, lock = false): Promise<UserRecord | undefined> {
  const [user] = await q.query<UserRecord>(
    `SELECT ${columns} FROM users WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return user;
}

export function isLocked(user: UserRecord, now: Date): boolean {
  return user.locked_until !== null && user.locked_until.getTime() > now.getTime();
}
