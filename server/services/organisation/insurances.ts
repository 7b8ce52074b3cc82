/**
 * Payers (insurances): the payer ID claims are sent under and the one eligibility checks use, the
 * clearing house, the insurance type, timely filing and the claim format. A payer without a group
 * is the billing company's, shared by all its clients: every payer administrator sees it, and only
 * one whose data role names every client changes it; a client's own payer is kept by that client's.
 */
import { addressProblems, normalZip } from '../../../contract/addressRules.ts';
import { payerIdProblem } from '../../../contract/identifierRules.ts';
import { ORGANISATION_MESSAGES, toggleMessage, type SavedReply } from '../../../contract/organisation.ts';
import {
  EXCLUDED_INSURANCE_TYPES,
  MAX_TIMELY_FILING_DAYS,
  type InsuranceProfileReply,
  type InsuranceRequest,
  type InsuranceRow,
} from '../../../contract/payerAdmin.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { Actor } from '../context.ts';
import { groupsOfAdmin, requireAdminGroup, requireEveryGroup } from './adminGroups.ts';
import { auditChange } from '../audit/auditChange.ts';
import { orNull, refuseIfAny } from './changeAudit.ts';

type InsuranceFields = Omit<InsuranceRow, 'insuranceID' | 'groupName' | 'clearingHouse' | 'active'>;

const INSURANCE_COLUMNS = `i.insurance_id AS "insuranceID", i.group_id AS "groupID", i.name, i.payer_id AS "payerID",
  i.eligibility_payer_id AS "eligibilityPayerID", i.clearing_house_id AS "clearingHouseID", i.insurance_type AS "insuranceType",
  i.address1, i.city, i.state, i.zip, i.phone, i.timely_filing_days AS "timelyFilingDays", i.claim_format AS "claimFormat", i.active`;

async function checkedInsurance(q: Queryable, input: InsuranceRequest): Promise<InsuranceFields> {
  const excluded = EXCLUDED_INSURANCE_TYPES.includes(input.insuranceType);
  const payerID = input.payerID.trim().toUpperCase();
  const eligibility = orNull(input.eligibilityPayerID)?.toUpperCase() ?? null;
  const clearingHouseID = input.clearingHouseID ?? null;
  const hasAddress = [input.address1, input.city, input.state, input.zip].some((part) => orNull(part) !== null);
  const address = {
    address1: orNull(input.address1) ?? '',
    city: orNull(input.city) ?? '',
    state: (orNull(input.state) ?? '').toUpperCase(),
    zip: orNull(input.zip) ?? '',
  };
  const [house] =
    clearingHouseID === null
      ? [true]
      : await q.query('SELECT 1 FROM clearing_houses WHERE clearing_house_id = $1', [clearingHouseID]);
  refuseIfAny([
    excluded && payerID === '' ? null : payerIdProblem(payerID, 'The payer ID for claims'),
    eligibility === null ? null : payerIdProblem(eligibility, 'The payer ID for eligibility'),
    house ? null : `There is no clearing house ${clearingHouseID}.`,
    Number.isInteger(input.timelyFilingDays) &&
    input.timelyFilingDays >= 1 &&
    input.timelyFilingDays <= MAX_TIMELY_FILING_DAYS
      ? null
      : `Timely filing is a number of days from 1 to ${MAX_TIMELY_FILING_DAYS} (Medicare allows 365).`,
    hasAddress ? addressProblems(address, 'mailing', 'Payer address') : null,
  ]);
  return {
    groupID: input.groupID ?? null,
    name: input.name.trim(),
    payerID,
    eligibilityPayerID: eligibility,
    clearingHouseID,
    insuranceType: input.insuranceType,
    address1: hasAddress ? address.address1 : null,
    city: hasAddress ? address.city : null,
    state: hasAddress ? address.state : null,
    zip: hasAddress ? normalZip(address.zip) : null,
    phone: orNull(input.phone),
    timelyFilingDays: input.timelyFilingDays,
    claimFormat: input.claimFormat,
  };
}

async function refuseDuplicate(q: Queryable, insurance: InsuranceFields, except: number | null): Promise<void> {
  const [taken] = await q.query(
    `SELECT 1 FROM insurances WHERE group_id IS NOT DISTINCT FROM $1 AND lower(name) = lower($2) AND payer_id = $3
        AND ($4::bigint IS NULL OR insurance_id <> $4)`,
    [insurance.groupID, insurance.name, insurance.payerID, except],
  );
  refuseIfAny([taken ? `"${insurance.name}" with payer ID ${insurance.payerID} already exists.` : null]);
}

