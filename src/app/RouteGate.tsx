import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { signOut } from '../features/session/signOut.ts';
import { NotFoundPage } from '../routing/NotFoundPage.tsx';
import { decideRoute } from '../routing/routeDecision.ts';
import { isSessionExpired } from '../routing/sessionExpiry.ts';
import { allowedLinksOfUser } from '../routing/userLinks.ts';
import { session } from '../state/session.ts';
import { recordRoute } from '../state/ui.ts';
import { useStore } from '../state/useStore.ts';
import { Screens } from './Screens.tsx';

/** Applies SPEC point 2's routing rules on every navigation, then draws the screen for the path. */
export function RouteGate() {
  const [path, navigate] = useLocation();
  const { user } = useStore(session);
  const allowedLinks = useMemo(() => (user ? allowedLinksOfUser(user) : []), [user]);
  const decision = decideRoute({
    path,
    signedIn: user !== null,
    allowedLinks,
    defaultModuleURL: user?.defaultModuleURL ?? null,
  });
  const redirectTo = decision.kind === 'redirect' ? decision.to : null;

  useEffect(() => {
    recordRoute(path);
    const current = session.user;
    if (current && isSessionExpired(current.expireDate, Date.now())) void signOut('expired');
  }, [path]);

  useEffect(() => {
    if (redirectTo !== null) navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);

  if (decision.kind === 'redirect') return null;
  if (decision.kind === 'notFound') return <NotFoundPage signedIn={user !== null} />;
  return <Screens path={path} />;
}
