/**
 * Patient/updatePatientCollections: a patient sent to collections gets no more statements (the
 * selection leaves them out, and a run going on skips them); returning them bills them again.
 * Within the data role (another role's patient is Not Found) and audited with before and after.
 */
import type { CollectionsReply, CollectionsRequest } from '../../../contract/patientStatements.ts';
import type { Db } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { auditChange } from '../audit/auditChange.ts';
import type { Actor } from '../context.ts';

export async function updatePatientCollections(
  db: Db,
  actor: Actor,
  scope: DataScope,
  { patientID, inCollections }: CollectionsRequest,
): Promise<CollectionsReply> {
  return db.transaction(async (tx) => {
    const [patient] = await tx.query<{ inCollections: boolean }>(
      `SELECT in_collections AS "inCollections" FROM patients
        WHERE patient_id = $1 AND practice_id = ANY($2::bigint[]) FOR UPDATE`,
      [patientID, scope.practiceIds],
    );
    if (!patient) throw new NotFoundError();
    if (patient.inCollections !== inCollections) {
      await tx.query('UPDATE patients SET in_collections = $2 WHERE patient_id = $1', [patientID, inCollections]);
      await auditChange(
        tx,
        actor,
        'patient.collections',
        { type: 'patient', id: patientID },
        { inCollections: patient.inCollections },
        { inCollections },
      );
    }
    return {
      message: inCollections
        ? 'Patient sent to collections: statement runs skip them.'
        : 'Patient returned from collections: statement runs bill them again.',
      patientID,
      inCollections,
    };
  });
}
