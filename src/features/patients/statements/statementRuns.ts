/**
 * The statement print runs this tab started: the patient's Statements section shows the newest
 * one's progress, and "Open the statement run's file" opens its combined PDF once it has ended.
 * Progress itself is the bulk runs' (src/features/bulk), polled from the server.
 */
import { fetchStatementRunFile } from '../../../api/patientStatements.ts';
import type { CommandSource } from '../../../console/types.ts';
import { downloadFile } from '../../../export/exportFile.ts';
import { defineStore } from '../../../state/store.ts';

export interface StatementRunsState {
  /** The newest run started here: its bulk job, its print run, and how it ended once it has. */
  latest: { jobID: number; runID: number; outcome: string | null } | null;
}

export const statementRuns = defineStore<StatementRunsState>(() => ({ latest: null }));

export function noteStatementRun(jobID: number, runID: number): void {
  statementRuns.latest = { jobID, runID, outcome: null };
}

/** How the run ended, kept after its report is closed and the bulk runs forget it. */
export function noteStatementRunEnded(jobID: number, outcome: string): void {
  if (statementRuns.latest?.jobID === jobID) statementRuns.latest.outcome = outcome;
}

export function latestStatementRun(): { jobID: number; runID: number } | null {
  return statementRuns.latest;
}

/** Downloads a finished run's combined PDF, to print and mail. */
export async function openStatementRunFile(runID: number, source: CommandSource): Promise<void> {
  downloadFile(await fetchStatementRunFile(runID, { source }));
}
