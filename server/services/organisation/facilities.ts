/**
 * Facilities: where care is given (the service location of a claim), with its place of service
 * and, for institutional claims, its type of bill. A service address must be a street.
 */
import { addressProblems, normalZip } from '../../../contract/addressRules.ts';
import { npiMessage } from '../../../contract/identifierRules.ts';
import {
  BILL_TYPES,
  ORGANISATION_MESSAGES,
  toggleMessage,
  type FacilitiesProfileReply,
  type FacilityRequest,
  type FacilityRow,
  type SavedReply,
} from '../../../contract/organisation.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { Actor } from '../context.ts';
import { groupsOfAdmin } from './adminGroups.ts';
import { auditChange } from '../audit/auditChange.ts';
import { orNull, refuseIfAny } from './changeAudit.ts';

type FacilityFields = Omit<FacilityRow, 'facilityID' | 'practiceName' | 'posName' | 'active'>;

const FACILITY_COLUMNS = `f.facility_id AS "facilityID", f.group_id AS "groupID", f.practice_id AS "practiceID", f.name, f.npi,
  f.pos_code AS "posCode", f.bill_type AS "billType", f.address1, f.address2, f.city, f.state, f.zip, f.phone, f.active`;

function billTypeProblem(billType: string | null): string | null {
  if (billType === null) return null;
  const code = billType.replace(/^0(?=\d{3}$)/, '');
  if (BILL_TYPES.some((type) => type.code === code)) return null;
  return `The type of bill "${billType}" is not one of the list (e.g. 131 hospital outpatient, 831 ambulatory surgery center).`;
}

async function checkedFacility(q: Queryable, actor: Actor, input: FacilityRequest): Promise<FacilityFields> {
  const [practice] = await q.query<{ groupID: number }>(
    'SELECT group_id AS "groupID" FROM practices WHERE practice_id = $1 AND group_id = ANY($2::bigint[])',
    [input.practiceID, await groupsOfAdmin(q, actor)],
  );
  if (!practice) throw new BadRequestError(`There is no practice ${input.practiceID} in your groups.`);
  const [pos] = await q.query('SELECT 1 FROM place_of_service WHERE code = $1', [input.posCode.trim()]);
  const npi = orNull(input.npi);
  const billType = orNull(input.billType);
  const address = {
    address1: input.address1.trim(),
    address2: orNull(input.address2),
    city: input.city.trim(),
    state: input.state.trim().toUpperCase(),
    zip: input.zip.trim(),
  };
  refuseIfAny([
    pos
      ? null
      : `Place of service "${input.posCode}" is not in the code list (e.g. 11 office, 22 outpatient hospital).`,
    npi === null ? null : npiMessage(npi, "The facility's NPI", 'organization'),
    billTypeProblem(billType),
    addressProblems(address, 'service', 'Facility address'),
  ]);
  return {
    groupID: Number(practice.groupID),
    practiceID: input.practiceID,
    name: input.name.trim(),
    npi,
    posCode: input.posCode.trim(),
    billType: billType?.replace(/^0(?=\d{3}$)/, '') ?? null,
    ...address,
    zip: normalZip(address.zip),
    phone: orNull(input.phone),
  };
}

async function refuseDuplicateName(q: Queryable, facility: FacilityFields, except: number | null): Promise<void> {
  const [taken] = await q.query(
    `SELECT 1 FROM facilities WHERE practice_id = $1 AND lower(name) = lower($2) AND ($3::bigint IS NULL OR facility_id <> $3)`,
    [facility.practiceID, facility.name, except],
  );
  refuseIfAny([taken ? `The practice already has a facility named "${facility.name}".` : null]);
}

