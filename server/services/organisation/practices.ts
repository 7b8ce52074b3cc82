/**
 * Practices: the billing provider of a claim (name, billing NPI, tax ID, taxonomy, billing address
 * that must be a street, and a pay-to address that may be a PO box). Only practices of the
 * administrator's groups are listed or changed.
 */
import { addressProblems, normalZip } from '../../../contract/addressRules.ts';
import { normalTaxId, npiMessage, taxIdProblem, taxonomyProblem } from '../../../contract/identifierRules.ts';
import {
  ORGANISATION_MESSAGES,
  toggleMessage,
  type PracticeProfileReply,
  type PracticeRequest,
  type PracticeRow,
  type SavedReply,
} from '../../../contract/organisation.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { Actor } from '../context.ts';
import { groupsOfAdmin, requireAdminGroup } from './adminGroups.ts';
import { auditChange } from '../audit/auditChange.ts';
import { orNull, refuseIfAny } from './changeAudit.ts';

type PracticeFields = Omit<PracticeRow, 'practiceID' | 'groupName' | 'active' | 'facilities'>;

const PRACTICE_COLUMNS = `p.practice_id AS "practiceID", p.group_id AS "groupID", p.name, p.npi, p.tax_id AS "taxID",
  p.taxonomy_code AS "taxonomyCode", p.address1, p.address2, p.city, p.state, p.zip, p.phone,
  p.pay_to_address1 AS "payToAddress1", p.pay_to_address2 AS "payToAddress2", p.pay_to_city AS "payToCity",
  p.pay_to_state AS "payToState", p.pay_to_zip AS "payToZip", p.active`;

function checkedPractice(input: PracticeRequest): PracticeFields {
  const billing = {
    address1: input.address1.trim(),
    address2: orNull(input.address2),
    city: input.city.trim(),
    state: input.state.trim().toUpperCase(),
    zip: input.zip.trim(),
  };
  const payToGiven = [input.payToAddress1, input.payToCity, input.payToState, input.payToZip].some(
    (part) => orNull(part) !== null,
  );
  const payTo = {
    address1: orNull(input.payToAddress1) ?? '',
    address2: orNull(input.payToAddress2),
    city: orNull(input.payToCity) ?? '',
    state: (orNull(input.payToState) ?? '').toUpperCase(),
    zip: orNull(input.payToZip) ?? '',
  };
  const taxonomy = orNull(input.taxonomyCode);
  refuseIfAny([
    npiMessage(input.npi, 'The billing NPI'),
    taxIdProblem(input.taxID),
    taxonomy === null ? null : taxonomyProblem(taxonomy),
    addressProblems(billing, 'billing', 'Billing address'),
    payToGiven ? addressProblems(payTo, 'payTo', 'Pay-to address') : null,
  ]);
  return {
    groupID: input.groupID,
    name: input.name.trim(),
    npi: input.npi.trim(),
    taxID: normalTaxId(input.taxID),
    taxonomyCode: taxonomy?.toUpperCase() ?? null,
    ...billing,
    zip: normalZip(billing.zip),
    phone: orNull(input.phone),
    payToAddress1: payToGiven ? payTo.address1 : null,
    payToAddress2: payToGiven ? payTo.address2 : null,
    payToCity: payToGiven ? payTo.city : null,
    payToState: payToGiven ? payTo.state : null,
    payToZip: payToGiven ? normalZip(payTo.zip) : null,
  };
}

async function refuseDuplicateName(q: Queryable, practice: PracticeFields, except: number | null): Promise<void> {
  const [taken] = await q.query(
    `SELECT 1 FROM practices WHERE group_id = $1 AND lower(name) = lower($2) AND ($3::bigint IS NULL OR practice_id <> $3)`,
    [practice.groupID, practice.name, except],
  );
  refuseIfAny([taken ? `The group already has a practice named "${practice.name}".` : null]);
}

