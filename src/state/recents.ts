/**
 * Recently run commands, newest first, per signed-in user, persisted in the browser so the
 * palette ranks them first after a reload.
 */
import type { PersistedSlice } from './persist.ts';
import { defineStore } from './store.ts';

export const RECENT_COMMANDS_LIMIT = 10;

export interface RecentsState {
  /** Command ids by user id, newest first. */
  commandsByUser: Record<string, string[]>;
}

export const recents = defineStore<RecentsState>(() => ({ commandsByUser: {} }));

export const recentsSlice: PersistedSlice = {
  name: 'recentCommands',
  store: recents,
  keys: ['commandsByUser'],
  accept: (data) =>
    typeof data.commandsByUser === 'object' && data.commandsByUser !== null && !Array.isArray(data.commandsByUser),
};

export function recordRecentCommand(userId: number | null, commandId: string): void {
  const key = String(userId ?? 0);
  const previous = recents.commandsByUser[key] ?? [];
  recents.commandsByUser[key] = [commandId, ...previous.filter((id) => id !== commandId)].slice(
    0,
    RECENT_COMMANDS_LIMIT,
  );
}

export function recentCommandIds(userId: number | null): readonly string[] {
  return recents.commandsByUser[String(userId ?? 0)] ?? [];
}
