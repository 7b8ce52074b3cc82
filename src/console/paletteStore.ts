/**
 * What the palette shows: closed, the command list, or the next steps of one command. Kept in a
 * store so runCommand (no React) can ask for missing answers and a hotkey can open it.
 */
import { defineStore } from '../state/store.ts';
import { rememberFocus } from './returnFocus.ts';
import type { CommandArgs, CommandSource } from './types.ts';

export interface PendingSteps {
  commandId: string;
  /** The source that started the run; the run keeps it when the answers are in. */
  source: CommandSource;
  /** Answers given so far (or passed in by the caller), by step key. */
  answers: Record<string, unknown>;
}

export interface PaletteState {
  open: boolean;
  pending: PendingSteps | null;
  cheatSheetOpen: boolean;
  /** Counts openings: the resting palette reads the context and the recents afresh on each. */
  openings: number;
}

export const palette = defineStore<PaletteState>(() => ({
  open: false,
  pending: null,
  cheatSheetOpen: false,
  openings: 0,
}));

export function openPalette(): void {
  if (!palette.open) rememberFocus();
  palette.pending = null;
  palette.openings += 1;
  palette.open = true;
}

export function closePalette(): void {
  palette.open = false;
  palette.pending = null;
}

export function togglePalette(): void {
  if (palette.open) closePalette();
  else openPalette();
}

/** Opens the palette on the steps of `commandId`, keeping the answers already known. */
export function askSteps(commandId: string, source: CommandSource, answers: CommandArgs): void {
  palette.pending = { commandId, source, answers: { ...answers } };
  if (!palette.open) {
    rememberFocus();
    palette.openings += 1;
  }
  palette.open = true;
}

/** Leaves a command's steps for the command list, the palette staying open. */
export function backToCommandList(): void {
  palette.pending = null;
}

export function setCheatSheetOpen(open: boolean): void {
  palette.cheatSheetOpen = open;
}
