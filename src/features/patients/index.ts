export { patientCursor, patientListVersion } from './patientCursor.ts';
export {
  latestStatementRun,
  noteStatementRun,
  noteStatementRunEnded,
  openStatementRunFile,
} from './statements/statementRuns.ts';
