/**
 * The monthly summary's parameters and cursor, in a store so the palette's commands (months,
 * filters, lock, reload, export) act on what the screen shows.
 */
import { localToday } from '../../ui/format.ts';
import { defineStore } from '../../state/store.ts';
import { monthFrom } from './monthEndText.ts';

export interface SummaryFilters {
  practiceIDs: number[];
  providerIDs: number[];
  facilityIDs: number[];
}

export const NO_SUMMARY_FILTERS: SummaryFilters = { practiceIDs: [], providerIDs: [], facilityIDs: [] };

/** Six months up to this one. */
const defaultMonths = () => ({ fromMonth: monthFrom(localToday(), -5), toMonth: monthFrom(localToday(), 0) });

export const monthEndOnScreen = defineStore(() => ({
  /** Null until the screen has the data role's groups: then their first. */
  groupID: null as number | null,
  groupName: '',
  ...defaultMonths(),
  filters: { ...NO_SUMMARY_FILTERS },
  /** Goes up when a lock or a reload changed what the summary says. */
  revision: 0,
  /** The row under the cursor: its month and practice (null on a group row). */
  cursor: null as { monthStart: string; practiceID: number | null } | null,
}));

export function setSummaryMonths(fromMonth: string, toMonth: string): void {
  monthEndOnScreen.fromMonth = fromMonth <= toMonth ? fromMonth : toMonth;
  monthEndOnScreen.toMonth = fromMonth <= toMonth ? toMonth : fromMonth;
}

export function setSummaryGroup(groupID: number, groupName: string): void {
  if (monthEndOnScreen.groupID !== groupID) monthEndOnScreen.filters = { ...NO_SUMMARY_FILTERS };
  monthEndOnScreen.groupID = groupID;
  monthEndOnScreen.groupName = groupName;
}

export function setSummaryFilters(filters: SummaryFilters): void {
  monthEndOnScreen.filters = { ...filters };
}

export function summaryChanged(): void {
  monthEndOnScreen.revision += 1;
}

export function setSummaryCursor(cursor: { monthStart: string; practiceID: number | null } | null): void {
  monthEndOnScreen.cursor = cursor;
}
