/**
 * CPT-NDC crosswalks of the data role's practices. They are reference data, not money, so a delete
 * removes the row (the audit keeps who did it); lines already coded keep their own NDC copy.
 */
import type {
  AddUpdateCptNdcCrosswalkInput,
  CptNdcCrosswalkReply,
  CptNdcCrosswalkRow,
  CptNdcCrosswalksReply,
} from '../../../contract/crosswalks.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

const ROW = `SELECT x.cpt_ndc_crosswalk_id AS "cptNdcCrosswalkID", x.practice_id AS "practiceID", p.name AS "practiceName", x.cpt_code AS "cptCode",
                    x.ndc_code AS "ndcCode", x.ndc_units::float8 AS "ndcUnits", x.ndc_unit_type AS "ndcUnitType", x.description
               FROM cpt_ndc_crosswalks x JOIN practices p USING (practice_id)`;

export async function ndcCrosswalks(
  q: Queryable,
  scope: DataScope,
  filter: { practiceID?: number | undefined; cptCode?: string | undefined },
): Promise<CptNdcCrosswalksReply> {
  const crosswalks = await q.query<CptNdcCrosswalkRow>(
    `${ROW} WHERE x.practice_id = ANY($1::bigint[]) AND ($2::bigint IS NULL OR x.practice_id = $2) AND ($3::text IS NULL OR x.cpt_code = $3)
      ORDER BY p.name, x.cpt_code, x.ndc_code, x.cpt_ndc_crosswalk_id`,
    [scope.practiceIds, filter.practiceID ?? null, filter.cptCode ?? null],
  );
  return { crosswalks };
}

export async function ndcCrosswalkByID(
  q: Queryable,
  scope: DataScope,
  cptNdcCrosswalkID: number,
): Promise<CptNdcCrosswalkRow> {
  const [row] = await q.query<CptNdcCrosswalkRow>(
    `${ROW} WHERE x.cpt_ndc_crosswalk_id = $1 AND x.practice_id = ANY($2::bigint[])`,
    [cptNdcCrosswalkID, scope.practiceIds],
  );
  if (!row) throw new NotFoundError();
  return row;
}

export async function addUpdateNdcCrosswalk(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: AddUpdateCptNdcCrosswalkInput,
): Promise<CptNdcCrosswalkReply> {
  if (!scope.practiceIds.includes(input.practiceID)) throw new NotFoundError();
  return db.transaction(async (tx) => {
    // The practice row serialises saves of its crosswalks, so two equal entries cannot both pass the duplicate check.
    const [practice] = await tx.query('SELECT 1 FROM practices WHERE practice_id = $1 FOR UPDATE', [input.practiceID]);
    if (!practice) throw new NotFoundError();
    if (input.cptNdcCrosswalkID !== undefined) {
      const [own] = await tx.query(
        'SELECT 1 FROM cpt_ndc_crosswalks WHERE cpt_ndc_crosswalk_id = $1 AND practice_id = ANY($2::bigint[])',
        [input.cptNdcCrosswalkID, scope.practiceIds],
      );
      if (!own) throw new NotFoundError();
    }
    const [duplicate] = await tx.query<{ id: number }>(
      'SELECT cpt_ndc_crosswalk_id AS id FROM cpt_ndc_crosswalks WHERE practice_id = $1 AND cpt_code = $2 AND ndc_code = $3 AND cpt_ndc_crosswalk_id <> coalesce($4::bigint, 0)',
      [input.practiceID, input.cptCode, input.ndcCode, input.cptNdcCrosswalkID ?? null],
    );
    if (duplicate)
      throw new BadRequestError(
        `NDC ${input.ndcCode} is already crosswalked to ${input.cptCode} for this practice (entry ${duplicate.id}): edit that one instead.`,
      );
    const values = [
      input.practiceID,
      input.cptCode,
      input.ndcCode,
      input.ndcUnits,
      input.ndcUnitType,
      input.description,
    ];
    const [saved] =
      input.cptNdcCrosswalkID === undefined
        ? await tx.query<{ id: number }>(
            'INSERT INTO cpt_ndc_crosswalks (practice_id, cpt_code, ndc_code, ndc_units, ndc_unit_type, description) VALUES ($1, $2, $3, $4, $5, $6) RETURNING cpt_ndc_crosswalk_id AS id',
            values,
          )
        : await tx.query<{ id: number }>(
            'UPDATE cpt_ndc_crosswalks SET practice_id = $1, cpt_code = $2, ndc_code = $3, ndc_units = $4, ndc_unit_type = $5, description = $6 WHERE cpt_ndc_crosswalk_id = $7 RETURNING cpt_ndc_crosswalk_id AS id',
            [...values, input.cptNdcCrosswalkID],
          );
    if (!saved) throw new Error('The CPT-NDC crosswalk was not stored.');
    await writeAudit(tx, {
      userId: actor.userId,
      action: input.cptNdcCrosswalkID === undefined ? 'cptNdcCrosswalks.create' : 'cptNdcCrosswalks.update',
      recordType: 'cpt_ndc_crosswalk',
      recordId: saved.id,
      source: actor.source,
      ip: actor.ip,
      detail: { practiceID: input.practiceID, cptCode: input.cptCode, ndcCode: input.ndcCode },
    });
    return {
      message: `CPT-NDC Crosswalk ${saved.id} Successfully ${input.cptNdcCrosswalkID === undefined ? 'Created' : 'Saved'}`,
      cptNdcCrosswalkID: saved.id,
    };
  });
}

export async function deleteNdcCrosswalk(
  db: Db,
  actor: Actor,
  scope: DataScope,
  cptNdcCrosswalkID: number,
): Promise<CptNdcCrosswalkReply> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.query<{ practiceID: number; cptCode: string; ndcCode: string }>(
      'DELETE FROM cpt_ndc_crosswalks WHERE cpt_ndc_crosswalk_id = $1 AND practice_id = ANY($2::bigint[]) RETURNING practice_id AS "practiceID", cpt_code AS "cptCode", ndc_code AS "ndcCode"',
      [cptNdcCrosswalkID, scope.practiceIds],
    );
    if (!removed) throw new NotFoundError();
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'cptNdcCrosswalks.delete',
      recordType: 'cpt_ndc_crosswalk',
      recordId: cptNdcCrosswalkID,
      source: actor.source,
      ip: actor.ip,
      detail: removed,
    });
    return { message: `CPT-NDC Crosswalk ${cptNdcCrosswalkID} Successfully Deleted`, cptNdcCrosswalkID };
  });
}
