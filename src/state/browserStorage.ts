import type { PersistStorage } from './persist.ts';

/** localStorage, or a memory stand-in when the browser refuses it (private modes, policies). */
export function browserStorage(): PersistStorage {
  try {
    const storage = window.localStorage;
    storage.getItem('persist:probe');
    return storage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };
  }
}
