/**
 * The open tasks assigned to the signed-in user, soonest due first, on claims of the data role
 * (a task on no claim: in a group of the role).
 */
import { TASKS_SHOWN, type DashboardGroupQuery, type UnresolvedTasksReply } from '../../../../contract/arDashboard.ts';
import type { Queryable } from '../../../db/types.ts';
import type { DataScope } from '../../access/dataScope.ts';
import type { Actor } from '../../context.ts';
import { practicesOf } from './scope.ts';

/**
 * A task carries its claim's group. In a group whose every practice the role (narrowed to the
 * asked group) sees, that is enough ($5); elsewhere the claim's practice decides, looked up only
 * for those tasks, so a role of whole groups pays no look-up per task.
 */
const VISIBLE = `t.assigned_user_id = $1 AND t.status = 'open'
  AND t.group_id = ANY($3::bigint[]) AND ($4::bigint IS NULL OR t.group_id = $4)
  AND (t.group_id = ANY($5::bigint[])
       OR EXISTS (SELECT 1 FROM claims c WHERE c.claim_id = t.claim_id AND c.practice_id = ANY($2::bigint[])))`;

export async function unresolvedTasks(
  q: Queryable,
  actor: Actor,
  scope: DataScope,
  input: DashboardGroupQuery,
  today: string,
): Promise<UnresolvedTasksReply> {
  const practiceIds = await practicesOf(q, scope, input.groupID);
  const whole = await q.query<{ id: number | string }>(
    `SELECT p.group_id AS id FROM practices p WHERE p.group_id = ANY($1::bigint[])
      GROUP BY p.group_id HAVING bool_and(p.practice_id = ANY($2::bigint[]))`,
    [scope.groupIds, practiceIds],
  );
  const params = [actor.userId, practiceIds, scope.groupIds, input.groupID ?? null, whole.map((row) => Number(row.id))];
  const [counts] = await q.query<{ total: number | string; overdue: number | string }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE t.due_date < $6::date) AS overdue
       FROM tasks t WHERE ${VISIBLE}`,
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
