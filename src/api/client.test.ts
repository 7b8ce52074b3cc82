import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { SessionUser } from '../../contract/auth.ts';
import { session, setSessionUser } from '../state/session.ts';
import { resetStores } from '../state/store.ts';
import { ui } from '../state/ui.ts';
import { controller, get, post } from '../../contract/call.ts';
import { callApi } from './client.ts';

const goTo = vi.hoisted(() => vi.fn());
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../routing/navigation.ts', () => ({ goTo }));
vi.mock('../toasts/notify.tsx', () => ({ showToast, notify: {} }));

const fetchMock = vi.fn<typeof fetch>();
/** The catalogue's Users/notifications as the test needs it: any input, this reply. */
const health = controller('Users', {
  notifications: get('session', { input: z.record(z.string(), z.unknown()), reply: z.object({ message: z.string() }) }),
}).notifications;
/** The catalogue's Users/userLogout as the test needs it: any input, this reply. */
const logout = controller('Users', {
  userLogout: post('session', { input: z.record(z.string(), z.unknown()), reply: z.object({ message: z.string() }) }),
}).userLogout;

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function signedIn(token: string): void {
  setSessionUser({ token, mustChangePassword: false } as SessionUser);
}

beforeEach(() => {
  resetStores();
  goTo.mockReset();
  showToast.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('callApi', () => {
  it('sends GET input as a query with the bearer token, and counts the spinner', async () => {
    signedIn('tok-1');
    fetchMock.mockImplementation(() => {
      expect(ui.spinnerCount).toBe(1);
      return Promise.resolve(reply(200, { message: 'ok' }));
    });
    await expect(callApi(health, { a: 1, empty: '', gone: undefined })).resolves.toEqual({ message: 'ok' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/Users/notifications?a=1');
    expect(init?.method).toBe('GET');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(ui.spinnerCount).toBe(0);
  });

  it('sends POST input as a JSON body and leaves the spinner alone in the background', async () => {
    fetchMock.mockImplementation(() => {
      expect(ui.spinnerCount).toBe(0);
      return Promise.resolve(reply(200, { message: 'bye' }));
    });
    await callApi(logout, { loginAuditID: 7 }, { background: true });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"loginAuditID":7}');
  });

  it('on a 401 ends the session, goes to the deauthorized login and toasts', async () => {
    signedIn('tok-2');
    fetchMock.mockResolvedValue(reply(401, { message: 'Session expired.' }));
    await expect(callApi(health, {})).rejects.toMatchObject({ status: 401, message: 'Unauthorized: Access is denied' });
    expect(session.user).toBeNull();
    expect(goTo).toHaveBeenCalledWith('/login?deauthorized=1', { replace: true });
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ text: 'Unauthorized: Access is denied', toastType: 'error' }),
    );
  });

  it('ignores a 401 for a session that already ended', async () => {
    signedIn('tok-new');
    fetchMock.mockResolvedValue(reply(401, { message: 'x' }));
    await expect(callApi(logout, { loginAuditID: 1 }, { token: 'tok-old', silent: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(session.user?.token).toBe('tok-new');
    expect(goTo).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('turns the password-change 403 into the change-password screen', async () => {
    signedIn('tok-3');
    fetchMock.mockResolvedValue(reply(403, { message: 'Password change required.' }));
    await expect(callApi(health, {}, { silent: true })).rejects.toMatchObject({ message: 'Forbidden.' });
    expect(session.user?.mustChangePassword).toBe(true);
  });

  it('aborts at the time-out with the catalogue wording', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = callApi(health, {});
    const settled = expect(pending).rejects.toMatchObject({
      code: 'aborted',
      message: "Server didn't respond in time.",
    });
    await vi.advanceTimersByTimeAsync(50_000);
    await settled;
    expect(ui.spinnerCount).toBe(0);
  });

  it('never toasts a cancelled call', async () => {
    const caller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = callApi(health, {}, { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled', message: 'Token canceled' });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('rejects a reply that breaks the contract as a server error', async () => {
    fetchMock.mockResolvedValue(reply(200, { unexpected: true }));
    await expect(callApi(health, {}, { silent: true })).rejects.toMatchObject({
      code: 'server',
      message: 'Unexpected server error',
    });
  });

  it('words a refused connection', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi(health, {})).rejects.toMatchObject({ message: 'Server not available.' });
    expect(showToast).toHaveBeenCalledTimes(1);
  });
});