export async function listFacilities(
  db: Db,
  actor: Actor,
  filter: {
    groupID?: number | undefined;
    practiceID?: number | undefined;
    facilityID?: number | undefined;
    name?: string | undefined;
    active?: 'true' | 'false' | undefined;
  },
): Promise<FacilitiesProfileReply> {
  const facilities = await db.query<FacilityRow>(
    `SELECT ${FACILITY_COLUMNS}, p.name AS "practiceName", pos.name AS "posName"
       FROM facilities f JOIN practices p ON p.practice_id = f.practice_id
       LEFT JOIN place_of_service pos ON pos.code = f.pos_code
      WHERE f.group_id = ANY($1::bigint[]) AND ($2::bigint IS NULL OR f.group_id = $2) AND ($3::bigint IS NULL OR f.practice_id = $3)
        AND ($4::bigint IS NULL OR f.facility_id = $4) AND ($5::text IS NULL OR f.name ILIKE '%' || $5 || '%')
        AND ($6::boolean IS NULL OR f.active = $6)
      ORDER BY p.name, f.name, f.facility_id`,
    [
      await groupsOfAdmin(db, actor),
      filter.groupID ?? null,
      filter.practiceID ?? null,
      filter.facilityID ?? null,
      orNull(filter.name),
      filter.active === undefined ? null : filter.active === 'true',
    ],
  );
  return { facilities };
}

function valuesOf(facility: FacilityFields): unknown[] {
  return [
    facility.groupID,
    facility.practiceID,
    facility.name,
    facility.npi,
    facility.posCode,
    facility.billType,
    facility.address1,
    facility.address2,
    facility.city,
    facility.state,
    facility.zip,
    facility.phone,
  ];
}

export async function addFacility(db: Db, actor: Actor, input: FacilityRequest): Promise<SavedReply> {
  const facilityID = await db.transaction(async (tx) => {
    const facility = await checkedFacility(tx, actor, input);
    await refuseDuplicateName(tx, facility, null);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO facilities (group_id, practice_id, name, npi, pos_code, bill_type, address1, address2, city, state, zip, phone)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING facility_id AS id`,
      valuesOf(facility),
    );
    const id = Number(row?.id);
    await auditChange(tx, actor, 'facility.add', { type: 'facility', id }, null, { ...facility, active: true });
    return id;
  });
  return { message: ORGANISATION_MESSAGES.facilityCreated, pkid: facilityID };
}

async function lockedFacility(
  q: Queryable,
  actor: Actor,
  facilityID: number,
): Promise<FacilityFields & { active: boolean }> {
  const [row] = await q.query<FacilityFields & { facilityID: number; active: boolean }>(
    `SELECT ${FACILITY_COLUMNS} FROM facilities f WHERE f.facility_id = $1 AND f.group_id = ANY($2::bigint[]) FOR UPDATE`,
    [facilityID, await groupsOfAdmin(q, actor)],
  );
  if (!row) throw new NotFoundError();
  const { facilityID: _id, ...fields } = row;
  return fields;
}

export async function updateFacility(
  db: Db,
  actor: Actor,
  input: FacilityRequest & { facilityID: number },
): Promise<SavedReply> {
  await db.transaction(async (tx) => {
    const before = await lockedFacility(tx, actor, input.facilityID);
    const facility = await checkedFacility(tx, actor, input);
    refuseIfAny([
      before.practiceID === facility.practiceID
        ? null
        : 'A facility stays with its practice: its claims were billed under it. Inactivate it and add one to the other practice.',
    ]);
    await refuseDuplicateName(tx, facility, input.facilityID);
    await tx.query(
      `UPDATE facilities SET name = $2, npi = $3, pos_code = $4, bill_type = $5, address1 = $6, address2 = $7, city = $8,
              state = $9, zip = $10, phone = $11
        WHERE facility_id = $1`,
      [input.facilityID, ...valuesOf(facility).slice(2)],
    );
    await auditChange(tx, actor, 'facility.update', { type: 'facility', id: input.facilityID }, before, {
      ...facility,
      active: before.active,
    });
  });
  return { message: ORGANISATION_MESSAGES.facilitySaved, pkid: input.facilityID };
}

export async function setFacilityActive(
  db: Db,
  actor: Actor,
  input: { facilityID: number; active: boolean },
): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const before = await lockedFacility(tx, actor, input.facilityID);
    await tx.query('UPDATE facilities SET active = $2 WHERE facility_id = $1', [input.facilityID, input.active]);
    await auditChange(
      tx,
      actor,
      input.active ? 'facility.activate' : 'facility.inactivate',
      { type: 'facility', id: input.facilityID },
      { active: before.active },
      { active: input.active },
    );
  });
  return { message: toggleMessage(input.active) };
}
