/**
 * The commands of every report screen built with the report kit (src/features/reportKit): set a
 * parameter, clear them, go to the parameters, export, open the claims behind the figure under
 * the cursor, expand or collapse a row, save the parameters as a saved report, open or delete
 * one. Registered once; each acts on the report open now, so a
 * new report screen adds only its own "Go to" command.
 */
import { savedReportNameSchema } from '../../contract/savedSearches.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS } from '../../src/export/exportFile.ts';
import {
  applySavedReport,
  deleteSavedReport,
  drillAtCursor,
  exportReport,
  openReport,
  parameterProblem,
  reportParams,
  reportsOnScreen,
  saveReport,
  savedReportsOf,
  setReportParam,
  setReportParams,
} from '../../src/features/reportKit/index.ts';
import { notify } from '../../src/toasts/notify.tsx';

const onReport = (ctx: CommandContext) => {
  const open = openReport();
  return open !== null && ctx.route === open.definition.path;
};
const onReportReason = (ctx: CommandContext) => (onReport(ctx) ? null : 'Open a report first (the aging report: g t).');
const base = { group: 'Reports', privilege: 'REPORTS', when: onReport, disabledReason: onReportReason } as const;

function parameterChoices(): CommandChoice[] {
  const open = openReport();
  if (!open) return [];
  const params = reportParams(open.definition);
  return open.definition.parameters.map((parameter) => ({
    value: parameter.key,
    label: parameter.label,
    hint: params[parameter.key] || parameter.hint || 'not set',
  }));
}

const setParameter: Command = {
  ...base,
  id: 'report.setParameter',
  title: 'Set report parameter…',
  keywords: ['report', 'filter', 'parameter', 'group', 'practice', 'provider', 'date', 'balance', 'aging'],
  shortcut: 'Alt+Shift+f',
  steps: [
    { key: 'parameter', kind: 'choice', title: 'Parameter', choices: parameterChoices },
    { key: 'value', kind: 'text', title: 'Value (empty: not set)' },
  ],
  run: (_ctx, args) => {
    const definition = openReport()?.definition;
    const parameter = definition?.parameters.find((each) => each.key === args['parameter']);
    if (!definition || !parameter) return;
    const value = typeof args['value'] === 'string' ? args['value'].trim() : '';
    const problem = parameterProblem(parameter, value);
    if (problem !== null) {
      notify.warning(`${parameter.label}: ${problem}`);
      return;
    }
    setReportParam(definition, parameter.key, value);
  },
};

const clearParameters: Command = {
  ...base,
  id: 'report.clearParameters',
  title: 'Clear report parameters',
  keywords: ['report', 'filter', 'reset', 'parameters'],
  shortcut: 'Alt+Shift+c',
  run: () => {
    const definition = openReport()?.definition;
    if (definition) setReportParams(definition.id, definition.defaults);
  },
};

const editParameters: Command = {
  ...base,
  id: 'report.editParameters',
  title: 'Edit report parameters',
  keywords: ['report', 'filter', 'parameters', 'fields'],
  screenKey: '/',
  run: () => openReport()?.focusParameters(),
};

const exportOpenReport: Command = {
  ...base,
  id: 'report.export',
  title: 'Export report…',
  keywords: ['report', 'export', 'csv', 'pdf', 'spreadsheet', 'excel', 'xlsx', 'download'],
  shortcut: 'Alt+Shift+e',
  steps: [
    {
      key: 'format',
      kind: 'choice',
      title: 'Format',
      choices: () => EXPORT_FORMATS.map((format) => ({ value: format, label: EXPORT_FORMAT_LABELS[format] })),
    },
    { key: 'title', kind: 'text', title: 'Title (empty: the report’s)' },
  ],
  run: async (_ctx, args) => {
    const definition = openReport()?.definition;
    if (!definition) return;
    const format = EXPORT_FORMATS.find((each) => each === args['format']) ?? 'csv';
    const typed = typeof args['title'] === 'string' ? args['title'].trim() : '';
    await exportReport(definition, format, typed || definition.title, reportsOnScreen.open?.total ?? null);
  },
};

