import { userLogout } from '../../api/account.ts';
import { LOGIN_PATH } from '../../routing/routeDecision.ts';
import { goTo } from '../../routing/navigation.ts';
import { clearSession, session } from '../../state/session.ts';
import { setScreenInactive } from '../../state/ui.ts';

export type SignOutReason = 'user' | 'inactive' | 'expired';

/**
 * Ends the session here at once, then tells the server (Users/userLogout with the loginAuditID).
 * The biller never waits for the server, and a failed logout call changes nothing for them.
 */
export async function signOut(reason: SignOutReason): Promise<void> {
  const user = session.user;
  if (!user) return;
  setScreenInactive(reason === 'inactive');
  clearSession();
  goTo(LOGIN_PATH, { replace: true });
  try {
    await userLogout(user.loginAuditID, { token: user.token, silent: true, background: true });
  } catch {
    // The server ends the session at its expiry anyway; nothing the biller can do about it.
  }
}
