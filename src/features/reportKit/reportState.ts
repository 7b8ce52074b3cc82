/**
 * What the report screens keep between visits and what commands act on: each report's parameters
 * and sort (by report id), and a handle on the report open now (its definition, the row and
 * column under the cursor, expanding a row), so a command never needs to know which screen it is.
 */
import { defineStore } from '../../state/store.ts';
import type { ReportDefinition, ReportParams, ReportSort } from './types.ts';

interface ReportsOnScreen {
  params: Record<string, ReportParams>;
  sort: Record<string, ReportSort>;
  /** The report open now and its row count (null while the first page loads). */
  open: { id: string; total: number | null } | null;
}

export const reportsOnScreen = defineStore<ReportsOnScreen>(() => ({ params: {}, sort: {}, open: null }));

/** The row under the cursor of the report open now, with the column the cursor is in. */
export interface ReportCursor {
  row: unknown;
  columnId: string;
  kind: 'row' | 'child' | 'totals';
}

/** What the screen open now lends commands. */
export interface OpenReportHandle {
  definition: ReportDefinition<unknown>;
  cursor: () => ReportCursor | null;
  toggleExpand: () => Promise<void>;
  focusParameters: () => void;
}

let openHandle: OpenReportHandle | null = null;

/** The screen says it is open (and later, with null, that it closed). */
export function setOpenReport(handle: OpenReportHandle | null): void {
  openHandle = handle;
  reportsOnScreen.open = handle === null ? null : { id: handle.definition.id, total: null };
}

export function openReport(): OpenReportHandle | null {
  return openHandle;
}

export function setOpenReportTotal(id: string, total: number | null): void {
  if (reportsOnScreen.open?.id === id) reportsOnScreen.open.total = total;
}

export function reportParams(definition: ReportDefinition<unknown>): ReportParams {
  return reportsOnScreen.params[definition.id] ?? definition.defaults;
}

export function reportSort(definition: ReportDefinition<unknown>): ReportSort {
  return reportsOnScreen.sort[definition.id] ?? definition.defaultSort;
}

/** New parameters, empty ones dropped; the grid starts again from the top. */
export function setReportParams(id: string, params: ReportParams): void {
  reportsOnScreen.params[id] = Object.fromEntries(Object.entries(params).filter(([, value]) => value.trim() !== ''));
}

export function setReportParam(definition: ReportDefinition<unknown>, key: string, value: string): void {
  setReportParams(definition.id, { ...reportParams(definition), [key]: value });
}

export function setReportSort(id: string, sort: ReportSort): void {
  reportsOnScreen.sort[id] = { ...sort };
}
