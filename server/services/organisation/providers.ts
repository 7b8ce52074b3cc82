/**
 * Providers: people (NPI starting with 1) and organisations (2) who render, refer or supervise.
 * An e-mail is a provider's own within the group (the spec's duplicate message), and so is an NPI.
 */
import { npiMessage, taxonomyProblem } from '../../../contract/identifierRules.ts';
import { ORGANISATION_MESSAGES, toggleMessage, type SavedReply } from '../../../contract/organisation.ts';
import type { ProviderProfileReply, ProviderRequest, ProviderRow } from '../../../contract/providerAdmin.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { Actor } from '../context.ts';
import { groupsOfAdmin, requireAdminGroup } from './adminGroups.ts';
import { auditChange } from '../audit/auditChange.ts';
import { orNull, refuseIfAny } from './changeAudit.ts';

type ProviderFields = Omit<ProviderRow, 'providerID' | 'groupName' | 'practiceName' | 'name' | 'active'>;

const PROVIDER_COLUMNS = `v.provider_id AS "providerID", v.group_id AS "groupID", v.practice_id AS "practiceID",
  v.provider_type AS "providerType", v.first_name AS "firstName", v.middle_name AS "middleName", v.last_name AS "lastName",
  v.credential, v.npi, v.taxonomy_code AS "taxonomyCode", v.email, v.is_rendering AS "isRendering",
  v.is_referring AS "isReferring", v.is_supervising AS "isSupervising", v.active`;
const PROVIDER_NAME = `CASE WHEN v.provider_type = 'organization' THEN v.last_name
  ELSE v.last_name || ', ' || coalesce(v.first_name, '') || coalesce(' ' || v.credential, '') END`;

async function checkedProvider(q: Queryable, input: ProviderRequest): Promise<ProviderFields> {
  const taxonomy = orNull(input.taxonomyCode);
  const firstName = orNull(input.firstName);
  const practiceID = input.practiceID ?? null;
  const roles = input.isRendering || input.isReferring || input.isSupervising;
  refuseIfAny([
    npiMessage(input.npi, "The provider's NPI", input.providerType),
    taxonomy === null ? null : taxonomyProblem(taxonomy),
    input.providerType === 'individual' && firstName === null ? "The provider's first name is missing." : null,
    roles ? null : 'Mark the provider as rendering, referring or supervising (one at least).',
  ]);
  if (practiceID !== null) {
    const [practice] = await q.query('SELECT 1 FROM practices WHERE practice_id = $1 AND group_id = $2', [
      practiceID,
      input.groupID,
    ]);
    if (!practice) throw new BadRequestError(`Practice ${practiceID} is not a practice of the provider's group.`);
  }
  return {
    groupID: input.groupID,
    practiceID,
    providerType: input.providerType,
    firstName: input.providerType === 'organization' ? null : firstName,
    middleName: input.providerType === 'organization' ? null : orNull(input.middleName),
    lastName: input.lastName.trim(),
    credential: orNull(input.credential),
    npi: input.npi.trim(),
    taxonomyCode: taxonomy?.toUpperCase() ?? null,
    email: orNull(input.email)?.toLowerCase() ?? null,
    isRendering: input.isRendering,
    isReferring: input.isReferring,
    isSupervising: input.isSupervising,
  };
}

async function refuseDuplicates(q: Queryable, provider: ProviderFields, except: number | null): Promise<void> {
  const [sameEmail] =
    provider.email === null
      ? []
      : await q.query(
          'SELECT 1 FROM providers WHERE group_id = $1 AND lower(email) = $2 AND ($3::bigint IS NULL OR provider_id <> $3)',
          [provider.groupID, provider.email, except],
        );
  if (sameEmail) throw new BadRequestError(ORGANISATION_MESSAGES.providerEmailTaken);
  const [sameNpi] = await q.query<{ name: string }>(
    `SELECT ${PROVIDER_NAME} AS name FROM providers v WHERE v.group_id = $1 AND v.npi = $2 AND ($3::bigint IS NULL OR v.provider_id <> $3)`,
    [provider.groupID, provider.npi, except],
  );
  if (sameNpi) throw new BadRequestError(`NPI ${provider.npi} is already the group's provider ${sameNpi.name}.`);
}

