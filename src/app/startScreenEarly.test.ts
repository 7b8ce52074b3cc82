import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { forgetEarlyReplies, heldEarlyReplies } from '../api/earlyCalls.ts';
import { setSessionUser } from '../state/session.ts';
import { resetStores } from '../state/store.ts';
import { startScreenEarly } from './startScreenEarly.ts';

const fetchMock = vi.fn<typeof fetch>();
const NOW = Date.parse('2026-11-23T12:00:00Z');

function signedIn(links: string[], changes: Partial<SessionUser> = {}): void {
  setSessionUser({
    token: 'tok-1',
    expireDate: '2026-11-23T20:00:00Z',
    mustChangePassword: false,
    defaultModuleURL: null,
    menuData: {
      menuTypes: [{ id: 1, parentID: null, title: 'Claims', icon: 'claims', order: 1 }],
      menuLinks: links.map((link, order) => ({ parentID: 1, title: link, link, order })),
    },
    ...changes,
  } as unknown as SessionUser);
}

const urlOf = (input: Parameters<typeof fetch>[0]) => (input instanceof Request ? input.url : input.toString());
/** The paths the early calls asked for. */
const asked = () => fetchMock.mock.calls.map(([url]) => urlOf(url).split('?')[0]).sort();

beforeEach(() => {
  resetStores();
  forgetEarlyReplies();
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => new Promise(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startScreenEarly', () => {
  it("asks for the claims list's first page and layout as the page loads, with the list's own query", () => {
    signedIn(['/app/all-claims']);
    startScreenEarly('/app/all-claims', NOW);
    expect(asked()).toEqual(['/api/Claims/getAllClaimsSearchData', '/api/Repository/getGridLayout']);
    expect(
      fetchMock.mock.calls.map(([url]) => urlOf(url)).find((url) => url.includes('getAllClaimsSearchData')),
    ).toContain('pageNumber=1&pageSize=100&sortColumn=claimID&sortOrder=desc');
    expect(heldEarlyReplies()).toBe(2);
  });

  it('asks nothing for a screen without early calls', () => {
    signedIn(['/app/all-claims', '/app/era-search']);
    startScreenEarly('/app/era-search', NOW);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks nothing when the user may not open the list, is signed out, must change the password or the session is over', () => {
    signedIn(['/app/era-search']);
    startScreenEarly('/app/all-claims', NOW);
    signedIn(['/app/all-claims'], { mustChangePassword: true });
    startScreenEarly('/app/all-claims', NOW);
    signedIn(['/app/all-claims'], { expireDate: '2026-11-23T11:00:00Z' });
    startScreenEarly('/app/all-claims', NOW);
    resetStores();
    startScreenEarly('/app/all-claims', NOW);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
