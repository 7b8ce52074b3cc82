/**
 * A patient's coverages: primary, secondary and tertiary, at most one active of each, and in
 * order (no active secondary without an active primary, no tertiary without a secondary), so the
 * claim always knows whom to bill next. Every change locks the patient, checks the whole set as it
 * would be, and writes its audit row with what the coverage was and became, in one transaction.
 */
import { coverageProblems, normalMemberID } from '../../../contract/coverageRules.ts';
import {
  COVERAGE_MESSAGES,
  SELF,
  priorityLabel,
  type AddCoverageInput,
  type Coverage,
  type CoverageFields,
  type CoverageSavedReply,
  type CoveragesReply,
  type UpdateCoverageInput,
} from '../../../contract/patientCoverage.ts';
import type { MessageReply } from '../../../contract/auth.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { auditChange } from '../audit/auditChange.ts';
import type { Actor } from '../context.ts';
import { refuseIfAny } from '../organisation/changeAudit.ts';
import { patientInScope } from './patientInScope.ts';
import { payerOfGroup } from './payers.ts';

export const COVERAGE_COLUMNS = `pi.patient_insurance_id AS "patientInsuranceID", pi.patient_id AS "patientID", pi.insurance_id AS "insuranceID",
  ins.name AS "payerName", ins.payer_id AS "payerID", ins.insurance_type AS "insuranceType", pi.priority::int AS priority,
  pi.subscriber_id AS "subscriberID", pi.group_number AS "groupNumber", pi.subscriber_relation AS relationship,
  pi.subscriber_first_name AS "subscriberFirstName", pi.subscriber_last_name AS "subscriberLastName",
  pi.subscriber_date_of_birth::text AS "subscriberDateOfBirth", pi.subscriber_sex AS "subscriberSex",
  pi.effective_from::text AS "effectiveFrom", pi.effective_to::text AS "effectiveTo", pi.active`;
const COVERAGE_FROM = 'patient_insurances pi JOIN insurances ins ON ins.insurance_id = pi.insurance_id';
/** Active first, then by priority, the newest coverage first within one. */
export const COVERAGE_ORDER = 'pi.active DESC, pi.priority, pi.effective_from DESC, pi.patient_insurance_id DESC';

function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Patient/getPatientBasedInsurancesData: the patient's coverages, active ones first. */
export async function patientCoverages(
  q: Queryable,
  scope: DataScope,
  query: { patientID: number; includeInactive: boolean },
): Promise<CoveragesReply> {
  await patientInScope(q, scope, query.patientID);
  const coverages = await q.query<Coverage>(
    `SELECT ${COVERAGE_COLUMNS} FROM ${COVERAGE_FROM} WHERE pi.patient_id = $1 AND ($2 OR pi.active) ORDER BY ${COVERAGE_ORDER}`,
    [query.patientID, query.includeInactive],
  );
  return { patientID: query.patientID, coverages };
}

/** The coverage, if its patient is in the data role. */
async function coverageInScope(q: Queryable, scope: DataScope, patientInsuranceID: number): Promise<Coverage> {
  const [coverage] = await q.query<Coverage>(
    `SELECT ${COVERAGE_COLUMNS} FROM ${COVERAGE_FROM} JOIN patients p ON p.patient_id = pi.patient_id
      WHERE pi.patient_insurance_id = $1 AND p.practice_id = ANY($2::bigint[])`,
    [patientInsuranceID, scope.practiceIds],
  );
  if (!coverage) throw new NotFoundError();
  return coverage;
}

/** Patient/getPatientInsuranceDataByID: one coverage, for its form. */
export async function coverageByID(
  q: Queryable,
  scope: DataScope,
  patientInsuranceID: number,
): Promise<{ coverage: Coverage }> {
  return { coverage: await coverageInScope(q, scope, patientInsuranceID) };
}

/** Locks the coverage's patient before the coverage is read, so the change sees the patient's coverages as they stand. */
async function lockPatientOf(
  tx: Queryable,
  scope: DataScope,
  patientInsuranceID: number,
): Promise<{ groupID: number }> {
  const { patientID } = await coverageInScope(tx, scope, patientInsuranceID);
  return patientInScope(tx, scope, patientID, true);
}

interface ActiveCoverage {
  patientInsuranceID: number;
  priority: number;
  payerName: string;
  subscriberID: string;
}

/**
 * Refuses a change that would leave two active coverages of one priority, or a gap in the order.
 * `after` is the patient's active coverages as the change would leave them.
 */
function refuseBadOrder(after: ActiveCoverage[], changed: number | null): void {
  for (const priority of [1, 2, 3]) {
    const same = after.filter((row) => row.priority === priority);
    if (same.length > 1) {
      const other = same.find((row) => row.patientInsuranceID !== changed) ?? same[0];
      throw new BadRequestError(
        `The patient already has an active ${priorityLabel(priority).toLowerCase()} insurance (${other?.payerName}, member ID ${other?.subscriberID}): inactivate it first or choose another priority.`,
      );
    }
  }
  for (const priority of [2, 3]) {
    if (after.some((row) => row.priority === priority) && !after.some((row) => row.priority === priority - 1))
      throw new BadRequestError(
        `A ${priorityLabel(priority).toLowerCase()} insurance needs an active ${priorityLabel(priority - 1).toLowerCase()} one: insurances go primary, secondary, tertiary in order.`,
      );
  }
}

async function activeCoverages(q: Queryable, patientID: number): Promise<ActiveCoverage[]> {
  return q.query<ActiveCoverage>(
    `SELECT pi.patient_insurance_id AS "patientInsuranceID", pi.priority::int AS priority, ins.name AS "payerName", pi.subscriber_id AS "subscriberID"
       FROM ${COVERAGE_FROM} WHERE pi.patient_id = $1 AND pi.active`,
    [patientID],
  );
}

