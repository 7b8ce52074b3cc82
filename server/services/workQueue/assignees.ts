/**
 * Who may be given a claim: an active user whose data role sees the claim's practice (the same
 * rule that limits what they could open, loadDataScope). Claims/getAssigneeData and
 * Repository/getAssignClaimTo list them; every write that assigns someone checks it again.
 */
import type { Assignee, AssigneesReply } from '../../../contract/assignment.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { loadDataScope, type DataScope } from '../access/dataScope.ts';

export interface AssigneeRecord {
  userId: number;
  name: string;
  active: boolean;
  /** Practices the user's data role sees; empty when the user or the data role is inactive. */
  practiceIds: ReadonlySet<number>;
  /** Practices the user's data role sees, whether the user is active or not: may a caller know of them at all. */
  rolePracticeIds: ReadonlySet<number>;
}

interface UserRow {
  userId: number;
  name: string;
  email: string;
  active: boolean;
  dataRoleId: number;
}

const USER_COLUMNS = `user_id AS "userId", concat_ws(' ', first_name, last_name) AS name, email, active, data_role_id AS "dataRoleId"`;

export const cannotSee = (name: string) => `${name} cannot see claims of this practice.`;
export const noLongerActive = (name: string) => `${name} is no longer active: choose another user.`;
const NOT_A_USER = 'Choose a user from the list of assignees.';

export async function loadAssignees(q: Queryable, userIds: readonly number[]): Promise<Map<number, AssigneeRecord>> {
  const users = await q.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE user_id = ANY($1::bigint[])`, [
    [...userIds],
  ]);
  const scopes = new Map<number, DataScope>();
  const found = new Map<number, AssigneeRecord>();
  for (const user of users) {
    let scope = scopes.get(user.dataRoleId);
    if (!scope) {
      scope = await loadDataScope(q, user.dataRoleId);
      scopes.set(user.dataRoleId, scope);
    }
    found.set(user.userId, {
      userId: user.userId,
      name: user.name,
      active: user.active,
      practiceIds: new Set(user.active ? scope.practiceIds : []),
      rolePracticeIds: new Set(scope.practiceIds),
    });
  }
  return found;
}

/**
 * The user as the caller may name them: one whose data role shares a practice with the caller's,
 * as the assignee lists show. Anyone else reads as unknown, so an error never names another
 * group's staff.
 */
function knownTo(scope: DataScope, assignee: AssigneeRecord | undefined): AssigneeRecord | undefined {
  return assignee && scope.practiceIds.some((practiceId) => assignee.rolePracticeIds.has(practiceId))
    ? assignee
    : undefined;
}

/** The user, refused with a 400 when unknown to the caller or inactive (the practice is checked per claim). */
export async function activeAssignee(q: Queryable, scope: DataScope, userId: number): Promise<AssigneeRecord> {
  const assignee = knownTo(scope, (await loadAssignees(q, [userId])).get(userId));
  if (!assignee) throw new BadRequestError(NOT_A_USER);
  if (!assignee.active) throw new BadRequestError(noLongerActive(assignee.name));
  return assignee;
}

/** Every user in `userIds`, in that order, each known to the caller and active; the first one that is not is refused. */
export async function activeAssigneesInOrder(
  q: Queryable,
  scope: DataScope,
  userIds: readonly number[],
): Promise<AssigneeRecord[]> {
  const found = await loadAssignees(q, userIds);
  return userIds.map((userId) => {
    const assignee = knownTo(scope, found.get(userId));
    if (!assignee) throw new BadRequestError(NOT_A_USER);
    if (!assignee.active) throw new BadRequestError(noLongerActive(assignee.name));
    return assignee;
  });
}

/** Active users who see at least one of `practiceIds`, by name; coversAll when they see them all. */
async function assigneesFor(q: Queryable, practiceIds: readonly number[]): Promise<AssigneesReply> {
  if (practiceIds.length === 0) return { assignees: [] };
  const users = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE active ORDER BY last_name, first_name, user_id`,
  );
  const scopes = new Map<number, ReadonlySet<number>>();
  for (const dataRoleId of new Set(users.map((user) => user.dataRoleId)))
    scopes.set(dataRoleId, new Set((await loadDataScope(q, dataRoleId)).practiceIds));
  const assignees: Assignee[] = [];
  for (const user of users) {
    const seen = scopes.get(user.dataRoleId);
    const covered = practiceIds.filter((practiceId) => seen?.has(practiceId)).length;
    if (covered > 0)
      assignees.push({
        userID: user.userId,
        name: user.name,
        email: user.email,
        coversAll: covered === practiceIds.length,
      });
  }
  return { assignees };
}

/** Claims/getAssigneeData: for the claim, else for every practice the caller sees. */
export async function getAssigneeData(
  q: Queryable,
  scope: DataScope,
  claimID: number | undefined,
): Promise<AssigneesReply> {
  if (claimID === undefined) return assigneesFor(q, scope.practiceIds);
  const [claim] = await q.query<{ practiceId: number }>(
    'SELECT practice_id AS "practiceId" FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])',
    [claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError();
  return assigneesFor(q, [claim.practiceId]);
}

/** Repository/getAssignClaimTo: for the group's practices the caller sees. */
export async function getAssignClaimTo(q: Queryable, scope: DataScope, groupID: number): Promise<AssigneesReply> {
  const practices = await q.query<{ practiceId: number }>(
    'SELECT practice_id AS "practiceId" FROM practices WHERE group_id = $1 AND practice_id = ANY($2::bigint[]) ORDER BY practice_id',
    [groupID, scope.practiceIds],
  );
  if (practices.length === 0) throw new NotFoundError();
  return assigneesFor(
    q,
    practices.map((practice) => practice.practiceId),
  );
}
