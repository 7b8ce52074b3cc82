/**
 * Jumping to a claim or a patient from the palette or the header's global search (both use this
 * provider): what looks like one, the server search, and where each record opens.
 */
import { patientLedger } from '../../layouts/patientLedger.ts';
import {
  addRecents,
  getGlobalSearchRecents,
  getSystemGlobalSearch,
  saveGlobalSearchViewItems,
} from '../../src/api/globalSearch.ts';
import { session } from '../../src/state/session.ts';
import type { RecordResult, RecordSearchProvider } from '../../src/console/recordSearch.ts';
import type { CommandSource } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { setPaneCursor } from '../../src/state/workspace.ts';
import { claimDetailPath, workspacePath } from '../../src/routing/paths.ts';

/**
 * A claim ID (digits), an account number (letters then digits), or a name: one or two words of
 * 2+ letters ("smi", "smith, jane", "jane smith"). Longer phrases are command titles, not names,
 * and never reach the server.
 */
export function looksLikeRecord(text: string): boolean {
  const value = text.trim();
  if (/^\d{1,15}$/.test(value)) return true;
  if (/^[a-z]{1,6}\d{2,}$/i.test(value)) return true;
  const words = value.split(/[\s,]+/).filter((word) => word !== '');
  return /^[a-z][a-z' ,.-]*$/i.test(value) && words.length <= 2 && value.replace(/[^a-z]/gi, '').length >= 2;
}

/**
 * A claim opens its detail screen. A patient has no screen of their own yet: the Patient | Claims
 * | Ledger workspace opens on them instead (its patient pane is where the other panes look).
 */
function showRecord(record: Pick<RecordResult, 'type' | 'id'>): void {
  if (record.type === 'claim') return goTo(claimDetailPath(record.id));
  const patientPane = patientLedger.panes.find((pane) => pane.view === 'patient');
  if (patientPane) setPaneCursor(patientLedger.id, patientPane.id, { patientID: record.id });
  goTo(workspacePath(patientLedger.id));
}

async function openRecord(record: RecordResult, source: CommandSource): Promise<void> {
  showRecord(record);
  if (record.type !== 'claim' && record.type !== 'patient') return;
  try {
    const options = { source, silent: true, background: true };
    // Kept through the call for records opened from a search, which asks for the claims module;
    // a role without it keeps its recents through Users/addRecents.
    if (session.user?.modules.includes('CLAIMS'))
      await saveGlobalSearchViewItems([{ type: record.type, id: record.id }], options);
    else await addRecents(record.type, record.id, options);
  } catch {
    // Remembering a recent is a convenience; the record is open either way.
  }
}

export const globalRecordSearch: RecordSearchProvider = {
  looksLikeRecord,
  search: (text, signal) => getSystemGlobalSearch(text, { signal, silent: true, background: true, source: 'palette' }),
  recents: (signal) => getGlobalSearchRecents({ signal, silent: true, background: true }),
  open: openRecord,
};
