/**
 * The ERA screen's filter, the check under its cursor and a reload counter, in a store so that
 * the palette's commands ("Show all ERA checks", "Delete ERA check…", an upload) act on the
 * screen the same way its own keys do.
 */
import type { EraProfileRow } from '../../../contract/era.ts';
import { defineStore } from '../../state/store.ts';

export type EraStatusFilter = 'unposted' | 'posted' | 'all';

interface EraScreen {
  status: EraStatusFilter;
  /** Bumped after an upload or a delete: the screen reads its list again. */
  revision: number;
  /** The checks the screen lists now, null while none are loaded (or off the screen). */
  checks: readonly EraProfileRow[] | null;
  cursorCheckID: number | null;
}

export const eraOnScreen = defineStore((): EraScreen => ({ status: 'all', revision: 0, checks: null, cursorCheckID: null }));

export function showEraStatus(status: EraStatusFilter): void {
  eraOnScreen.status = status;
}

export function eraChecksChanged(): void {
  eraOnScreen.revision += 1;
}

export function showEraChecks(checks: readonly EraProfileRow[] | null, cursorCheckID: number | null): void {
  eraOnScreen.checks = checks;
  eraOnScreen.cursorCheckID = cursorCheckID;
}
