/**
 * Persisted slices (SPEC points 2, 4 and 9): each lives under `persist:<name>` as one JSON object
 * `{ version: -1, ...fields }`. Rehydration gives up after 5000 ms so a broken storage never
 * keeps the app blank; the app renders nothing until it settles.
 */
import { readStore, watchStore } from './store.ts';

export const PERSIST_VERSION = -1;
export const PERSIST_TIMEOUT_MS = 5000;

export interface PersistStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
}

export interface PersistedSlice {
  name: string;
  store: object;
  keys: readonly string[];
  /** Refuses stored data of an older shape (it is then dropped, not merged). */
  accept?: (data: Record<string, unknown>) => boolean;
}

export function persistKey(name: string): string {
  return `persist:${name}`;
}

export function encodeEnvelope(fields: Record<string, unknown>): string {
  return JSON.stringify({ version: PERSIST_VERSION, ...fields });
}

/** The stored fields, or null when there is nothing usable (absent, not JSON, other version). */
export function decodeEnvelope(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { version, ...fields } = parsed as Record<string, unknown>;
  return version === PERSIST_VERSION ? fields : null;
}

function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (key in source) picked[key] = source[key];
  return picked;
}

async function rehydrateSlice(slice: PersistedSlice, storage: PersistStorage): Promise<void> {
  const fields = decodeEnvelope(await storage.getItem(persistKey(slice.name)));
  if (fields === null || (slice.accept && !slice.accept(fields))) return;
  Object.assign(slice.store, pick(fields, slice.keys));
}

/** Resolves 'rehydrated', or 'timedOut' after `timeoutMs` with the stores left at their defaults. */
export async function rehydrate(
  slices: readonly PersistedSlice[],
  storage: PersistStorage,
  timeoutMs: number = PERSIST_TIMEOUT_MS,
): Promise<'rehydrated' | 'timedOut'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timedOut'>((resolve) => {
    timer = setTimeout(() => resolve('timedOut'), timeoutMs);
  });
  const loaded = Promise.all(slices.map((slice) => rehydrateSlice(slice, storage))).then(
    () => 'rehydrated' as const,
    () => 'rehydrated' as const, // unreadable storage: the defaults stand
  );
  try {
    return await Promise.race([loaded, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Writes each slice back after every change; returns the unsubscribe. */
export function persistChanges(slices: readonly PersistedSlice[], storage: PersistStorage): () => void {
  const stops = slices.map((slice) =>
    watchStore(slice.store, () => {
      const fields = pick(readStore(slice.store) as Record<string, unknown>, slice.keys);
      void storage.setItem(persistKey(slice.name), encodeEnvelope(fields));
    }),
  );
  return () => stops.forEach((stop) => stop());
}
