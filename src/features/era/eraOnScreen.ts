/**
 * Which checks the ERA screen lists, in a store so that the palette's "Show all ERA checks" and
 * the others change the list the same way the screen would. The check under its cursor is the
 * commands' target (src/state/target.ts).
 */
import { defineStore } from '../../state/store.ts';

export type EraStatusFilter = 'unposted' | 'posted' | 'all';

export const eraOnScreen = defineStore<{ status: EraStatusFilter }>(() => ({ status: 'all' }));

export function showEraStatus(status: EraStatusFilter): void {
  eraOnScreen.status = status;
}

/** The checks the ERA screen lists now, by status. */
export function eraStatusShown(): EraStatusFilter {
  return eraOnScreen.status;
}
