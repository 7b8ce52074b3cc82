/**
 * Groups (the billing company's clients): list, add, change, activate. A new group joins the data
 * role of the administrator who adds it, so they see it at once; every change is audited with its
 * before and after values in its own transaction.
 */
import { addressProblems, normalZip } from '../../../contract/addressRules.ts';
import { normalTaxId, taxIdProblem } from '../../../contract/identifierRules.ts';
import {
  ORGANISATION_MESSAGES,
  toggleMessage,
  type GroupProfileReply,
  type GroupRequest,
  type GroupRow,
  type SavedReply,
} from '../../../contract/organisation.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { Actor } from '../context.ts';
import { groupsOfAdmin, requireAdminGroup } from './adminGroups.ts';
import { brandingOfGroups } from './branding.ts';
import { auditChange } from '../audit/auditChange.ts';
import { orNull, refuseIfAny } from './changeAudit.ts';

type GroupFields = Omit<GroupRow, 'groupID' | 'active' | 'practices' | 'branding'>;

const GROUP_COLUMNS = `g.group_id AS "groupID", g.name, g.tax_id AS "taxID", g.address1, g.city, g.state, g.zip, g.phone, g.email, g.active`;

/** The fields as stored, or a refusal naming every problem. */
function checkedGroup(input: GroupRequest): GroupFields {
  const hasAddress = [input.address1, input.city, input.state, input.zip].some((part) => orNull(part) !== null);
  const address = {
    address1: orNull(input.address1) ?? '',
    city: orNull(input.city) ?? '',
    state: (orNull(input.state) ?? '').toUpperCase(),
    zip: orNull(input.zip) ?? '',
  };
  refuseIfAny([taxIdProblem(input.taxID), hasAddress ? addressProblems(address, 'mailing', 'Group address') : null]);
  return {
    name: input.name.trim(),
    taxID: normalTaxId(input.taxID),
    address1: hasAddress ? address.address1 : null,
    city: hasAddress ? address.city : null,
    state: hasAddress ? address.state : null,
    zip: hasAddress ? normalZip(address.zip) : null,
    phone: orNull(input.phone),
    email: orNull(input.email),
  };
}

async function refuseDuplicateName(q: Queryable, name: string, except: number | null): Promise<void> {
  const [taken] = await q.query(
    'SELECT 1 FROM groups WHERE lower(name) = lower($1) AND ($2::bigint IS NULL OR group_id <> $2)',
    [name, except],
  );
  refuseIfAny([taken ? `A group named "${name}" already exists.` : null]);
}

export async function listGroups(
  db: Db,
  actor: Actor,
  filter: { groupID?: number | undefined; name?: string | undefined; active?: 'true' | 'false' | undefined },
): Promise<GroupProfileReply> {
  const groupIds = await groupsOfAdmin(db, actor);
  const rows = await db.query<Omit<GroupRow, 'branding'>>(
    `SELECT ${GROUP_COLUMNS}, (SELECT count(*)::int FROM practices p WHERE p.group_id = g.group_id) AS practices
       FROM groups g
      WHERE g.group_id = ANY($1::bigint[]) AND ($2::bigint IS NULL OR g.group_id = $2)
        AND ($3::text IS NULL OR g.name ILIKE '%' || $3 || '%') AND ($4::boolean IS NULL OR g.active = $4)
      ORDER BY g.name, g.group_id`,
    [
      groupIds,
      filter.groupID ?? null,
      orNull(filter.name),
      filter.active === undefined ? null : filter.active === 'true',
    ],
  );
  const branding = await brandingOfGroups(
    db,
    rows.map((row) => row.groupID),
  );
  return { groups: rows.map((row) => ({ ...row, branding: branding.get(row.groupID) ?? null })) };
}

export async function addGroup(db: Db, actor: Actor, input: GroupRequest): Promise<SavedReply> {
  const group = checkedGroup(input);
  const groupID = await db.transaction(async (tx) => {
    await refuseDuplicateName(tx, group.name, null);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO groups (name, tax_id, address1, city, state, zip, phone, email)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING group_id AS id`,
      [group.name, group.taxID, group.address1, group.city, group.state, group.zip, group.phone, group.email],
    );
    const id = Number(row?.id);
    // The administrator's data role names the new group, or they could not see what they just made.
    await tx.query('INSERT INTO data_role_groups (data_role_id, group_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      actor.dataRoleId,
      id,
    ]);
    await auditChange(tx, actor, 'group.add', { type: 'group', id }, null, { ...group, active: true });
    return id;
  });
  return { message: ORGANISATION_MESSAGES.groupCreated, pkid: groupID };
}

async function lockedGroup(q: Queryable, groupID: number): Promise<GroupFields & { active: boolean }> {
  const [row] = await q.query<GroupFields & { groupID: number; active: boolean }>(
    `SELECT ${GROUP_COLUMNS} FROM groups g WHERE g.group_id = $1 FOR UPDATE`,
    [groupID],
  );
  if (!row) throw new NotFoundError();
  const { groupID: _id, ...fields } = row;
  return fields;
}

export async function updateGroup(
  db: Db,
  actor: Actor,
  input: GroupRequest & { groupID: number },
): Promise<SavedReply> {
  const group = checkedGroup(input);
  await db.transaction(async (tx) => {
    await requireAdminGroup(tx, actor, input.groupID);
    const before = await lockedGroup(tx, input.groupID);
    await refuseDuplicateName(tx, group.name, input.groupID);
    await tx.query(
      `UPDATE groups SET name = $2, tax_id = $3, address1 = $4, city = $5, state = $6, zip = $7, phone = $8, email = $9
        WHERE group_id = $1`,
      [
        input.groupID,
        group.name,
        group.taxID,
        group.address1,
        group.city,
        group.state,
        group.zip,
        group.phone,
        group.email,
      ],
    );
    await auditChange(tx, actor, 'group.update', { type: 'group', id: input.groupID }, before, {
      ...group,
      active: before.active,
    });
  });
  return { message: ORGANISATION_MESSAGES.groupSaved, pkid: input.groupID };
}

export async function setGroupActive(
  db: Db,
  actor: Actor,
  input: { groupID: number; active: boolean },
): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    await requireAdminGroup(tx, actor, input.groupID);
    const before = await lockedGroup(tx, input.groupID);
    await tx.query('UPDATE groups SET active = $2 WHERE group_id = $1', [input.groupID, input.active]);
    await auditChange(
      tx,
      actor,
      input.active ? 'group.activate' : 'group.inactivate',
      { type: 'group', id: input.groupID },
      { active: before.active },
      { active: input.active },
    );
  });
  return { message: toggleMessage(input.active) };
}
