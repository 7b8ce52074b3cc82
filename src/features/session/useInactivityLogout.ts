import { useEffect } from 'react';
import { ACTIVITY_EVENTS, INACTIVITY_CHECK_EVERY_MS, isInactive } from './inactivity.ts';
import { signOut } from './signOut.ts';

/**
 * Signs out after 30 minutes without a mouse move, key press or touch (SPEC point 9).
 * Date.now and setInterval on purpose: Playwright's fake clock drives both in the browser test.
 */
export function useInactivityLogout(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    let lastActivity = Date.now();
    const markActive = () => {
      lastActivity = Date.now();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, markActive, { capture: true, passive: true });
    const timer = setInterval(() => {
      if (isInactive(lastActivity, Date.now())) void signOut('inactive');
    }, INACTIVITY_CHECK_EVERY_MS);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, markActive, { capture: true });
      clearInterval(timer);
    };
  }, [signedIn]);
}
