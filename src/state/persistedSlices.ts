import { loginSlice } from './login.ts';
import { PERSIST_TIMEOUT_MS, persistChanges, rehydrate, type PersistStorage } from './persist.ts';
import { recentsSlice } from './recents.ts';
import { sessionSlice } from './session.ts';

const slices = [sessionSlice, loginSlice, recentsSlice];

/** Loads the stored slices, then keeps them written. The app renders only after this settles. */
export async function startPersistence(storage: PersistStorage): Promise<void> {
  await rehydrate(slices, storage, PERSIST_TIMEOUT_MS);
  persistChanges(slices, storage);
}
