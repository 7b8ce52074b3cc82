/**
 * Saved searches of the claims list, kept per user on the server (SavedReports): save the filter
 * and sort on screen under a name, open one, delete one. A search saved under older filter rules
 * is still listed, with why it cannot be opened.
 */
import { savedReportNameSchema } from '../../contract/savedSearches.ts';
import { addSavedClaimSearch, deleteSavedClaimSearch, getSavedClaimSearches } from '../../src/api/claimLists.ts';
import type { Command, CommandChoice } from '../../src/console/types.ts';
import { applyClaimSearch, currentClaimSearch, filterChips } from '../../src/features/claims/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { CLAIMS_PATH } from '../../src/routing/paths.ts';

async function savedChoices(): Promise<CommandChoice[]> {
  const reports = await getSavedClaimSearches({ background: true });
  return reports.map((report) => ({
    value: String(report.id),
    label: report.name,
    hint: report.params
      ? filterChips(report.params.filter, report.params.labels)
          .map((chip) => chip.text)
          .join(' · ') || 'All claims'
      : (report.problem ?? ''),
  }));
}

const saveSearch: Command = {
  id: 'claims.saveSearch',
  title: 'Save this search…',
  group: 'Saved searches',
  keywords: ['save', 'saved search', 'bookmark', 'remember', 'filter', 'report'],
  privilege: 'REPORTS',
  steps: [
    {
      key: 'name',
      kind: 'text',
      title: 'Name of the saved search',
      placeholder: 'e.g. Aetna denials over 90 days',
      validate: (value) => savedReportNameSchema.safeParse(value).error?.issues[0]?.message ?? null,
    },
  ],
  run: async (ctx, args) => {
    const saved = await addSavedClaimSearch(String(args.name).trim(), currentClaimSearch(), { source: ctx.source });
    notify.success(`Saved "${saved.name}".`);
  },
};

const openSearch: Command = {
  id: 'claims.openSavedSearch',
  title: 'Open saved search…',
  group: 'Saved searches',
  keywords: ['saved search', 'load', 'my searches', 'work list', 'report'],
  privilege: 'REPORTS',
  steps: [{ key: 'id', kind: 'choice', title: 'Saved search', choices: savedChoices }],
  run: async (ctx, args) => {
    // Read again rather than trusted from the list: it may have changed in another tab.
    const report = (await getSavedClaimSearches({ source: ctx.source })).find(
      (found) => String(found.id) === String(args.id),
    );
    if (!report) return void notify.warning('That saved search is gone.');
    if (!report.params) return void notify.warning(`"${report.name}" cannot be opened.`, report.problem ?? undefined);
    applyClaimSearch(report.params);
    if (ctx.route !== CLAIMS_PATH) goTo(CLAIMS_PATH);
  },
};

const deleteSearch: Command = {
  id: 'claims.deleteSavedSearch',
  title: 'Delete saved search…',
  group: 'Saved searches',
  keywords: ['remove', 'saved search', 'forget'],
  privilege: 'REPORTS',
  steps: [{ key: 'id', kind: 'choice', title: 'Saved search to delete', choices: savedChoices }],
  run: async (ctx, args) => {
    await deleteSavedClaimSearch(Number(args.id), { source: ctx.source });
    notify.success('The saved search was deleted.');
  },
};

export const savedSearchCommands: readonly Command[] = [saveSearch, openSearch, deleteSearch];