export async function listInsurances(
  db: Db,
  actor: Actor,
  filter: {
    name?: string | undefined;
    groupID?: number | undefined;
    insuranceID?: number | undefined;
    insuranceType?: string | undefined;
    active?: 'true' | 'false' | undefined;
  },
): Promise<InsuranceProfileReply> {
  const insurances = await db.query<InsuranceRow>(
    `SELECT ${INSURANCE_COLUMNS}, g.name AS "groupName", c.name AS "clearingHouse"
       FROM insurances i LEFT JOIN groups g ON g.group_id = i.group_id
       LEFT JOIN clearing_houses c ON c.clearing_house_id = i.clearing_house_id
      WHERE (i.group_id IS NULL OR i.group_id = ANY($1::bigint[])) AND ($2::bigint IS NULL OR i.group_id = $2)
        AND ($3::bigint IS NULL OR i.insurance_id = $3) AND ($4::text IS NULL OR i.name ILIKE '%' || $4 || '%' OR i.payer_id = upper($4))
        AND ($5::text IS NULL OR i.insurance_type = $5) AND ($6::boolean IS NULL OR i.active = $6)
      ORDER BY i.name, i.insurance_id`,
    [
      await groupsOfAdmin(db, actor),
      filter.groupID ?? null,
      filter.insuranceID ?? null,
      orNull(filter.name),
      filter.insuranceType ?? null,
      filter.active === undefined ? null : filter.active === 'true',
    ],
  );
  return { insurances };
}

function valuesOf(insurance: InsuranceFields): unknown[] {
  return [
    insurance.groupID,
    insurance.name,
    insurance.payerID,
    insurance.eligibilityPayerID,
    insurance.clearingHouseID,
    insurance.insuranceType,
    insurance.address1,
    insurance.city,
    insurance.state,
    insurance.zip,
    insurance.phone,
    insurance.timelyFilingDays,
    insurance.claimFormat,
  ];
}

export async function addInsurance(db: Db, actor: Actor, input: InsuranceRequest): Promise<SavedReply> {
  const insuranceID = await db.transaction(async (tx) => {
    if (input.groupID !== null && input.groupID !== undefined) await requireAdminGroup(tx, actor, input.groupID);
    else await requireEveryGroup(tx, actor);
    const insurance = await checkedInsurance(tx, input);
    await refuseDuplicate(tx, insurance, null);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO insurances (group_id, name, payer_id, eligibility_payer_id, clearing_house_id, insurance_type, address1, city,
                               state, zip, phone, timely_filing_days, claim_format)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING insurance_id AS id`,
      valuesOf(insurance),
    );
    const id = Number(row?.id);
    await auditChange(tx, actor, 'insurance.add', { type: 'insurance', id }, null, { ...insurance, active: true });
    return id;
  });
  return { message: ORGANISATION_MESSAGES.insuranceCreated, pkid: insuranceID };
}

async function lockedInsurance(
  q: Queryable,
  actor: Actor,
  insuranceID: number,
): Promise<InsuranceFields & { active: boolean }> {
  const [row] = await q.query<InsuranceFields & { insuranceID: number; active: boolean }>(
    `SELECT ${INSURANCE_COLUMNS} FROM insurances i
      WHERE i.insurance_id = $1 AND (i.group_id IS NULL OR i.group_id = ANY($2::bigint[])) FOR UPDATE`,
    [insuranceID, await groupsOfAdmin(q, actor)],
  );
  if (!row) throw new NotFoundError();
  if (row.groupID === null) await requireEveryGroup(q, actor);
  const { insuranceID: _id, ...fields } = row;
  return fields;
}

export async function updateInsurance(
  db: Db,
  actor: Actor,
  input: InsuranceRequest & { insuranceID: number },
): Promise<SavedReply> {
  await db.transaction(async (tx) => {
    const before = await lockedInsurance(tx, actor, input.insuranceID);
    refuseIfAny([
      before.groupID === (input.groupID ?? null)
        ? null
        : "A payer keeps its owner (a client, or every client): patients' coverages name it. Add a new payer instead.",
    ]);
    const insurance = await checkedInsurance(tx, input);
    await refuseDuplicate(tx, insurance, input.insuranceID);
    await tx.query(
      `UPDATE insurances SET name = $2, payer_id = $3, eligibility_payer_id = $4, clearing_house_id = $5, insurance_type = $6,
              address1 = $7, city = $8, state = $9, zip = $10, phone = $11, timely_filing_days = $12, claim_format = $13
        WHERE insurance_id = $1`,
      [input.insuranceID, ...valuesOf(insurance).slice(1)],
    );
    await auditChange(tx, actor, 'insurance.update', { type: 'insurance', id: input.insuranceID }, before, {
      ...insurance,
      active: before.active,
    });
  });
  return { message: ORGANISATION_MESSAGES.insuranceSaved, pkid: input.insuranceID };
}

export async function setInsuranceActive(
  db: Db,
  actor: Actor,
  input: { insuranceID: number; active: boolean },
): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const before = await lockedInsurance(tx, actor, input.insuranceID);
    await tx.query('UPDATE insurances SET active = $2 WHERE insurance_id = $1', [input.insuranceID, input.active]);
    await auditChange(
      tx,
      actor,
      input.active ? 'insurance.activate' : 'insurance.inactivate',
      { type: 'insurance', id: input.insuranceID },
      { active: before.active },
      { active: input.active },
    );
  });
  return { message: toggleMessage(input.active) };
}
