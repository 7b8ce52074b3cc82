import type { JobKind } from '../../../contract/jobs.ts';
import { bulkNotesHandler } from '../claims/bulkNotes.ts';
import { chargeBatchRunHandler } from '../claims/chargeBatchRun.ts';
import { writeOffJobHandler } from '../claims/writeOffMass.ts';
import { addAssigneesHandler } from '../workQueue/addAssignees.ts';
import { bulkTasksHandler } from '../workQueue/bulkTasks.ts';
import { patientStatementsHandler } from '../patientStatements/statementRun.ts';
import type { RunHandler } from './jobTypes.ts';

/** Every kind of bulk run this server can carry out; a new bulk command adds its handler here. */
export const JOB_HANDLERS: ReadonlyMap<JobKind, RunHandler> = new Map<JobKind, RunHandler>([
  [bulkNotesHandler.kind, bulkNotesHandler],
  [writeOffJobHandler.kind, writeOffJobHandler],
  [bulkTasksHandler.kind, bulkTasksHandler],
  [addAssigneesHandler.kind, addAssigneesHandler],
  [chargeBatchRunHandler.kind, chargeBatchRunHandler],
  [patientStatementsHandler.kind, patientStatementsHandler],
]);
