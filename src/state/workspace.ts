/**
 * The open workspace: which pane holds the keyboard, which one is maximised, and what each pane
 * has under its cursor, so that linked panes follow it (layouts/ declares the links). Commands
 * read and change it; the panes render from it.
 */
import { defineStore } from './store.ts';

export interface PaneCursor {
  claimID?: number | null;
  patientID?: number | null;
  chargeLine?: number | null;
}

export interface WorkspaceState {
  /** The layout on screen, or null when no workspace is open. */
  layoutId: string | null;
  /** Pane ids of that layout, in order (pane 1, 2, 3). */
  paneIds: string[];
  focusedPane: string | null;
  maximisedPane: string | null;
  /** Per pane id: the record under the pane's cursor. Kept per layout id. */
  cursors: Record<string, Record<string, PaneCursor>>;
  /** The patient last looked at in any pane: where the patient layout starts. */
  lastPatientID: number | null;
  /** Per layout id: the claims its Claims pane lists only (the layout was opened on them); absent for every claim. */
  listedClaims: Record<string, number[]>;
}

export const workspace = defineStore<WorkspaceState>(() => ({
  layoutId: null,
  paneIds: [],
  focusedPane: null,
  maximisedPane: null,
  cursors: {},
  lastPatientID: null,
  listedClaims: {},
}));

export function openWorkspace(layoutId: string, paneIds: readonly string[]): void {
  if (workspace.layoutId !== layoutId) {
    workspace.maximisedPane = null;
    workspace.focusedPane = null;
  }
  workspace.layoutId = layoutId;
  workspace.paneIds = [...paneIds];
}

export function closeWorkspace(layoutId: string): void {
  if (workspace.layoutId !== layoutId) return;
  workspace.layoutId = null;
  workspace.paneIds = [];
  workspace.focusedPane = null;
  workspace.maximisedPane = null;
}

export function setFocusedPane(paneId: string | null): void {
  workspace.focusedPane = paneId;
}

/** Maximises `paneId`, or restores the layout when it is the maximised one already. */
export function toggleMaximised(paneId: string): void {
  workspace.maximisedPane = workspace.maximisedPane === paneId ? null : paneId;
}

export function restoreMaximised(): void {
  workspace.maximisedPane = null;
}

/** Records what `paneId` of `layoutId` has under its cursor; linked panes follow it. */
export function setPaneCursor(layoutId: string, paneId: string, cursor: PaneCursor): void {
  const panes = (workspace.cursors[layoutId] ??= {});
  const previous = panes[paneId] ?? {};
  const next = { ...previous, ...cursor };
  if (
    previous.claimID === next.claimID &&
    previous.patientID === next.patientID &&
    previous.chargeLine === next.chargeLine
  )
    return;
  panes[paneId] = next;
  if (typeof cursor.patientID === 'number') workspace.lastPatientID = cursor.patientID;
}

/** The Claims pane of `layoutId` lists `claimIDs` only; null or none lists every claim again. */
export function listClaimsIn(layoutId: string, claimIDs: readonly number[] | null): void {
  if (claimIDs === null || claimIDs.length === 0) delete workspace.listedClaims[layoutId];
  else workspace.listedClaims[layoutId] = [...claimIDs];
}

export function paneCursor(layoutId: string, paneId: string): PaneCursor {
  return workspace.cursors[layoutId]?.[paneId] ?? {};
}
