import type { PracticeChoice, PracticesReply } from '../../../contract/crosswalks.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';

export async function practiceChoices(q: Queryable, scope: DataScope): Promise<PracticesReply> {
  const practices = await q.query<PracticeChoice>(
    `SELECT p.practice_id AS "practiceID", p.name, p.group_id AS "groupID", g.name AS "groupName"
       FROM practices p JOIN groups g USING (group_id) WHERE p.practice_id = ANY($1::bigint[]) ORDER BY g.name, p.name, p.practice_id`,
    [scope.practiceIds],
  );
  return { practices };
}
