/**
 * Claim tasks, one at a time: the claim's list, one task, add, resolve, delete. Tasks are not
 * money, but who closed which follow-up matters to a supervisor, so a deleted task keeps its row
 * (status 'deleted', left out of every read) and every change writes a DNA event and an audit row
 * in its transaction. A claim or task outside the data role is not found.
 */
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { ClaimTask, SaveTaskInput, TaskChangedReply, TasksReply, TaskType } from '../../../contract/tasks.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit, writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { activeAssignee, cannotSee } from './assignees.ts';
import { addClaimEvent } from './claimEvent.ts';
import { scopedClaim } from './scopedClaim.ts';

const UTC_SECOND = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

const TASK_SELECT = `
  SELECT t.task_id AS "taskID", t.claim_id AS "claimID", t.task_type_id::int AS "taskTypeID", tt.name AS "taskType",
         t.assigned_user_id AS "assignedUserID", nullif(concat_ws(' ', a.first_name, a.last_name), '') AS "assignedTo",
         t.text, to_char(t.due_date, 'YYYY-MM-DD') AS "dueDate", t.status,
         to_char(t.resolved_at AT TIME ZONE 'UTC', ${UTC_SECOND}) AS "resolvedAt",
         nullif(concat_ws(' ', cb.first_name, cb.last_name), '') AS "createdBy",
         to_char(t.created_at AT TIME ZONE 'UTC', ${UTC_SECOND}) AS "createdAt"
    FROM tasks t
    JOIN task_types tt ON tt.task_type_id = t.task_type_id
    LEFT JOIN users a ON a.user_id = t.assigned_user_id
    LEFT JOIN users cb ON cb.user_id = t.created_by`;

/** Repository/getTaskTypes. */
export async function taskTypes(q: Queryable): Promise<TaskType[]> {
  return q.query('SELECT task_type_id::int AS "taskTypeID", name FROM task_types ORDER BY task_type_id');
}

export async function taskTypeName(q: Queryable, taskTypeId: number): Promise<string> {
  const [row] = await q.query<{ name: string }>('SELECT name FROM task_types WHERE task_type_id = $1', [taskTypeId]);
  if (!row) throw new BadRequestError('Choose a task type from the list.');
  return row.name;
}

/** Claims/getTasksData: open and resolved tasks of the claim, newest first. */
export async function getTasksData(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  claimID: number,
): Promise<TasksReply> {
  await scopedClaim(q, scope, claimID);
  const tasks = await q.query<ClaimTask>(
    `${TASK_SELECT} WHERE t.claim_id = $1 AND t.status <> 'deleted' ORDER BY t.created_at DESC, t.task_id DESC`,
    [claimID],
  );
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'claims.tasks',
    recordType: 'claim',
    recordId: claimID,
    source: actor.source,
    ip: actor.ip,
  });
  return { claimID, tasks };
}

/** A task is in the data role through its claim; a task on no claim through its group. */
const TASK_IN_SCOPE = `(CASE WHEN c.claim_id IS NOT NULL THEN c.practice_id = ANY($2::bigint[]) ELSE t.group_id = ANY($3::bigint[]) END)`;

/** Claims/getTaskByID. */
export async function getTaskByID(q: ReadAuditDb, actor: Actor, scope: DataScope, taskID: number): Promise<ClaimTask> {
  const [task] = await q.query<ClaimTask>(
    `${TASK_SELECT} LEFT JOIN claims c ON c.claim_id = t.claim_id WHERE t.task_id = $1 AND t.status <> 'deleted' AND ${TASK_IN_SCOPE}`,
    [taskID, scope.practiceIds, scope.groupIds],
  );
  if (!task) throw new NotFoundError();
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'tasks.read',
    recordType: 'task',
    recordId: taskID,
    source: actor.source,
    ip: actor.ip,
  });
  return task;
}

