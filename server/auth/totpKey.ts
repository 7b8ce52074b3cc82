/**
 * The key that seals the users' authenticator secrets: TOTP_KEY from the environment, or for the
 * embedded database a key generated into its data folder on the first start (readable by the
 * owner only) and read from there after. PostgreSQL needs TOTP_KEY: processes sharing one
 * database must share the key, and a data folder is one machine's.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSecretKey } from './secretBox.ts';

export const TOTP_KEY_FILE = 'totp.key';

export function loadTotpKey(options: { totpKey: string | undefined; embedded: boolean; dataDir: string }): Buffer {
  if (options.totpKey) return parseSecretKey(options.totpKey);
  if (!options.embedded)
    throw new Error(
      'TOTP_KEY must be set with DATABASE_URL: 32 random bytes as 64 hex characters (openssl rand -hex 32), the same for every process.',
    );
  const file = join(options.dataDir, TOTP_KEY_FILE);
  if (existsSync(file)) return parseSecretKey(readFileSync(file, 'utf8'));
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
