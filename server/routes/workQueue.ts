import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import type { JobRunner } from '../services/jobs/runner.ts';
import { queueAddAssignees } from '../services/workQueue/addAssignees.ts';
import { getAssignClaimTo, getAssigneeData } from '../services/workQueue/assignees.ts';
import { queueBulkTasks } from '../services/workQueue/bulkTasks.ts';
import { archiveNote, getNoteByID, getNotes, saveSystemNote } from '../services/workQueue/notes.ts';
import { reassignClaims } from '../services/workQueue/reassign.ts';
import {
  deleteTask,
  getTaskByID,
  getTasksData,
  resolveTask,
  saveClaimTask,
  taskTypes,
} from '../services/workQueue/tasks.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';
import { Repository } from '../../contract/calls/repository.ts';

/** The claim work queue: tasks, who a claim is assigned to, and reading and archiving notes. */
export function workQueueRoutes(app: FastifyInstance, deps: AuthDeps, jobs: JobRunner): void {
  defineCall(app, deps, Claims.getTasksData, {
    handler: async (input, context) => context.data.run(getTasksData)(input.claimID),
  });

  defineCall(app, deps, Claims.getTaskByID, {
    handler: async (input, context) => context.data.run(getTaskByID)(input.taskID),
  });

  defineCall(app, deps, Claims.saveClaimTasks, {
    handler: async (input, context) => context.data.run(saveClaimTask)(input, deps.now()),
  });

  // A bulk run: the reply carries the job's id at once; the runner works on after the reply.
  defineCall(app, deps, Claims.saveBulkClaimTasks, {
    handler: async (input, context) => {
      const jobID = await context.data.run(queueBulkTasks)(input);
      jobs.start(jobID);
      return { jobID };
    },
  });

  defineCall(app, deps, Claims.resolveClaimTask, {
    handler: async (input, context) => context.data.run(resolveTask)(input.taskID, deps.now()),
  });

  defineCall(app, deps, Claims.deleteClaimTask, {
    handler: async (input, context) => context.data.run(deleteTask)(input.taskID, deps.now()),
  });

  defineCall(app, deps, Repository.getTaskTypes, {
    handler: (_input, context) => context.data.reference(taskTypes)(),
  });

  defineCall(app, deps, Claims.reassignClaim, {
    handler: async (input, context) => context.data.run(reassignClaims)(input, deps.now()),
  });

  defineCall(app, deps, Claims.addAssignees, {
    handler: async (input, context) => {
      const jobID = await context.data.run(queueAddAssignees)(input);
      jobs.start(jobID);
      return { jobID };
    },
  });

  defineCall(app, deps, Claims.getAssigneeData, {
    handler: async (input, context) => context.data.inScope(getAssigneeData)(input.claimID),
  });

  defineCall(app, deps, Repository.getAssignClaimTo, {
    handler: async (input, context) => context.data.inScope(getAssignClaimTo)(input.clientID),
  });

  defineCall(app, deps, Claims.getNoteByID, {
    handler: async (input, context) => context.data.run(getNoteByID)(input.noteID),
  });

  defineCall(app, deps, AddEditClaim.getNotesByLineItemID, {
    handler: async (input, context) => context.data.run(getNotes)(input),
  });

  defineCall(app, deps, AddEditClaim.archiveNotes, {
    handler: async (input, context) => context.data.run(archiveNote)(input.noteID, deps.now()),
  });

  defineCall(app, deps, AddEditClaim.saveSystemNotes, {
    handler: async (input, context) => context.data.run(saveSystemNote)(input, deps.now()),
  });
}