const claimsBehindFigure: Command = {
  ...base,
  id: 'report.drill',
  title: 'Show the claims behind this figure',
  keywords: ['report', 'drill', 'claims', 'figure', 'bucket', 'open'],
  screenKey: 'Enter',
  run: () => drillAtCursor(),
};

const expandRow: Command = {
  ...base,
  id: 'report.expand',
  title: 'Expand or collapse row',
  keywords: ['report', 'expand', 'collapse', 'claims', 'patient'],
  screenKey: 'E',
  when: (ctx) => onReport(ctx) && openReport()?.definition.expand !== undefined,
  disabledReason: (ctx) =>
    onReportReason(ctx) ??
    (openReport()?.definition.expand === undefined ? 'The rows of this report have nothing under them.' : null),
  run: () => openReport()?.toggleExpand(),
};

/** The saved reports of the report open now, each with its parameters as the hint. */
async function savedReportChoices(): Promise<CommandChoice[]> {
  const definition = openReport()?.definition;
  if (!definition) return [];
  const labels = new Map(definition.parameters.map((parameter) => [parameter.key, parameter.label]));
  return (await savedReportsOf(definition, { background: true })).map((report) => ({
    value: String(report.id),
    label: report.name,
    hint: report.params
      ? Object.entries(report.params)
          .map(([key, value]) => `${labels.get(key) ?? key}: ${value}`)
          .join(' · ') || 'No parameters set'
      : (report.problem ?? ''),
  }));
}

const saveReportAs: Command = {
  ...base,
  id: 'report.save',
  title: 'Save report as…',
  keywords: ['report', 'save', 'saved report', 'bookmark', 'remember', 'parameters'],
  shortcut: 'Alt+Shift+s',
  steps: [
    {
      key: 'name',
      kind: 'text',
      title: 'Name of the saved report',
      placeholder: 'e.g. Group 1 by posting date',
      validate: (value) => savedReportNameSchema.safeParse(value).error?.issues[0]?.message ?? null,
    },
  ],
  run: async (ctx, args) => {
    const definition = openReport()?.definition;
    if (!definition) return;
    const saved = await saveReport(definition, String(args['name']).trim(), { source: ctx.source });
    notify.success(`Saved "${saved.name}".`);
  },
};

const openSavedReport: Command = {
  ...base,
  id: 'report.openSaved',
  title: 'Open saved report…',
  keywords: ['report', 'saved report', 'load', 'my reports', 'parameters'],
  shortcut: 'Alt+Shift+o',
  steps: [{ key: 'id', kind: 'choice', title: 'Saved report', choices: savedReportChoices }],
  run: async (ctx, args) => {
    const definition = openReport()?.definition;
    if (!definition) return;
    // Read again rather than trusted from the list: it may have changed in another tab.
    const report = (await savedReportsOf(definition, { source: ctx.source })).find(
      (found) => String(found.id) === String(args['id']),
    );
    if (!report) return void notify.warning('That saved report is gone.');
    if (!report.params) return void notify.warning(`"${report.name}" cannot be opened.`, report.problem ?? undefined);
    applySavedReport(definition, report.params);
  },
};

const DELETE_CONFIRM = 'delete';

const deleteSaved: Command = {
  ...base,
  id: 'report.deleteSaved',
  title: 'Delete saved report…',
  keywords: ['report', 'saved report', 'remove', 'forget'],
  shortcut: 'Alt+Shift+x',
  steps: [
    { key: 'id', kind: 'choice', title: 'Saved report to delete', choices: savedReportChoices },
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Delete it? It cannot be brought back.',
      choices: () => [
        { value: 'keep', label: 'No, keep it' },
        { value: DELETE_CONFIRM, label: 'Yes, delete it' },
      ],
    },
  ],
  run: async (ctx, args) => {
    if (args['confirm'] !== DELETE_CONFIRM) return;
    await deleteSavedReport(Number(args['id']), { source: ctx.source });
    notify.success('The saved report was deleted.');
  },
};

export const reportKitCommands: readonly Command[] = [
  setParameter,
  clearParameters,
  editParameters,
  exportOpenReport,
  claimsBehindFigure,
  expandRow,
  saveReportAs,
  openSavedReport,
  deleteSaved,
];
