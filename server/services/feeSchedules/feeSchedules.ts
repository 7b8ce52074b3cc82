/**
 * Fee schedules of the data role's practices: read with their item counts, saved with their whole
 * item list, and retired rather than deleted, since charges already priced from a schedule keep
 * pointing at it. cptFee reads the active ones.
 */
import type {
  AddUpdateFeeScheduleInput,
  FeeScheduleDataReply,
  FeeScheduleReply,
  FeeScheduleRow,
} from '../../../contract/feeSchedules.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';

export async function feeScheduleData(
  q: Queryable,
  scope: DataScope,
  practiceID: number | undefined,
  feeScheduleID: number | undefined,
): Promise<FeeScheduleDataReply> {
  const practices = practiceID === undefined ? scope.practiceIds : scope.practiceIds.filter((id) => id === practiceID);
  const feeSchedules = await q.query<FeeScheduleRow>(
    `SELECT s.fee_schedule_id AS "feeScheduleID", s.practice_id AS "practiceID", p.name AS "practiceName", s.insurance_id AS "insuranceID",
            i.name AS "insuranceName", s.name, s.effective_from::text AS "effectiveFrom", s.effective_to::text AS "effectiveTo",
            (SELECT count(*)::int FROM fee_schedule_items x WHERE x.fee_schedule_id = s.fee_schedule_id) AS "itemCount"
       FROM fee_schedules s JOIN practices p USING (practice_id) LEFT JOIN insurances i ON i.insurance_id = s.insurance_id
      WHERE s.practice_id = ANY($1::bigint[]) AND s.active
      ORDER BY p.name, s.insurance_id NULLS FIRST, s.effective_from DESC, s.fee_schedule_id`,
    [practices],
  );
  if (feeScheduleID === undefined) return { feeSchedules, items: [] };
  if (!feeSchedules.some((schedule) => schedule.feeScheduleID === feeScheduleID)) throw new NotFoundError();
  const items = await q.query<FeeScheduleDataReply['items'][number]>(
    'SELECT cpt_code AS "cptCode", modifier, amount_cents AS "amountCents" FROM fee_schedule_items WHERE fee_schedule_id = $1 ORDER BY cpt_code, modifier',
    [feeScheduleID],
  );
  return { feeSchedules, items };
}

/**
 * Two active schedules of one practice and payer over the same dates would leave getCPTFee picking
 * between them by id; the biller ends one before the other starts instead.
 */
export async function addUpdateFeeSchedule(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: AddUpdateFeeScheduleInput,
): Promise<FeeScheduleReply> {
  if (!scope.practiceIds.includes(input.practiceID)) throw new NotFoundError();
  return db.transaction(async (tx) => {
    // The practice row serialises saves of its schedules, so two overlapping ones cannot both pass the check.
    const [practice] = await tx.query<{ groupID: number }>(
      'SELECT group_id AS "groupID" FROM practices WHERE practice_id = $1 FOR UPDATE',
      [input.practiceID],
    );
    if (!practice) throw new NotFoundError();
    if (input.feeScheduleID !== undefined) {
      const [own] = await tx.query(
        'SELECT 1 FROM fee_schedules WHERE fee_schedule_id = $1 AND practice_id = $2 AND active',
        [input.feeScheduleID, input.practiceID],
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
    const [overlap] = await tx.query<{
      feeScheduleID: number;
      name: string;
      effectiveFrom: string;
      effectiveTo: string | null;
    }>(
      `SELECT fee_schedule_id AS "feeScheduleID", name, effective_from::text AS "effectiveFrom", effective_to::text AS "effectiveTo" FROM fee_schedules
        WHERE practice_id = $1 AND insurance_id IS NOT DISTINCT FROM $2 AND active AND fee_schedule_id <> coalesce($3::bigint, 0)
          AND effective_from <= coalesce($5::date, 'infinity'::date) AND coalesce(effective_to, 'infinity'::date) >= $4::date
        ORDER BY effective_from LIMIT 1`,
      [input.practiceID, input.insuranceID, input.feeScheduleID ?? null, input.effectiveFrom, input.effectiveTo],
    );
    if (overlap) {
      throw new BadRequestError(
        `Fee schedule ${overlap.feeScheduleID} (${overlap.name}, ${overlap.effectiveFrom} to ${overlap.effectiveTo ?? 'open'}) already covers these dates for this practice and ${input.insuranceID === null ? 'standard fees' : 'insurance'}: end it before this one starts, or edit it instead.`,
      );
    }
    const [saved] =
      input.feeScheduleID === undefined
        ? await tx.query<{ id: number }>(
            'INSERT INTO fee_schedules (practice_id, insurance_id, name, effective_from, effective_to) VALUES ($1, $2, $3, $4, $5) RETURNING fee_schedule_id AS id',
            [input.practiceID, input.insuranceID, input.name, input.effectiveFrom, input.effectiveTo],
          )
        : await tx.query<{ id: number }>(
            'UPDATE fee_schedules SET insurance_id = $2, name = $3, effective_from = $4, effective_to = $5 WHERE fee_schedule_id = $1 RETURNING fee_schedule_id AS id',
            [input.feeScheduleID, input.insuranceID, input.name, input.effectiveFrom, input.effectiveTo],
          );
    if (!saved) throw new Error('The fee schedule was not stored.');
    await tx.query('DELETE FROM fee_schedule_items WHERE fee_schedule_id = $1', [saved.id]);
    await tx.query(
      `INSERT INTO fee_schedule_items (fee_schedule_id, cpt_code, modifier, amount_cents)
       SELECT $1, c, m, a FROM unnest($2::text[], $3::text[], $4::bigint[]) AS i (c, m, a)`,
      [
        saved.id,
        input.items.map((item) => item.cptCode),
        input.items.map((item) => item.modifier),
        input.items.map((item) => item.amountCents),
      ],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: input.feeScheduleID === undefined ? 'feeSchedules.create' : 'feeSchedules.update',
      recordType: 'fee_schedule',
      recordId: saved.id,
      source: actor.source,
      ip: actor.ip,
      detail: { practiceID: input.practiceID, insuranceID: input.insuranceID, items: input.items.length },
    });
    return {
      message: `Fee Schedule ${saved.id} Successfully ${input.feeScheduleID === undefined ? 'Created' : 'Saved'}`,
      feeScheduleID: saved.id,
    };
  });
}

export async function deleteFeeSchedule(
  db: Db,
  actor: Actor,
  scope: DataScope,
  feeScheduleID: number,
): Promise<FeeScheduleReply> {
  return db.transaction(async (tx) => {
    const [retired] = await tx.query<{ id: number }>(
      'UPDATE fee_schedules SET active = false WHERE fee_schedule_id = $1 AND practice_id = ANY($2::bigint[]) AND active RETURNING fee_schedule_id AS id',
      [feeScheduleID, scope.practiceIds],
    );
    if (!retired) throw new NotFoundError();
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'feeSchedules.delete',
      recordType: 'fee_schedule',
      recordId: feeScheduleID,
      source: actor.source,
      ip: actor.ip,
    });
    return { message: `Fee Schedule ${feeScheduleID} Successfully Deleted`, feeScheduleID };
  });
}
