import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decodeEnvelope,
  encodeEnvelope,
  persistChanges,
  persistKey,
  rehydrate,
  type PersistStorage,
} from './persist.ts';
import { login, loginSlice } from './login.ts';
import { session, sessionSlice } from './session.ts';
import { resetStores } from './store.ts';

function memoryStorage(initial: Record<string, string> = {}): PersistStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

beforeEach(() => resetStores());
afterEach(() => vi.useRealTimers());

describe('the persisted envelope', () => {
  it('is keyed persist:<name> and carries version -1', () => {
    expect(persistKey('session')).toBe('persist:session');
    expect(JSON.parse(encodeEnvelope({ user: null }))).toEqual({ version: -1, user: null });
  });

  it('reads back its fields and refuses other versions or broken text', () => {
    expect(decodeEnvelope('{"version":-1,"email":"a@b.test"}')).toEqual({ email: 'a@b.test' });
    expect(decodeEnvelope('{"version":2,"email":"a@b.test"}')).toBeNull();
    expect(decodeEnvelope('{"email":"a@b.test"}')).toBeNull();
    expect(decodeEnvelope('not json')).toBeNull();
    expect(decodeEnvelope('[1]')).toBeNull();
    expect(decodeEnvelope(null)).toBeNull();
  });
});

describe('rehydrate', () => {
  it('restores only the persisted keys', async () => {
    const storage = memoryStorage({
      'persist:login': encodeEnvelope({ email: 'biller@demo.test', loginAttempts: 2, error: 'not persisted' }),
    });
    await expect(rehydrate([loginSlice], storage)).resolves.toBe('rehydrated');
    expect(login.email).toBe('biller@demo.test');
    expect(login.loginAttempts).toBe(2);
    expect(login.error).toBeNull();
  });

  it('drops a stored user of another shape', async () => {
    const storage = memoryStorage({ 'persist:session': encodeEnvelope({ user: { token: 'only a token' } }) });
    await rehydrate([sessionSlice], storage);
    expect(session.user).toBeNull();
  });

  it('gives up after the time-out with the defaults in place', async () => {
    vi.useFakeTimers();
    const never: PersistStorage = { getItem: () => new Promise(() => undefined), setItem: () => undefined };
    const result = rehydrate([loginSlice], never, 5000);
    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('timedOut');
    expect(login.email).toBe('');
  });

  it('keeps the defaults when the storage throws', async () => {
    const broken: PersistStorage = { getItem: () => Promise.reject(new Error('denied')), setItem: () => undefined };
    await expect(rehydrate([loginSlice], broken)).resolves.toBe('rehydrated');
  });
});

describe('persistChanges', () => {
  it('writes the slice after a change, in the envelope', async () => {
    const storage = memoryStorage();
    const stop = persistChanges([loginSlice], storage);
    login.email = 'admin@demo.test';
    login.error = 'transient';
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const stored = decodeEnvelope(storage.data.get('persist:login') ?? null);
    expect(stored?.email).toBe('admin@demo.test');
    expect(stored).not.toHaveProperty('error');
    stop();
  });
});

describe('resetStores', () => {
  it('gives each test fresh stores', () => {
    login.loginAttempts = 5;
    resetStores();
    expect(login.loginAttempts).toBe(0);
  });
});
