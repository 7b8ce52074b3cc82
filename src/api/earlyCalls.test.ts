import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { SessionUser } from '../../contract/auth.ts';
import { setSessionUser } from '../state/session.ts';
import { resetStores } from '../state/store.ts';
import { ui } from '../state/ui.ts';
import { controller, get, post } from '../../contract/call.ts';
import { callApi } from './client.ts';
import { EARLY_CALL_KEPT_MS, forgetEarlyReplies, heldEarlyReplies } from './earlyCalls.ts';

const showToast = vi.hoisted(() => vi.fn());
vi.mock('../routing/navigation.ts', () => ({ goTo: vi.fn() }));
vi.mock('../toasts/notify.tsx', () => ({ showToast, notify: {} }));

const fetchMock = vi.fn<typeof fetch>();
/** The catalogue's Claims/getAllClaimsSearchData as the test needs it: any input, this reply. */
const page = controller('Claims', {
  getAllClaimsSearchData: get('CLAIMS', {
    input: z.record(z.string(), z.unknown()),
    reply: z.object({ total: z.number() }),
  }),
}).getAllClaimsSearchData;
/** The catalogue's Users/userLogout as the test needs it: any input, this reply. */
const logout = controller('Users', {
  userLogout: post('session', { input: z.record(z.string(), z.unknown()), reply: z.object({ message: z.string() }) }),
}).userLogout;

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return input instanceof Request ? input.url : input.toString();
}

function signedIn(token: string): void {
  setSessionUser({ token, mustChangePassword: false } as SessionUser);
}

beforeEach(() => {
  resetStores();
  forgetEarlyReplies();
  showToast.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  signedIn('tok-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('early calls', () => {
  it("answer the screen's identical call without a second request, once", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(reply(200, { total: 7 })));
    void callApi(page, { pageNumber: 1, sortColumn: 'claimID' }, { early: true });
    expect(ui.spinnerCount).toBe(0);
    await expect(callApi(page, { pageNumber: 1, sortColumn: 'claimID' })).resolves.toEqual({ total: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await callApi(page, { pageNumber: 1, sortColumn: 'claimID' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('answer no call that asks something else', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(reply(200, { total: 7 })));
    void callApi(page, { pageNumber: 1, sortColumn: 'claimID' }, { early: true });
    await callApi(page, { pageNumber: 1, sortColumn: 'balance' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('answer no call of another session', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(reply(200, { total: 7 })));
    void callApi(page, { pageNumber: 1 }, { early: true });
    signedIn('tok-2');
    await callApi(page, { pageNumber: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get('Authorization')).toBe('Bearer tok-2');
  });

  it(`are dropped after ${EARLY_CALL_KEPT_MS} ms`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    fetchMock.mockImplementation(() => Promise.resolve(reply(200, { total: 7 })));
    void callApi(page, { pageNumber: 1 }, { early: true });
    vi.setSystemTime(Date.now() + EARLY_CALL_KEPT_MS + 1);
    await callApi(page, { pageNumber: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are dropped when a change is sent: their rows may no longer hold', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(reply(200, urlOf(url).includes('userLogout') ? { message: 'ok' } : { total: 7 })),
    );
    void callApi(page, { pageNumber: 1 }, { early: true });
    await callApi(logout, { loginAuditID: 1 });
    expect(heldEarlyReplies()).toBe(0);
    await callApi(page, { pageNumber: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("fail without a toast; the screen's call then asks again and reports its own failure", async () => {
    fetchMock
      .mockResolvedValueOnce(reply(500, { message: 'Server down' }))
      .mockResolvedValueOnce(reply(500, { message: 'Server down' }));
    const early = callApi(page, { pageNumber: 1 }, { early: true });
    await expect(early).rejects.toMatchObject({ status: 500 });
    expect(showToast).not.toHaveBeenCalled();
    await expect(callApi(page, { pageNumber: 1 })).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(showToast).toHaveBeenCalledTimes(1);
  });

  it('leave a cancelled call cancelled', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(reply(200, { total: 7 })));
    void callApi(page, { pageNumber: 1 }, { early: true });
    const controller = new AbortController();
    const cancelled = callApi(page, { pageNumber: 1 }, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'cancelled' });
  });
});