/** Claims/saveClaimTasks: one task on one claim, for a user who sees the claim's practice. */
export async function saveClaimTask(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: SaveTaskInput,
  now: Date,
): Promise<TaskChangedReply> {
  return db.transaction(async (tx) => {
    const claim = await scopedClaim(tx, scope, input.claimID);
    if (claim.claimStatusId === CLAIM_STATUS.void)
      throw new BadRequestError(`Claim ${input.claimID} is void: it takes no new tasks.`);
    const taskType = await taskTypeName(tx, input.taskTypeID);
    const assignee = await activeAssignee(tx, scope, input.assignedUserID);
    if (!assignee.practiceIds.has(claim.practiceId)) throw new BadRequestError(cannotSee(assignee.name));
    const [task] = await tx.query<{ taskId: number }>(
      `INSERT INTO tasks (group_id, claim_id, task_type_id, assigned_user_id, text, due_date, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8) RETURNING task_id AS "taskId"`,
      [claim.groupId, input.claimID, input.taskTypeID, assignee.userId, input.text, input.dueDate, actor.userId, now],
    );
    if (!task) throw new Error('The task was not stored.');
    await addClaimEvent(
      tx,
      input.claimID,
      actor,
      'task.added',
      {
        taskID: task.taskId,
        taskTypeID: input.taskTypeID,
        taskType,
        assignedUserID: assignee.userId,
        assignedTo: assignee.name,
        dueDate: input.dueDate,
      },
      now,
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'tasks.add',
      recordType: 'task',
      recordId: task.taskId,
      source: actor.source,
      ip: actor.ip,
      detail: { claimID: input.claimID, taskTypeID: input.taskTypeID, assignedUserID: assignee.userId },
    });
    return { message: 'Task added.', taskID: task.taskId, claimID: input.claimID };
  });
}

interface LockedTask {
  claimID: number | null;
  status: 'open' | 'resolved' | 'deleted';
  taskTypeID: number;
  taskType: string;
}

async function lockTask(q: Queryable, scope: DataScope, taskID: number): Promise<LockedTask> {
  const [task] = await q.query<LockedTask>(
    `SELECT t.claim_id AS "claimID", t.status, t.task_type_id::int AS "taskTypeID", tt.name AS "taskType"
       FROM tasks t JOIN task_types tt ON tt.task_type_id = t.task_type_id LEFT JOIN claims c ON c.claim_id = t.claim_id
      WHERE t.task_id = $1 AND ${TASK_IN_SCOPE}
        FOR UPDATE OF t`,
    [taskID, scope.practiceIds, scope.groupIds],
  );
  if (!task || task.status === 'deleted') throw new NotFoundError();
  return task;
}

async function recordTaskChange(
  q: Queryable,
  actor: Actor,
  taskID: number,
  task: LockedTask,
  change: 'resolved' | 'deleted',
  now: Date,
): Promise<void> {
  if (task.claimID !== null)
    await addClaimEvent(
      q,
      task.claimID,
      actor,
      `task.${change}`,
      { taskID, taskTypeID: task.taskTypeID, taskType: task.taskType },
      now,
    );
  await writeAudit(q, {
    userId: actor.userId,
    action: change === 'resolved' ? 'tasks.resolve' : 'tasks.delete',
    recordType: 'task',
    recordId: taskID,
    source: actor.source,
    ip: actor.ip,
    detail: { claimID: task.claimID, taskTypeID: task.taskTypeID, status: task.status },
  });
}

/** Claims/resolveClaimTask. */
export async function resolveTask(
  db: Db,
  actor: Actor,
  scope: DataScope,
  taskID: number,
  now: Date,
): Promise<TaskChangedReply> {
  return db.transaction(async (tx) => {
    const task = await lockTask(tx, scope, taskID);
    if (task.status === 'resolved') throw new BadRequestError(`Task ${taskID} is already resolved.`);
    await tx.query(`UPDATE tasks SET status = 'resolved', resolved_at = $2 WHERE task_id = $1`, [taskID, now]);
    await recordTaskChange(tx, actor, taskID, task, 'resolved', now);
    return { message: 'Task resolved.', taskID, claimID: task.claimID };
  });
}

/** Claims/deleteClaimTask: open or resolved, the task leaves every list. */
export async function deleteTask(
  db: Db,
  actor: Actor,
  scope: DataScope,
  taskID: number,
  now: Date,
): Promise<TaskChangedReply> {
  return db.transaction(async (tx) => {
    const task = await lockTask(tx, scope, taskID);
    await tx.query(`UPDATE tasks SET status = 'deleted' WHERE task_id = $1`, [taskID]);
    await recordTaskChange(tx, actor, taskID, task, 'deleted', now);
    return { message: 'Task deleted.', taskID, claimID: task.claimID };
  });
}
