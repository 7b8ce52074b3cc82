/**
 * CPT-revenue crosswalks of the data role's practices: one revenue code per code for each payer,
 * and one practice-wide. Reference data, so a delete removes the row and the audit keeps it.
 */
import type {
  AddUpdateCptRevenueCrosswalkInput,
  CptRevenueCrosswalkReply,
  RevenueCrosswalkRow,
  RevenueCrosswalkSearchInput,
  RevenueCrosswalkSearchReply,
} from '../../../contract/crosswalks.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

const SORT_COLUMNS: Record<RevenueCrosswalkSearchInput['sortBy'], string> = {
  cptCode: 'x.cpt_code',
  revenueCode: 'x.revenue_code',
  insuranceName: 'i.name',
  practiceName: 'p.name',
};

export async function revenueCrosswalkSearch(
  q: Queryable,
  scope: DataScope,
  input: RevenueCrosswalkSearchInput,
): Promise<RevenueCrosswalkSearchReply> {
  const direction = input.sortDirection === 'desc' ? 'DESC' : 'ASC';
  const rows = await q.query<RevenueCrosswalkRow & { totalCount: number }>(
    `SELECT x.cpt_revenue_crosswalk_id AS "cptRevenueCrosswalkID", x.practice_id AS "practiceID", p.name AS "practiceName", x.insurance_id AS "insuranceID",
            i.name AS "insuranceName", x.cpt_code AS "cptCode", x.revenue_code AS "revenueCode", r.description AS "revenueDescription", count(*) OVER ()::int AS "totalCount"
       FROM cpt_revenue_crosswalks x JOIN practices p USING (practice_id) JOIN revenue_codes r ON r.code = x.revenue_code LEFT JOIN insurances i ON i.insurance_id = x.insurance_id
      WHERE x.practice_id = ANY($1::bigint[]) AND ($2::bigint IS NULL OR x.practice_id = $2) AND ($3::bigint IS NULL OR x.insurance_id = $3)
        AND ($4::text IS NULL OR x.cpt_code LIKE $4 || '%') AND ($5::text IS NULL OR x.revenue_code LIKE $5 || '%')
      ORDER BY ${SORT_COLUMNS[input.sortBy]} ${direction} NULLS FIRST, x.cpt_revenue_crosswalk_id
      LIMIT $6 OFFSET $7`,
    [
      scope.practiceIds,
      input.practiceID ?? null,
      input.insuranceID ?? null,
      input.cptCode || null,
      input.revenueCode || null,
      input.pageSize,
      (input.pageNumber - 1) * input.pageSize,
    ],
  );
  return {
    rows: rows.map(({ totalCount: _total, ...row }) => row),
    totalCount: rows[0]?.totalCount ?? 0,
    pageNumber: input.pageNumber,
    pageSize: input.pageSize,
  };
}

