import { startClaimsListEarly } from '../features/claims/claimsPages.ts';
import { decideRoute } from '../routing/routeDecision.ts';
import { isSessionExpired } from '../routing/sessionExpiry.ts';
import { allowedLinksOfUser } from '../routing/userLinks.ts';
import { session } from '../state/session.ts';
import { CLAIMS_PATH } from '../routing/paths.ts';

/** Screens whose first calls start with the page: the claims list is where a biller's day begins. */
const EARLY_STARTS: Readonly<Record<string, () => void>> = {
  [CLAIMS_PATH]: startClaimsListEarly,
};

/**
 * On a full page load, starts the first calls of the screen at `path`, when the signed-in user
 * will be shown it (RouteGate decides the same way), so they are under way while React renders.
 */
export function startScreenEarly(path: string, now = Date.now()): void {
  const user = session.user;
  if (!user || user.mustChangePassword || isSessionExpired(user.expireDate, now)) return;
  const start = EARLY_STARTS[path];
  if (!start) return;
  const decision = decideRoute({
    path,
    signedIn: true,
    allowedLinks: allowedLinksOfUser(user),
    defaultModuleURL: user.defaultModuleURL,
  });
  if (decision.kind === 'render') start();
}
