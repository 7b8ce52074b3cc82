import { describe, expect, it } from 'vitest';
import { allowedLinksFor } from './allowedLinks.ts';
import { decideRoute, landingPath, type RouteInput } from './routeDecision.ts';

const claimsUser = allowedLinksFor(['/app/all-claims', '/app/patient-search']);
const signedIn = (path: string, overrides: Partial<RouteInput> = {}): RouteInput => ({
  path,
  signedIn: true,
  allowedLinks: claimsUser,
  defaultModuleURL: '/app/patient-search',
  ...overrides,
});
const signedOut = (path: string): RouteInput => ({ path, signedIn: false, allowedLinks: [], defaultModuleURL: null });

describe('decideRoute without a token', () => {
  it('opens the public pages', () => {
    for (const path of ['/login', '/forgot-password', '/tfa-verification']) {
      expect(decideRoute(signedOut(path))).toEqual({ kind: 'render' });
    }
  });

  it('sends / and protected pages to /login', () => {
    expect(decideRoute(signedOut('/'))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute(signedOut('/app/all-claims'))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute(signedOut('/setting/users-settings'))).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('shows the 404 page for an unknown path', () => {
    expect(decideRoute(signedOut('/no-such-page'))).toEqual({ kind: 'notFound' });
  });
});

describe('decideRoute with a token', () => {
  it('moves on from /login, / and /tfa-verification to the default module when it is allowed', () => {
    for (const path of ['/login', '/', '/tfa-verification']) {
      expect(decideRoute(signedIn(path))).toEqual({ kind: 'redirect', to: '/app/patient-search' });
    }
  });

  it('falls back to the first allowed link when the default is missing or not allowed', () => {
    expect(decideRoute(signedIn('/login', { defaultModuleURL: '/reports/aging' }))).toEqual({
      kind: 'redirect',
      to: '/app/all-claims',
    });
    expect(decideRoute(signedIn('/login', { defaultModuleURL: null }))).toEqual({
      kind: 'redirect',
      to: '/app/all-claims',
    });
  });

  it('goes to / from /login when nothing is allowed, and stays on /', () => {
    const nothing = { allowedLinks: [], defaultModuleURL: '/app/all-claims' };
    expect(decideRoute(signedIn('/login', nothing))).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute(signedIn('/', nothing))).toEqual({ kind: 'render' });
  });

  it('renders allowed pages, extras included, and 404s the rest', () => {
    expect(decideRoute(signedIn('/app/all-claims'))).toEqual({ kind: 'render' });
    expect(decideRoute(signedIn('/app/claim-detail/42'))).toEqual({ kind: 'render' });
    expect(decideRoute(signedIn('/setting/users-settings'))).toEqual({ kind: 'render' });
    expect(decideRoute(signedIn('/setting/users'))).toEqual({ kind: 'notFound' });
    expect(decideRoute(signedIn('/no-such-page'))).toEqual({ kind: 'notFound' });
  });

  it('keeps the forgot-password page open', () => {
    expect(decideRoute(signedIn('/forgot-password'))).toEqual({ kind: 'render' });
  });
});

describe('landingPath', () => {
  it('accepts a default that matches a bracketed link', () => {
    expect(landingPath(claimsUser, '/app/claim-detail/5')).toBe('/app/claim-detail/5');
    expect(landingPath([], null)).toBeNull();
  });
});
