import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { HOME_PATH } from './routeDecision.ts';
import './notFound.css';

/** SPEC point 2's 404 page, for unknown and not-permitted paths alike. */
export function NotFoundPage({ signedIn }: { signedIn: boolean }) {
  const [, navigate] = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <main className="not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist, or an error occurred.</p>
      <button ref={button} type="button" className="btn btn--primary" onClick={() => navigate(HOME_PATH)}>
        {signedIn ? 'Back to Home' : 'Back to Login'}
      </button>
    </main>
  );
}
