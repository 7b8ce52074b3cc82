/** What commands may use of the bulk runs: start following a run, act when it ends, cancel one. */
export { cancelNewestRun, followRun, runOf, unfinishedRuns, whenRunEnds } from './bulkRuns.ts';
export { outcomeText, progressText } from './runText.ts';
export { useRun } from './useRun.ts';
