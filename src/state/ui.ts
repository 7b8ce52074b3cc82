import { defineStore } from './store.ts';

/** UI state of SPEC point 2. Not persisted: a reload starts with a calm screen. */
export interface UiState {
  /** Calls in flight that show the global busy indicator. */
  spinnerCount: number;
  menuOpen: boolean;
  /** Which side panel of the content area is open, if any (panes plug in here). */
  contentSidebar: string | null;
  /** Which app-wide dialog is open, if any. */
  globalModal: string | null;
  /** Paths visited this session, newest last. */
  routeHistory: string[];
  /** Set when the session ended for inactivity; a new token clears it. */
  screenInactive: boolean;
}

const ROUTE_HISTORY_LIMIT = 50;

export const ui = defineStore<UiState>(() => ({
  spinnerCount: 0,
  menuOpen: true,
  contentSidebar: null,
  globalModal: null,
  routeHistory: [],
  screenInactive: false,
}));

export function spinnerUp(): void {
  ui.spinnerCount += 1;
}

export function spinnerDown(): void {
  ui.spinnerCount = Math.max(0, ui.spinnerCount - 1);
}

export function toggleMenu(): void {
  ui.menuOpen = !ui.menuOpen;
}

export function setScreenInactive(inactive: boolean): void {
  ui.screenInactive = inactive;
}

export function recordRoute(path: string): void {
  if (ui.routeHistory[ui.routeHistory.length - 1] === path) return;
  ui.routeHistory.push(path);
  if (ui.routeHistory.length > ROUTE_HISTORY_LIMIT)
    ui.routeHistory.splice(0, ui.routeHistory.length - ROUTE_HISTORY_LIMIT);
}
