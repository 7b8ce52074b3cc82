/** Patient/demographicVerifier: the findings about a saved patient's demographics, or about ones as typed. */
import type { DemographicQuery, DemographicReply } from '../../../contract/patientRecord.ts';
import type { Db } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { Actor } from '../context.ts';
import { demographicFindings, type Demographics } from './demographics.ts';

export async function verifyDemographics(
  db: Db,
  _actor: Actor,
  scope: DataScope,
  query: DemographicQuery,
  now: Date,
): Promise<DemographicReply> {
  const { patientID, ...typed } = query;
  let patient: Demographics = typed;
  if (patientID !== undefined) {
    const [stored] = await db.query<Demographics>(
      `SELECT first_name AS "firstName", last_name AS "lastName", to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
              sex, address1, address2, city, state, zip, phone, email
         FROM patients WHERE patient_id = $1 AND practice_id = ANY($2::bigint[])`,
      [patientID, scope.practiceIds],
    );
    if (!stored) throw new NotFoundError();
    patient = stored;
  }
  return { findings: demographicFindings(patient, now.toISOString().slice(0, 10)) };
}
