import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { session, setSessionUser } from '../state/session.ts';
import { resetStores } from '../state/store.ts';
import { ui } from '../state/ui.ts';
import { ApiError } from './apiError.ts';
import { fetchClaimFormOf } from './print.ts';

const goTo = vi.hoisted(() => vi.fn());
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../routing/navigation.ts', () => ({ goTo }));
vi.mock('../toasts/notify.tsx', () => ({ showToast, notify: {} }));

const fetchMock = vi.fn<typeof fetch>();
const pdf = () =>
  new Response(new Uint8Array([37, 80, 68, 70, 45]), { status: 200, headers: { 'content-type': 'application/pdf' } });
const failure = (status: number, message: string) =>
  new Response(JSON.stringify({ message }), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  resetStores();
  goTo.mockReset();
  showToast.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setSessionUser({ token: 'tok-1', mustChangePassword: false } as SessionUser);
});

afterEach(() => vi.unstubAllGlobals());

describe('fetching a claim form', () => {
  it('reads a professional claim’s CMS-1500 as PDF bytes, with the token and the action source', async () => {
    fetchMock.mockResolvedValue(pdf());
    const file = await fetchClaimFormOf(42, { source: 'hotkey' });
    expect(file.fileName).toBe('CMS1500_42.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70, 45]));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/Claims/viewClaimCMS1500?claimID=42');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(new Headers(init?.headers).get('X-Action-Source')).toBe('hotkey');
    expect(ui.spinnerCount).toBe(0);
  });

  it('asks for the UB-04 when the server says the claim is institutional, without a toast for that refusal', async () => {
    fetchMock
      .mockResolvedValueOnce(failure(400, 'Claim 42 is institutional: print it on the UB-04.'))
      .mockResolvedValueOnce(pdf());
    const file = await fetchClaimFormOf(42);
    expect(file.fileName).toBe('UB04_42.pdf');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/Claims/viewClaimCMS1500?claimID=42',
      '/api/AddEditClaim/viewClaimUB04?claimID=42',
    ]);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('shows any other failure once and does not try the UB-04', async () => {
    fetchMock.mockResolvedValue(failure(404, 'Not Found.'));
    await expect(fetchClaimFormOf(42)).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledTimes(1);
  });

  it('ends the session on a 401, as every call does', async () => {
    fetchMock.mockResolvedValue(failure(401, 'Unauthorized: Access is denied'));
    await expect(fetchClaimFormOf(42)).rejects.toMatchObject({ status: 401 });
    expect(session.user).toBeNull();
    expect(goTo).toHaveBeenCalledWith('/login?deauthorized=1', { replace: true });
  });
});
