/**
 * Claims/saveBulkClaimTasks: the same task on many claims, as a bulk run. Each claim gets a tasks
 * row and a 'task.added' DNA event; void claims, and claims of a practice the assignee cannot
 * see, are refused with why. The assignee is read again at every chunk: one made inactive while
 * the run goes on gets no more tasks.
 */
import type { BulkTasksInput } from '../../../contract/tasks.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Db, Transaction } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import { VOID_CLAIM_REASON } from '../claims/bulkNotes.ts';
import { filterOf } from '../claims/claimFilters.ts';
import type { Actor } from '../context.ts';
import { createJob } from '../jobs/jobStore.ts';
import type { ChunkClaim, ChunkFailure, JobHandler, JobRecord } from '../jobs/jobTypes.ts';
import { activeAssignee, cannotSee, loadAssignees } from './assignees.ts';
import { taskTypeName } from './tasks.ts';

interface TaskParams {
  taskTypeId: number;
  taskType: string;
  assignedUserId: number;
  dueDate: string;
  text: string;
}

function taskParams(job: JobRecord): TaskParams {
  const { taskTypeId, taskType, assignedUserId, dueDate, text } = job.params;
  if (
    typeof taskTypeId !== 'number' ||
    typeof taskType !== 'string' ||
    typeof assignedUserId !== 'number' ||
    typeof dueDate !== 'string' ||
    typeof text !== 'string'
  ) {
    throw new Error(`Job ${job.jobId} has no task to add.`);
  }
  return { taskTypeId, taskType, assignedUserId, dueDate, text };
}

export const bulkTasksHandler: JobHandler = {
  kind: 'tasks',
  async processChunk(
    tx: Transaction,
    job: JobRecord,
    claims: readonly ChunkClaim[],
    _scope,
    now: Date,
  ): Promise<ChunkFailure[]> {
    const task = taskParams(job);
    const assignee = (await loadAssignees(tx, [task.assignedUserId])).get(task.assignedUserId);
    const failures: ChunkFailure[] = [];
    const ids: number[] = [];
    for (const claim of claims) {
      if (!assignee?.active)
        failures.push({ claimId: claim.claimId, reason: `${assignee?.name ?? 'The assignee'} is no longer active.` });
      else if (claim.claimStatusId === CLAIM_STATUS.void)
        failures.push({ claimId: claim.claimId, reason: VOID_CLAIM_REASON });
      else if (!assignee.practiceIds.has(claim.practiceId))
        failures.push({ claimId: claim.claimId, reason: cannotSee(assignee.name) });
      else ids.push(claim.claimId);
    }
    if (ids.length > 0 && assignee) {
      await tx.query(
        `WITH added AS (
           INSERT INTO tasks (group_id, claim_id, task_type_id, assigned_user_id, text, due_date, created_by, created_at)
           SELECT c.group_id, c.claim_id, $2, $3, $4, $5::date, $6, $7 FROM claims c WHERE c.claim_id = ANY($1::bigint[])
           RETURNING task_id, claim_id
         )
         INSERT INTO claim_events (claim_id, user_id, action, source, detail, at)
         SELECT claim_id, $6, 'task.added', $8,
                jsonb_build_object('taskID', task_id, 'taskTypeID', $2::int, 'taskType', $9::text, 'assignedUserID', $3::bigint,
                                   'assignedTo', $10::text, 'dueDate', $5::text, 'jobID', $11::bigint),
                $7
           FROM added`,
        [
          ids,
          task.taskTypeId,
          assignee.userId,
          task.text,
          task.dueDate,
          job.userId,
          now,
          job.source,
          task.taskType,
          assignee.name,
          job.jobId,
        ],
      );
    }
    return failures;
  },
};

/** Records the run (queued) and its start in the audit log; the caller hands the id to the runner. */
export async function queueBulkTasks(db: Db, actor: Actor, scope: DataScope, input: BulkTasksInput): Promise<number> {
  const claimIds = input.claimIDs ? [...new Set(input.claimIDs)].sort((a, b) => a - b) : null;
  const query = input.query ? filterOf(input.query) : null;
  return db.transaction(async (tx) => {
    const taskType = await taskTypeName(tx, input.taskTypeID);
    const assignee = await activeAssignee(tx, scope, input.assignedUserID);
    const jobId = await createJob(tx, {
      userId: actor.userId,
      kind: 'tasks',
      title: `Add task (${taskType}) for ${assignee.name}`,
      source: actor.source,
      claimIds,
      query,
      params: {
        taskTypeId: input.taskTypeID,
        taskType,
        assignedUserId: assignee.userId,
        dueDate: input.dueDate,
        text: input.text,
      },
    });
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'bulk.tasks.queued',
      recordType: 'bulk_job',
      recordId: jobId,
      source: actor.source,
      ip: actor.ip,
      detail: {
        ...(claimIds ? { claims: claimIds.length } : { query }),
        taskTypeID: input.taskTypeID,
        assignedUserID: assignee.userId,
      },
    });
    return jobId;
  });
}
