/**
 * The open tasks assigned to the signed-in user, soonest due first, on claims of the data role
 * (a task on no claim: in a group of the role).
 */
import { TASKS_SHOWN, type DashboardGroupQuery, type UnresolvedTasksReply } from '../../../../contract/arDashboard.ts';
import type { Queryable } from '../../../db/types.ts';
import type { DataScope } from '../../access/dataScope.ts';
import type { Actor } from '../../context.ts';
import { practicesOf } from './scope.ts';

const VISIBLE = `t.assigned_user_id = $1 AND t.status = 'open'
  AND (CASE WHEN t.claim_id IS NULL THEN t.group_id = ANY($3::bigint[]) AND ($4::bigint IS NULL OR t.group_id = $4)
            ELSE c.practice_id = ANY($2::bigint[]) END)`;

export async function unresolvedTasks(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  input: DashboardGroupQuery,
  today: string,
): Promise<UnresolvedTasksReply> {
  const practiceIds = await practicesOf(q, scope, input.groupID);
  const params = [actor.userId, practiceIds, scope.groupIds, input.groupID ?? null];
  const [counts] = await q.query<{ total: number | string; overdue: number | string }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE t.due_date < $5::date) AS overdue
       FROM tasks t LEFT JOIN claims c ON c.claim_id = t.claim_id WHERE ${VISIBLE}`,
    [...params, today],
  );
  const rows = await q.query<{
    taskID: number | string;
    claimID: number | string | null;
    patientName: string | null;
    taskType: string;
    text: string;
    dueDate: string | null;
  }>(
    `SELECT t.task_id AS "taskID", t.claim_id AS "claimID", c.patient_name AS "patientName", tt.name AS "taskType", t.text,
            t.due_date::text AS "dueDate"
       FROM tasks t LEFT JOIN claims c ON c.claim_id = t.claim_id JOIN task_types tt ON tt.task_type_id = t.task_type_id
      WHERE ${VISIBLE}
      ORDER BY t.due_date NULLS LAST, t.task_id
      LIMIT ${TASKS_SHOWN}`,
    params,
  );
  return {
    total: Number(counts?.total ?? 0),
    overdue: Number(counts?.overdue ?? 0),
    tasks: rows.map((row) => ({
      taskID: Number(row.taskID),
      claimID: row.claimID === null ? null : Number(row.claimID),
      patientName: row.patientName,
      taskType: row.taskType,
      text: row.text,
      dueDate: row.dueDate,
      overdue: row.dueDate !== null && row.dueDate < today,
    })),
  };
}