export async function addUpdateRevenueCrosswalk(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: AddUpdateCptRevenueCrosswalkInput,
): Promise<CptRevenueCrosswalkReply> {
  if (!scope.practiceIds.includes(input.practiceID)) throw new NotFoundError();
  return db.transaction(async (tx) => {
    // The practice row serialises saves of its crosswalks, so two entries for one code and payer cannot both pass the check.
    const [practice] = await tx.query<{ groupID: number }>(
      'SELECT group_id AS "groupID" FROM practices WHERE practice_id = $1 FOR UPDATE',
      [input.practiceID],
    );
    if (!practice) throw new NotFoundError();
    if (input.cptRevenueCrosswalkID !== undefined) {
      const [own] = await tx.query(
        'SELECT 1 FROM cpt_revenue_crosswalks WHERE cpt_revenue_crosswalk_id = $1 AND practice_id = ANY($2::bigint[])',
        [input.cptRevenueCrosswalkID, scope.practiceIds],
      );
      if (!own) throw new NotFoundError();
    }
    if (input.insuranceID !== null) {
      const [insurance] = await tx.query(
        'SELECT 1 FROM insurances WHERE insurance_id = $1 AND active AND (group_id IS NULL OR group_id = $2)',
        [input.insuranceID, practice.groupID],
      );
      if (!insurance)
        throw new BadRequestError(`Insurance ${input.insuranceID} is not an active insurance of the practice's group.`);
    }
    const [known] = await tx.query('SELECT 1 FROM revenue_codes WHERE code = $1', [input.revenueCode]);
    if (!known) throw new BadRequestError(`Revenue code ${input.revenueCode} is not in the revenue code list.`);
    const [duplicate] = await tx.query<{ id: number; revenueCode: string }>(
      `SELECT cpt_revenue_crosswalk_id AS id, revenue_code AS "revenueCode" FROM cpt_revenue_crosswalks
        WHERE practice_id = $1 AND insurance_id IS NOT DISTINCT FROM $2 AND cpt_code = $3 AND cpt_revenue_crosswalk_id <> coalesce($4::bigint, 0)`,
      [input.practiceID, input.insuranceID, input.cptCode, input.cptRevenueCrosswalkID ?? null],
    );
    if (duplicate) {
      throw new BadRequestError(
        `${input.cptCode} already has revenue code ${duplicate.revenueCode} for this practice and ${input.insuranceID === null ? 'every payer' : 'insurance'} (entry ${duplicate.id}): edit that one instead.`,
      );
    }
    const values = [input.practiceID, input.insuranceID, input.cptCode, input.revenueCode];
    const [saved] =
      input.cptRevenueCrosswalkID === undefined
        ? await tx.query<{ id: number }>(
            'INSERT INTO cpt_revenue_crosswalks (practice_id, insurance_id, cpt_code, revenue_code) VALUES ($1, $2, $3, $4) RETURNING cpt_revenue_crosswalk_id AS id',
            values,
          )
        : await tx.query<{ id: number }>(
            'UPDATE cpt_revenue_crosswalks SET practice_id = $1, insurance_id = $2, cpt_code = $3, revenue_code = $4 WHERE cpt_revenue_crosswalk_id = $5 RETURNING cpt_revenue_crosswalk_id AS id',
            [...values, input.cptRevenueCrosswalkID],
          );
    if (!saved) throw new Error('The CPT-revenue crosswalk was not stored.');
    await writeAudit(tx, {
      userId: actor.userId,
      action: input.cptRevenueCrosswalkID === undefined ? 'cptRevenueCrosswalks.create' : 'cptRevenueCrosswalks.update',
      recordType: 'cpt_revenue_crosswalk',
      recordId: saved.id,
      source: actor.source,
      ip: actor.ip,
      detail: {
        practiceID: input.practiceID,
        insuranceID: input.insuranceID,
        cptCode: input.cptCode,
        revenueCode: input.revenueCode,
      },
    });
    return {
      message: `CPT-Revenue Crosswalk ${saved.id} Successfully ${input.cptRevenueCrosswalkID === undefined ? 'Created' : 'Saved'}`,
      cptRevenueCrosswalkID: saved.id,
    };
  });
}

export async function deleteRevenueCrosswalk(
  db: Db,
  actor: Actor,
  scope: DataScope,
  cptRevenueCrosswalkID: number,
): Promise<CptRevenueCrosswalkReply> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.query<{
      practiceID: number;
      insuranceID: number | null;
      cptCode: string;
      revenueCode: string;
    }>(
      `DELETE FROM cpt_revenue_crosswalks WHERE cpt_revenue_crosswalk_id = $1 AND practice_id = ANY($2::bigint[])
       RETURNING practice_id AS "practiceID", insurance_id AS "insuranceID", cpt_code AS "cptCode", revenue_code AS "revenueCode"`,
      [cptRevenueCrosswalkID, scope.practiceIds],
    );
    if (!removed) throw new NotFoundError();
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'cptRevenueCrosswalks.delete',
      recordType: 'cpt_revenue_crosswalk',
      recordId: cptRevenueCrosswalkID,
      source: actor.source,
      ip: actor.ip,
      detail: removed,
    });
    return { message: `CPT-Revenue Crosswalk ${cptRevenueCrosswalkID} Successfully Deleted`, cptRevenueCrosswalkID };
  });
}