export async function listProviders(
  db: Db,
  actor: Actor,
  filter: {
    groupID?: number | undefined;
    practiceID?: number | undefined;
    providerID?: number | undefined;
    name?: string | undefined;
    npi?: string | undefined;
    active?: 'true' | 'false' | undefined;
  },
): Promise<ProviderProfileReply> {
  const providers = await db.query<ProviderRow>(
    `SELECT ${PROVIDER_COLUMNS}, ${PROVIDER_NAME} AS name, g.name AS "groupName", p.name AS "practiceName"
       FROM providers v JOIN groups g ON g.group_id = v.group_id LEFT JOIN practices p ON p.practice_id = v.practice_id
      WHERE v.group_id = ANY($1::bigint[]) AND ($2::bigint IS NULL OR v.group_id = $2) AND ($3::bigint IS NULL OR v.practice_id = $3)
        AND ($4::bigint IS NULL OR v.provider_id = $4)
        AND ($5::text IS NULL OR (coalesce(v.first_name, '') || ' ' || v.last_name) ILIKE '%' || $5 || '%')
        AND ($6::text IS NULL OR v.npi = $6) AND ($7::boolean IS NULL OR v.active = $7)
      ORDER BY v.last_name, v.first_name, v.provider_id`,
    [
      await groupsOfAdmin(db, actor),
      filter.groupID ?? null,
      filter.practiceID ?? null,
      filter.providerID ?? null,
      orNull(filter.name),
      orNull(filter.npi),
      filter.active === undefined ? null : filter.active === 'true',
    ],
  );
  return { providers };
}

export async function providerByID(db: Db, actor: Actor, providerID: number): Promise<{ provider: ProviderRow }> {
  const [provider] = (await listProviders(db, actor, { providerID })).providers;
  if (!provider) throw new NotFoundError();
  return { provider };
}

function valuesOf(provider: ProviderFields): unknown[] {
  return [
    provider.groupID,
    provider.practiceID,
    provider.providerType,
    provider.firstName,
    provider.middleName,
    provider.lastName,
    provider.credential,
    provider.npi,
    provider.taxonomyCode,
    provider.email,
    provider.isRendering,
    provider.isReferring,
    provider.isSupervising,
  ];
}

export async function addProvider(db: Db, actor: Actor, input: ProviderRequest): Promise<SavedReply> {
  const providerID = await db.transaction(async (tx) => {
    await requireAdminGroup(tx, actor, input.groupID);
    const provider = await checkedProvider(tx, input);
    await refuseDuplicates(tx, provider, null);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO providers (group_id, practice_id, provider_type, first_name, middle_name, last_name, credential, npi,
                              taxonomy_code, email, is_rendering, is_referring, is_supervising)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING provider_id AS id`,
      valuesOf(provider),
    );
    const id = Number(row?.id);
    await auditChange(tx, actor, 'provider.add', { type: 'provider', id }, null, { ...provider, active: true });
    return id;
  });
  return { message: ORGANISATION_MESSAGES.providerCreated, pkid: providerID };
}

async function lockedProvider(
  q: Queryable,
  actor: Actor,
  providerID: number,
): Promise<ProviderFields & { active: boolean }> {
  const [row] = await q.query<ProviderFields & { providerID: number; active: boolean }>(
    `SELECT ${PROVIDER_COLUMNS} FROM providers v WHERE v.provider_id = $1 AND v.group_id = ANY($2::bigint[]) FOR UPDATE`,
    [providerID, await groupsOfAdmin(q, actor)],
  );
  if (!row) throw new NotFoundError();
  const { providerID: _id, ...fields } = row;
  return fields;
}

export async function updateProvider(
  db: Db,
  actor: Actor,
  input: ProviderRequest & { providerID: number },
): Promise<SavedReply> {
  await db.transaction(async (tx) => {
    const before = await lockedProvider(tx, actor, input.providerID);
    refuseIfAny([
      before.groupID === input.groupID
        ? null
        : "A provider stays in their group: the group's claims name them. Add them to the other group instead.",
    ]);
    const provider = await checkedProvider(tx, input);
    await refuseDuplicates(tx, provider, input.providerID);
    await tx.query(
      `UPDATE providers SET practice_id = $2, provider_type = $3, first_name = $4, middle_name = $5, last_name = $6,
              credential = $7, npi = $8, taxonomy_code = $9, email = $10, is_rendering = $11, is_referring = $12,
              is_supervising = $13
        WHERE provider_id = $1`,
      [input.providerID, ...valuesOf(provider).slice(1)],
    );
    await auditChange(tx, actor, 'provider.update', { type: 'provider', id: input.providerID }, before, {
      ...provider,
      active: before.active,
    });
  });
  return { message: ORGANISATION_MESSAGES.providerSaved, pkid: input.providerID };
}

export async function setProviderActive(
  db: Db,
  actor: Actor,
  input: { providerID: number; active: boolean },
): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const before = await lockedProvider(tx, actor, input.providerID);
    await tx.query('UPDATE providers SET active = $2 WHERE provider_id = $1', [input.providerID, input.active]);
    await auditChange(
      tx,
      actor,
      input.active ? 'provider.activate' : 'provider.inactivate',
      { type: 'provider', id: input.providerID },
      { active: before.active },
      { active: input.active },
    );
  });
  return { message: toggleMessage(input.active) };
}
