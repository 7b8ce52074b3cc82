import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';

/**
 * The patient, if the data role reaches it; locked when `lock` so two changes of one patient's
 * coverages or guarantors take turns (the one-active-per-priority rule is checked under it). A
 * patient outside the data role is "not found", never "forbidden": ids of other groups give
 * nothing away.
 */
export async function patientInScope(
  q: Queryable,
  scope: DataScope,
  patientID: number,
  lock = false,
): Promise<{ groupID: number }> {
  const [patient] = await q.query<{ groupID: number }>(
    `SELECT group_id AS "groupID" FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])${lock ? ' FOR UPDATE' : ''}`,
    [patientID, scope.practiceIds],
  );
  if (!patient) throw new NotFoundError();
  return { groupID: Number(patient.groupID) };
}