/** The fields as stored, once the payer is the group's and every rule holds. */
async function checkedFields(q: Queryable, groupID: number, fields: CoverageFields, now: Date) {
  const payer = await payerOfGroup(q, groupID, fields.insuranceID);
  if (!payer) throw new BadRequestError('Choose an active payer of the patient’s group.');
  refuseIfAny([coverageProblems(fields, payer.insuranceType, todayOf(now))]);
  const self = fields.relationship === SELF;
  return {
    payerName: payer.name,
    values: [
      fields.insuranceID,
      fields.priority,
      normalMemberID(fields.subscriberID, payer.insuranceType),
      fields.groupNumber ? fields.groupNumber.toUpperCase() : null,
      fields.relationship,
      self ? null : fields.subscriberFirstName,
      self ? null : fields.subscriberLastName,
      self ? null : fields.subscriberDateOfBirth,
      self ? null : fields.subscriberSex,
      fields.effectiveFrom,
      fields.effectiveTo,
    ],
  };
}

/** Patient/AddPatientInsurance: a new active coverage. */
export async function addCoverage(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: AddCoverageInput,
  now: Date,
): Promise<CoverageSavedReply> {
  return db.transaction(async (tx) => {
    const { groupID } = await patientInScope(tx, scope, input.patientID, true);
    const { values, payerName } = await checkedFields(tx, groupID, input, now);
    const active = await activeCoverages(tx, input.patientID);
    refuseBadOrder(
      [...active, { patientInsuranceID: 0, priority: input.priority, payerName, subscriberID: input.subscriberID }],
      0,
    );
    const [saved] = await tx.query<{ id: number }>(
      `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, group_number, subscriber_relation,
         subscriber_first_name, subscriber_last_name, subscriber_date_of_birth, subscriber_sex, effective_from, effective_to)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING patient_insurance_id AS id`,
      [input.patientID, ...values],
    );
    if (!saved) throw new Error('The coverage was not stored.');
    const id = Number(saved.id);
    const after = await coverageInScope(tx, scope, id);
    await auditChange(tx, actor, 'patientInsurance.create', { type: 'patient_insurance', id }, null, after);
    return { message: COVERAGE_MESSAGES.coverageSaved, patientInsuranceID: id };
  });
}

/** Patient/updatePatientInsurance: replaces a coverage's fields; whether it is active stays. */
export async function updateCoverage(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: UpdateCoverageInput,
  now: Date,
): Promise<CoverageSavedReply> {
  return db.transaction(async (tx) => {
    const { groupID } = await lockPatientOf(tx, scope, input.patientInsuranceID);
    const before = await coverageInScope(tx, scope, input.patientInsuranceID);
    const { values, payerName } = await checkedFields(tx, groupID, input, now);
    if (before.active) {
      const others = (await activeCoverages(tx, before.patientID)).filter(
        (row) => row.patientInsuranceID !== input.patientInsuranceID,
      );
      refuseBadOrder(
        [
          ...others,
          {
            patientInsuranceID: input.patientInsuranceID,
            priority: input.priority,
            payerName,
            subscriberID: input.subscriberID,
          },
        ],
        input.patientInsuranceID,
      );
    }
    await tx.query(
      `UPDATE patient_insurances SET insurance_id = $2, priority = $3, subscriber_id = $4, group_number = $5, subscriber_relation = $6,
         subscriber_first_name = $7, subscriber_last_name = $8, subscriber_date_of_birth = $9, subscriber_sex = $10,
         effective_from = $11, effective_to = $12
       WHERE patient_insurance_id = $1`,
      [input.patientInsuranceID, ...values],
    );
    const after = await coverageInScope(tx, scope, input.patientInsuranceID);
    await auditChange(
      tx,
      actor,
      'patientInsurance.update',
      { type: 'patient_insurance', id: input.patientInsuranceID },
      before,
      after,
    );
    return { message: COVERAGE_MESSAGES.coverageSaved, patientInsuranceID: input.patientInsuranceID };
  });
}

/** Patient/updatePatientInsuranceActive: switches a coverage on or off, keeping the order. */
export async function setCoverageActive(
  db: Db,
  actor: Actor,
  scope: DataScope,
  input: { patientInsuranceID: number; active: boolean },
): Promise<MessageReply> {
  return db.transaction(async (tx) => {
    await lockPatientOf(tx, scope, input.patientInsuranceID);
    const before = await coverageInScope(tx, scope, input.patientInsuranceID);
    const others = (await activeCoverages(tx, before.patientID)).filter(
      (row) => row.patientInsuranceID !== input.patientInsuranceID,
    );
    if (input.active) {
      const [payer] = await tx.query('SELECT 1 FROM insurances WHERE insurance_id = $1 AND active', [
        before.insuranceID,
      ]);
      if (!payer)
        throw new BadRequestError(`${before.payerName} is inactive: choose another payer for this insurance.`);
    }
    refuseBadOrder(input.active ? [...others, before] : others, input.patientInsuranceID);
    if (before.active !== input.active) {
      await tx.query('UPDATE patient_insurances SET active = $2 WHERE patient_insurance_id = $1', [
        input.patientInsuranceID,
        input.active,
      ]);
      await auditChange(
        tx,
        actor,
        'patientInsurance.active',
        { type: 'patient_insurance', id: input.patientInsuranceID },
        { active: before.active },
        { active: input.active },
      );
    }
    return { message: input.active ? COVERAGE_MESSAGES.activated : COVERAGE_MESSAGES.inactivated };
  });
}