export async function listPractices(
  db: Db,
  actor: Actor,
  filter: {
    name?: string | undefined;
    groupID?: number | undefined;
    active?: 'true' | 'false' | undefined;
    practiceID?: number | undefined;
  },
): Promise<PracticeProfileReply> {
  const practices = await db.query<PracticeRow>(
    `SELECT ${PRACTICE_COLUMNS}, g.name AS "groupName",
            (SELECT count(*)::int FROM facilities f WHERE f.practice_id = p.practice_id) AS facilities
       FROM practices p JOIN groups g ON g.group_id = p.group_id
      WHERE p.group_id = ANY($1::bigint[]) AND ($2::bigint IS NULL OR p.group_id = $2) AND ($3::bigint IS NULL OR p.practice_id = $3)
        AND ($4::text IS NULL OR p.name ILIKE '%' || $4 || '%') AND ($5::boolean IS NULL OR p.active = $5)
      ORDER BY g.name, p.name, p.practice_id`,
    [
      await groupsOfAdmin(db, actor),
      filter.groupID ?? null,
      filter.practiceID ?? null,
      orNull(filter.name),
      filter.active === undefined ? null : filter.active === 'true',
    ],
  );
  return { practices };
}

export async function addPractice(db: Db, actor: Actor, input: PracticeRequest): Promise<SavedReply> {
  const practice = checkedPractice(input);
  const practiceID = await db.transaction(async (tx) => {
    await requireAdminGroup(tx, actor, practice.groupID);
    await refuseDuplicateName(tx, practice, null);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO practices (group_id, name, npi, tax_id, taxonomy_code, address1, address2, city, state, zip, phone,
                              pay_to_address1, pay_to_address2, pay_to_city, pay_to_state, pay_to_zip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING practice_id AS id`,
      valuesOf(practice),
    );
    const id = Number(row?.id);
    await auditChange(tx, actor, 'practice.add', { type: 'practice', id }, null, { ...practice, active: true });
    return id;
  });
  return { message: ORGANISATION_MESSAGES.practiceCreated, pkid: practiceID };
}

function valuesOf(practice: PracticeFields): unknown[] {
  return [
    practice.groupID,
    practice.name,
    practice.npi,
    practice.taxID,
    practice.taxonomyCode,
    practice.address1,
    practice.address2,
    practice.city,
    practice.state,
    practice.zip,
    practice.phone,
    practice.payToAddress1,
    practice.payToAddress2,
    practice.payToCity,
    practice.payToState,
    practice.payToZip,
  ];
}

/** The practice, locked for the change, if the administrator's groups hold it. */
async function lockedPractice(
  q: Queryable,
  actor: Actor,
  practiceID: number,
): Promise<PracticeFields & { active: boolean }> {
  const [row] = await q.query<PracticeFields & { practiceID: number; active: boolean }>(
    `SELECT ${PRACTICE_COLUMNS} FROM practices p WHERE p.practice_id = $1 AND p.group_id = ANY($2::bigint[]) FOR UPDATE`,
    [practiceID, await groupsOfAdmin(q, actor)],
  );
  if (!row) throw new NotFoundError();
  const { practiceID: _id, ...fields } = row;
  return fields;
}

export async function updatePractice(
  db: Db,
  actor: Actor,
  input: PracticeRequest & { practiceID: number },
): Promise<SavedReply> {
  const practice = checkedPractice(input);
  await db.transaction(async (tx) => {
    const before = await lockedPractice(tx, actor, input.practiceID);
    refuseIfAny([
      before.groupID === practice.groupID
        ? null
        : 'A practice stays in its group: its claims, patients and payments are billed under that group.',
    ]);
    await refuseDuplicateName(tx, practice, input.practiceID);
    await tx.query(
      `UPDATE practices SET name = $2, npi = $3, tax_id = $4, taxonomy_code = $5, address1 = $6, address2 = $7, city = $8,
              state = $9, zip = $10, phone = $11, pay_to_address1 = $12, pay_to_address2 = $13, pay_to_city = $14,
              pay_to_state = $15, pay_to_zip = $16
        WHERE practice_id = $1`,
      [input.practiceID, ...valuesOf(practice).slice(1)],
    );
    await auditChange(tx, actor, 'practice.update', { type: 'practice', id: input.practiceID }, before, {
      ...practice,
      active: before.active,
    });
  });
  return { message: ORGANISATION_MESSAGES.practiceSaved, pkid: input.practiceID };
}

export async function setPracticeActive(
  db: Db,
  actor: Actor,
  input: { practiceID: number; active: boolean },
): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const before = await lockedPractice(tx, actor, input.practiceID);
    await tx.query('UPDATE practices SET active = $2 WHERE practice_id = $1', [input.practiceID, input.active]);
    await auditChange(
      tx,
      actor,
      input.active ? 'practice.activate' : 'practice.inactivate',
      { type: 'practice', id: input.practiceID },
      { active: before.active },
      { active: input.active },
    );
  });
  return { message: toggleMessage(input.active, 'practice') };
}
