/**
 * What every kind of batch checks before it is written: the practice is inside the data role (its
 * group comes from it), the assignee is an active user who sees the batch's group, and a batch number is
 * unique in its group.
 */
import type { Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { loadDataScope, type DataScope } from '../access/dataScope.ts';

export async function practiceGroup(q: Queryable, scope: DataScope, practiceID: number): Promise<number> {
  if (!scope.practiceIds.includes(practiceID))
    throw new BadRequestError(`Practice ${practiceID} is not one your data role reaches.`);
  const [practice] = await q.query<{ groupID: number }>(
    'SELECT group_id AS "groupID" FROM practices WHERE practice_id = $1',
    [practiceID],
  );
  if (!practice) throw new NotFoundError('Practice not found.');
  return practice.groupID;
}

/** A batch goes only to an active user whose data role sees its group; the refusal names no one. */
export async function checkAssignee(q: Queryable, userID: number | null | undefined, groupID: number): Promise<void> {
  if (userID === null || userID === undefined) return;
  const [user] = await q.query<{ dataRoleID: number }>(
    'SELECT data_role_id AS "dataRoleID" FROM users WHERE user_id = $1 AND active',
    [userID],
  );
  const seesGroup = user !== undefined && (await loadDataScope(q, user.dataRoleID)).groupIds.includes(groupID);
  if (!seesGroup)
    throw new BadRequestError(`User ${userID} is not an active user of the batch's group to assign it to.`);
}

export function batchNumberTaken(batchNumber: string): BadRequestError {
  return new BadRequestError(`Batch number ${batchNumber} is already used in this group; give another number.`);
}

/** True when `error` is the database refusing a second batch with the same number in a group. */
export function isBatchNumberClash(error: unknown): boolean {
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  const named = (text: unknown) => typeof text === 'string' && text.includes('group_id_batch_number');
  return code === '23505' && (named(constraint) || named(message));
}

/** "SMITH, JANE"-style name of the assignee, read beside a batch. */
export const ASSIGNEE_NAME = `nullif(concat_ws(' ', au.first_name, au.last_name), '')`;

/** A timestamptz as the ISO text the contract carries. */
export function isoText(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}

/** Maps the database's refusal of a second batch number in the group to a 400 naming it. */
export async function numbered<T>(batchNumber: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (batchNumber !== undefined && isBatchNumberClash(error)) throw batchNumberTaken(batchNumber);
    throw error;
  }
}
