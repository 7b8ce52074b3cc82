import type { SecretBox } from '../../auth/secretBox.ts';
import type { Db } from '../../db/types.ts';

/**
 * Seals every authenticator secret still stored plain (the demo's, a first administrator's, one
 * written before sealing existed), at start-up; returns how many were sealed.
 */
export async function sealTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  const plain = await db.query<{ user_id: number; totp_secret: string }>(
    "SELECT user_id, totp_secret FROM users WHERE totp_secret IS NOT NULL AND totp_secret NOT LIKE 'v1:%'",
  );
  await db.transaction(async (tx) => {
    for (const user of plain) {
      await tx.query('UPDATE users SET totp_secret = $2 WHERE user_id = $1 AND totp_secret = $3', [
        user.user_id,
        box.seal(user.totp_secret),
        user.totp_secret,
      ]);
    }
  });
  return plain.length;
}
