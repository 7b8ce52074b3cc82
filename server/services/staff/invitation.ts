/**
 * The invitation of a new user: an e-mailed link (its token kept hashed) with which they set a
 * password, then enrol an authenticator app from a QR code; only then can they sign in. The link
 * works for INVITATION_DAYS, once, and stops working when a new one is sent or the user is
 * deactivated. Five wrong authenticator codes spend it.
 */
import type { AuthenticatorEnrolment, InvitationReply } from '../../../contract/staff.ts';
import { AUTHENTICATOR_CODE_WRONG, AUTHENTICATOR_ENROLLED, INVITATION_NOT_VALID } from '../../../contract/staff.ts';
import { hashPassword } from '../../auth/password.ts';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../../auth/totp.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { AuthDeps, RequestMeta } from '../auth/deps.ts';
import { MAX_CODE_TRIES } from '../auth/policy.ts';

export const INVITATION_DAYS = 7;
/** The name an authenticator app shows beside the account. */
export const AUTHENTICATOR_ISSUER = 'Billing Console';
/** The browser's page for an invitation link. */
export const ACCEPT_INVITATION_PATH = '/accept-invitation';

interface InvitedUser {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * Spends the user's open invitations and writes a new one, inside the caller's transaction; the
 * caller sends the mail (`invitationMail`) once it has committed.
 */
export async function newInvitation(tx: Queryable, userId: number, invitedBy: number, now: Date): Promise<string> {
  await tx.query(
    'UPDATE user_invitations SET revoked_at = $2 WHERE user_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL',
    [userId, now],
  );
  const token = newToken();
  await tx.query(
    `INSERT INTO user_invitations (user_id, token_hash, invited_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [userId, hashToken(token), invitedBy, now, new Date(now.getTime() + INVITATION_DAYS * 86_400_000)],
  );
  return token;
}

export function invitationMail(
  user: { email: string; firstName: string },
  token: string,
  linkBase: string,
): { to: string; subject: string; text: string } {
  const link = `${linkBase}${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: 'You are invited to the Billing Console',
    text:
      `Hello ${user.firstName},\n\nAn administrator has given you an account. Open this link within ` +
      `${INVITATION_DAYS} days to choose your password and set up an authenticator app ` +
      `(Google Authenticator, Microsoft Authenticator or the like):\n\n${link}\n\n` +
      'The link works once. If it has expired, ask your administrator to send a new one.',
  };
}

interface OpenInvitation extends InvitedUser {
  invitation_id: number;
  password_set_at: Date | null;
  totp_pending_secret: string | null;
}

async function openInvitation(q: Queryable, token: string, now: Date, lock = false): Promise<OpenInvitation> {
  const [row] = await q.query<OpenInvitation>(
    `SELECT i.invitation_id, i.password_set_at, u.user_id, u.email, u.first_name, u.last_name, u.totp_pending_secret
       FROM user_invitations i JOIN users u ON u.user_id = i.user_id
      WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2 AND u.active
      ${lock ? 'FOR UPDATE OF i' : ''}`,
    [hashToken(token), now],
  );
  if (!row) throw new BadRequestError(INVITATION_NOT_VALID);
  return row;
}

/** Who the invitation is for, so the page can greet them; a spent or unknown link says so. */
export async function findInvitation(deps: AuthDeps, token: string): Promise<InvitationReply> {
  const row = await openInvitation(deps.db, token, deps.now());
  return { email: row.email, firstName: row.first_name, lastName: row.last_name };
}

/** A fresh authenticator key, kept sealed as the one waiting for its first code. */
export async function pendingAuthenticator(
  q: Queryable,
  deps: AuthDeps,
  user: { user_id: number; email: string },
): Promise<AuthenticatorEnrolment> {
  const secret = newTotpSecret();
  await q.query('UPDATE users SET totp_pending_secret = $2 WHERE user_id = $1', [
    user.user_id,
    deps.totpBox.seal(secret),
  ]);
  return { email: user.email, secret, otpauthUri: otpauthUri(secret, user.email, AUTHENTICATOR_ISSUER) };
}

/** Step one: the password. The reply is the authenticator key to enrol (again, when repeated). */
export async function acceptInvitation(
  deps: AuthDeps,
  token: string,
  newPassword: string,
  meta: RequestMeta,
): Promise<AuthenticatorEnrolment> {
  const now = deps.now();
  const passwordHash = await hashPassword(newPassword);
  return deps.db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, now, true);
    await tx.query(
      `UPDATE users SET password_hash = $2, password_changed_at = $3, password_expires_at = NULL,
              must_change_password = false WHERE user_id = $1`,
      [invitation.user_id, passwordHash, now],
    );
    await tx.query('UPDATE user_invitations SET password_set_at = $2 WHERE invitation_id = $1', [
      invitation.invitation_id,
      now,
    ]);
    await writeAudit(tx, {
      userId: invitation.user_id,
      action: 'invitation.password_set',
      recordType: 'user',
      recordId: invitation.user_id,
      ip: meta.ip,
    });
    return pendingAuthenticator(tx, deps, invitation);
  });
}

/**
 * Checks a code against the key waiting for it; on a match the key becomes the user's
 * authenticator and the code's step is spent, so it cannot sign in a second time.
 */
export async function adoptPendingAuthenticator(
  q: Queryable,
  deps: AuthDeps,
  userId: number,
  sealedPending: string | null,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!sealedPending) return false;
  const step = matchTotp(deps.totpBox.open(sealedPending), code, now.getTime());
  if (step === null) return false;
  await q.query(
    'UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $2 WHERE user_id = $1',
    [userId, step],
  );
  return true;
}

/** Step two: a code from the app just set up. The invitation is then used up; the user signs in. */
export async function enrolInvitedAuthenticator(
  deps: AuthDeps,
  token: string,
  code: string,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, now, true);
    if (invitation.password_set_at === null) throw new BadRequestError('Choose your password first.');
    if (await adoptPendingAuthenticator(tx, deps, invitation.user_id, invitation.totp_pending_secret, code, now)) {
      await tx.query('UPDATE user_invitations SET accepted_at = $2 WHERE invitation_id = $1', [
        invitation.invitation_id,
        now,
      ]);
      await writeAudit(tx, {
        userId: invitation.user_id,
        action: 'invitation.accepted',
        recordType: 'user',
        recordId: invitation.user_id,
        ip: meta.ip,
        detail: { authenticator: 'enrolled' },
      });
      return 'enrolled' as const;
    }
    await tx.query(
      `UPDATE user_invitations SET failed_tries = failed_tries + 1,
              revoked_at = CASE WHEN failed_tries + 1 >= $3 THEN $2::timestamptz ELSE revoked_at END
        WHERE invitation_id = $1`,
      [invitation.invitation_id, now, MAX_CODE_TRIES],
    );
    return 'wrong' as const;
  });
  if (outcome === 'wrong') throw new BadRequestError(AUTHENTICATOR_CODE_WRONG);
  return { message: AUTHENTICATOR_ENROLLED };
}
