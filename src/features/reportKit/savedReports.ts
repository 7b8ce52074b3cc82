/**
 * Saved reports: a report screen's parameters kept under a name, per user, on the server
 * (SavedReports/*, keyed by the screen's path). Reopening one sets the parameters of the report
 * open now; the server checks them again on the way out, so one saved under older rules is listed
 * with why it cannot be opened.
 */
import { SavedReports } from '../../../contract/calls/savedReports.ts';
import type { SavedReport } from '../../../contract/savedSearches.ts';
import { callApi, type CallOptions } from '../../api/client.ts';
import { reportParams, setReportParams } from './reportState.ts';
import type { ReportDefinition, ReportParams } from './types.ts';

/** A saved report of one screen: its parameters as typed, or null with the reason. */
export interface SavedReportEntry {
  id: number;
  name: string;
  params: ReportParams | null;
  problem: string | null;
}

function entryOf(report: SavedReport): SavedReportEntry {
  // A report screen keeps text by key; anything else (a claims-list search) is not this screen's.
  const params =
    report.params !== null && Object.values(report.params).every((value) => typeof value === 'string')
      ? (report.params as ReportParams)
      : null;
  return {
    id: report.id,
    name: report.name,
    params,
    problem: params === null ? (report.problem ?? 'These are not a report’s parameters.') : null,
  };
}

/** The user's saved reports of this screen, newest first. */
export async function savedReportsOf(
  definition: ReportDefinition<unknown>,
  options?: CallOptions,
): Promise<SavedReportEntry[]> {
  const reply = await callApi(SavedReports.GetSavedReports, { moduleUrl: definition.path }, options);
  return reply.reports.map(entryOf);
}

/** Keeps the parameters on screen now under `name`; only the parameters this report has are sent. */
export async function saveReport(
  definition: ReportDefinition<unknown>,
  name: string,
  options?: CallOptions,
): Promise<SavedReportEntry> {
  const current = reportParams(definition);
  const params = Object.fromEntries(
    definition.parameters
      .map((parameter) => [parameter.key, current[parameter.key]?.trim() ?? ''] as const)
      .filter(([, value]) => value !== ''),
  );
  return entryOf(await callApi(SavedReports.AddSavedReport, { moduleUrl: definition.path, name, params }, options));
}

/** Sets the report's parameters to the saved ones (those it no longer has are left out). */
export function applySavedReport(definition: ReportDefinition<unknown>, params: ReportParams): void {
  const known = new Set(definition.parameters.map((parameter) => parameter.key));
  setReportParams(definition.id, Object.fromEntries(Object.entries(params).filter(([key]) => known.has(key))));
}

export async function deleteSavedReport(id: number, options?: CallOptions): Promise<void> {
  await callApi(SavedReports.DeleteSavedReport, { id }, options);
}
