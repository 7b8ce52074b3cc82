/**
 * The keyboard focus stack (STYLE point 7): page > pane > grid > cell editor > dialog > palette.
 * One store, so the dispatcher, the palette and the debug switch all read the same truth; a
 * global "mode" string is what Twenty had to replace.
 */
import { defineStore } from './store.ts';
import type { FocusScope } from '../console/types.ts';

export interface FocusEntry {
  scope: FocusScope;
  /** Who pushed it (a component name), for the debug log. */
  owner: string;
  /** Unique per push, so popping one entry never removes another owner's. */
  token: number;
}

export interface OpenRecord {
  type: string;
  id: number;
}

export interface FocusState {
  /** Outermost first; 'global' is implied below everything and never stored. */
  stack: FocusEntry[];
  /** The record shown on the screen (a claim detail), newest last; commands read the last. */
  openRecords: Array<OpenRecord & { token: number }>;
}

export const focus = defineStore<FocusState>(() => ({ stack: [], openRecords: [] }));

let nextToken = 1;

export function pushFocusEntry(scope: FocusScope, owner: string): number {
  const token = nextToken++;
  focus.stack.push({ scope, owner, token });
  return token;
}

export function removeFocusEntry(token: number): void {
  const index = focus.stack.findIndex((entry) => entry.token === token);
  if (index >= 0) focus.stack.splice(index, 1);
}

export function pushOpenRecord(record: OpenRecord): number {
  const token = nextToken++;
  focus.openRecords.push({ ...record, token });
  return token;
}

export function removeOpenRecord(token: number): void {
  const index = focus.openRecords.findIndex((entry) => entry.token === token);
  if (index >= 0) focus.openRecords.splice(index, 1);
}
