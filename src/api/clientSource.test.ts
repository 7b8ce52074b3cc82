import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { resetStores } from '../state/store.ts';
import { controller, post } from '../../contract/call.ts';
import { callApi } from './client.ts';

vi.mock('../routing/navigation.ts', () => ({ goTo: vi.fn() }));
vi.mock('../toasts/notify.tsx', () => ({ showToast: vi.fn(), notify: {} }));

const fetchMock = vi.fn<typeof fetch>();
/** The catalogue's Users/saveUserSetting as the test needs it: any input, this reply. */
const save = controller('Users', {
  saveUserSetting: post('session', {
    input: z.record(z.string(), z.unknown()),
    reply: z.object({ message: z.string() }),
  }),
}).saveUserSetting;

beforeEach(() => {
  resetStores();
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ message: 'Saved.' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('callApi and the action source', () => {
  it('sends X-Action-Source when a command passes its source, and a nested body as JSON', async () => {
    await callApi(save, { key: 'shortcuts', value: { 'nav.goToClaims': 'g l' } }, { source: 'hotkey' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).get('X-Action-Source')).toBe('hotkey');
    expect(JSON.parse(init?.body as string)).toEqual({ key: 'shortcuts', value: { 'nav.goToClaims': 'g l' } });
  });

  it('sends no source when the call is not a command run', async () => {
    await callApi(save, { key: 'shortcuts', value: {} });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).has('X-Action-Source')).toBe(false);
  });
});
