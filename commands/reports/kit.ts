/**
 * The commands of every report screen built with the report kit (src/features/reportKit): set a
 * parameter, clear them, go to the parameters, export, open the claims behind the figure under
 * the cursor, expand or collapse a row. Registered once; each acts on the report open now, so a
 * new report screen adds only its own "Go to" command.
 */
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS } from '../../src/export/exportFile.ts';
import {
  drillAtCursor,
  exportReport,
  openReport,
  parameterProblem,
  reportParams,
  reportsOnScreen,
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

export const reportKitCommands: readonly Command[] = [
  setParameter,
  clearParameters,
  editParameters,
  exportOpenReport,
  claimsBehindFigure,
  expandRow,
];
