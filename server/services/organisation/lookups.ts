/**
 * The organisation's pick lists: the groups and practices of the user's data role, the active
 * providers a claim may name, and the reference lists of the payer and facility forms.
 */
import { BILL_TYPES, type GroupsReply } from '../../../contract/organisation.ts';
import { EXCLUDED_INSURANCE_TYPES, INSURANCE_TYPES, type PayerIDsReply } from '../../../contract/payerAdmin.ts';
import type { Db, Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import type { Actor } from '../context.ts';
import { groupsOfAdmin } from './adminGroups.ts';

/** Repository/getGroups: the groups the data role names, inactive ones marked. */
export async function groupsOfDataRole(db: Db, actor: Actor): Promise<GroupsReply> {
  const groups = await db.query<GroupsReply['groups'][number]>(
    'SELECT group_id AS "groupID", name, active FROM groups WHERE group_id = ANY($1::bigint[]) ORDER BY name, group_id',
    [await groupsOfAdmin(db, actor)],
  );
  return { groups };
}

/** Repository/getPracticesByMultiGroups: the data role's practices of the groups asked for. */
export async function practicesOfGroups(db: Db, scope: DataScope, groupIDs: string) {
  const groups = groupIDs.split(',').map(Number);
  const practices = await db.query<{ practiceID: number; groupID: number; name: string; active: boolean }>(
    `SELECT practice_id AS "practiceID", group_id AS "groupID", name, active FROM practices
      WHERE practice_id = ANY($1::bigint[]) AND group_id = ANY($2::bigint[]) ORDER BY name, practice_id`,
    [scope.practiceIds, groups],
  );
  return { practices };
}

/** Repository/getActiveProviders: the active providers a new claim may name, of the data role's groups. */
export async function activeProviders(
  db: Db,
  scope: DataScope,
  filter: { groupID?: number | undefined; practiceID?: number | undefined },
) {
  const providers = await db.query<{
    providerID: number;
    groupID: number;
    practiceID: number | null;
    name: string;
    npi: string;
    isRendering: boolean;
    isReferring: boolean;
    isSupervising: boolean;
  }>(
    `SELECT provider_id AS "providerID", group_id AS "groupID", practice_id AS "practiceID",
            CASE WHEN provider_type = 'organization' THEN last_name ELSE last_name || ', ' || coalesce(first_name, '') END AS name,
            npi, is_rendering AS "isRendering", is_referring AS "isReferring", is_supervising AS "isSupervising"
       FROM providers
      WHERE active AND group_id = ANY($1::bigint[]) AND ($2::bigint IS NULL OR group_id = $2)
        AND ($3::bigint IS NULL OR practice_id IS NULL OR practice_id = $3)
      ORDER BY last_name, first_name, provider_id`,
    [scope.groupIds, filter.groupID ?? null, filter.practiceID ?? null],
  );
  return { providers };
}

export function billTypes() {
  return { billTypes: [...BILL_TYPES] };
}

export function insuranceTypes() {
  return {
    insuranceTypes: INSURANCE_TYPES.map((type) => ({
      ...type,
      excluded: EXCLUDED_INSURANCE_TYPES.includes(type.code),
    })),
  };
}

export async function clearingHouses(q: Queryable) {
  const rows = await q.query<{ clearingHouseID: number; name: string }>(
    'SELECT clearing_house_id AS "clearingHouseID", name FROM clearing_houses ORDER BY name',
  );
  return { clearingHouses: rows };
}

/** The payer IDs a clearing house publishes for claims or eligibility, matching `value` (an ID or part of a name). */
export async function payerIDs(
  q: Queryable,
  kind: 'claims' | 'eligibility',
  filter: { value?: string | undefined; clearingHouseID?: number | undefined },
): Promise<PayerIDsReply> {
  const value = filter.value?.trim() ?? '';
  const payers = await q.query<PayerIDsReply['payers'][number]>(
    `SELECT d.payer_id AS "payerID", d.name, d.clearing_house_id AS "clearingHouseID", c.name AS "clearingHouse"
       FROM payer_directory d JOIN clearing_houses c ON c.clearing_house_id = d.clearing_house_id
      WHERE d.kind = $1 AND ($2::int IS NULL OR d.clearing_house_id = $2)
        AND ($3 = '' OR d.payer_id ILIKE $3 || '%' OR d.name ILIKE '%' || $3 || '%')
      ORDER BY d.name, c.name LIMIT 200`,
    [kind, filter.clearingHouseID ?? null, value],
  );
  return { payers };
}

/** Insurance/getEligibilityPayerIDsList: with an insurance and no text, the entries named like that payer. */
export async function eligibilityPayerIDs(
  db: Db,
  actor: Actor,
  filter: { value?: string | undefined; insuranceID?: number | undefined; payerTypeID?: number | undefined },
): Promise<PayerIDsReply> {
  let value = filter.value?.trim() ?? '';
  if (value === '' && filter.insuranceID !== undefined) {
    const [insurance] = await db.query<{ payerID: string }>(
      `SELECT payer_id AS "payerID" FROM insurances
        WHERE insurance_id = $1 AND (group_id IS NULL OR group_id = ANY($2::bigint[]))`,
      [filter.insuranceID, await groupsOfAdmin(db, actor)],
    );
    value = insurance?.payerID ?? '';
  }
  return payerIDs(db, 'eligibility', { value, clearingHouseID: filter.payerTypeID });
}
