/**
 * The one door to valtio (STYLE point 8): stores are declared here and nowhere else imports
 * the library, so a test can reset every store and a later swap touches one folder.
 */
import { proxy, snapshot, subscribe } from 'valtio/vanilla';

const resets: Array<() => void> = [];

/** A proxy store whose initial value can be restored by resetStores(). */
export function defineStore<T extends object>(initial: () => T): T {
  const store = proxy(initial());
  resets.push(() => Object.assign(store, initial()));
  return store;
}

/** Gives each unit test fresh stores: call it in beforeEach. */
export function resetStores(): void {
  for (const reset of resets) reset();
}

/** Calls `listener` after each batch of changes to `store`; returns the unsubscribe. */
export function watchStore(store: object, listener: () => void): () => void {
  return subscribe(store, listener);
}

/** A plain, frozen copy of the store (for persisting). */
export function readStore<T extends object>(store: T): T {
  return snapshot(store) as T;
}
