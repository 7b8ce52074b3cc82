/**
 * The signed-in user's own key bindings, kept on the server (Users/getUserSettings, key
 * 'shortcuts') and held here so the dispatcher, the palette and the cheat sheet show the same keys.
 */
import { type ShortcutBindings } from '../../contract/userSettings.ts';
import { callApi } from '../api/client.ts';
import { defineStore } from '../state/store.ts';
import type { ShortcutOverrides } from './shortcuts.ts';
import { Users } from '../../contract/calls/users.ts';

export interface ShortcutSettingsState {
  overrides: ShortcutBindings;
  /** The user whose overrides are loaded, so a second sign-in loads its own. */
  loadedForUser: number | null;
}

export const shortcutSettings = defineStore<ShortcutSettingsState>(() => ({ overrides: {}, loadedForUser: null }));

export function currentOverrides(): ShortcutOverrides {
  return shortcutSettings.overrides;
}

/** Loads the user's bindings after sign-in; on failure the defaults stand (and nothing is shown). */
export async function loadShortcutOverrides(userId: number): Promise<void> {
  if (shortcutSettings.loadedForUser === userId) return;
  shortcutSettings.overrides = {};
  shortcutSettings.loadedForUser = userId;
  try {
    const reply = await callApi(Users.getUserSettings, {}, { silent: true, background: true });
    if (shortcutSettings.loadedForUser === userId) shortcutSettings.overrides = reply.shortcuts;
  } catch {
    // Keys still work with their defaults; the settings screen will show the server's error.
  }
}

/** Saves the whole map and applies it at once when the server keeps it. */
export async function saveShortcutOverrides(overrides: ShortcutBindings): Promise<void> {
  await callApi(Users.saveUserSetting, { key: 'shortcuts', value: overrides });
  shortcutSettings.overrides = { ...overrides };
}

export function forgetShortcutOverrides(): void {
  shortcutSettings.overrides = {};
  shortcutSettings.loadedForUser = null;
}
