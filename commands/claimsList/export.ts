/** Exports of the grid on screen: every matching row, in CSV, PDF or a spreadsheet. */
import type { Command } from '../../src/console/types.ts';
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS, type ExportFormat } from '../../src/export/exportFile.ts';
import { claimsListOnScreen, claimsListTotal, exportClaims } from '../../src/features/claims/index.ts';

export const DEFAULT_EXPORT_TITLE = 'All Claims';

const isFormat = (value: unknown): value is ExportFormat => EXPORT_FORMATS.some((format) => format === value);

const exportClaimsCommand: Command = {
  id: 'export.claims',
  title: 'Export claims…',
  group: 'Export',
  keywords: ['csv', 'pdf', 'excel', 'xlsx', 'spreadsheet', 'download', 'print'],
  privilege: 'CLAIMS',
  when: () => claimsListOnScreen(),
  disabledReason: () =>
    claimsListOnScreen()
      ? claimsListTotal() === 0
        ? 'No claims match the search.'
        : null
      : 'Open the claims list first.',
  steps: [
    {
      key: 'format',
      kind: 'choice',
      title: 'Format',
      choices: () => EXPORT_FORMATS.map((format) => ({ value: format, label: EXPORT_FORMAT_LABELS[format] })),
    },
    {
      key: 'title',
      kind: 'text',
      title: 'Title (names the file)',
      placeholder: `${DEFAULT_EXPORT_TITLE} (Enter keeps it)`,
    },
  ],
  run: async (ctx, args) => {
    const format = isFormat(args.format) ? args.format : 'csv';
    const title = typeof args.title === 'string' && args.title.trim() !== '' ? args.title.trim() : DEFAULT_EXPORT_TITLE;
    await exportClaims(format, title, ctx.source);
  },
};

export const exportCommands: readonly Command[] = [exportClaimsCommand];
