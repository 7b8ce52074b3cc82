/**
 * The payers a patient's coverage may name: the active insurances of the patient's group and the
 * billing company's shared ones (no group).
 */
import { PRIORITIES, RELATIONSHIPS, type InsuranceInfoReply, type Payer } from '../../../contract/patientCoverage.ts';
import type { PayersByTypeReply, PayersReply } from '../../../contract/patientCoverage.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import type { DataScope } from '../access/dataScope.ts';
import { patientInScope } from './patientInScope.ts';

const PAYER_COLUMNS = `i.insurance_id AS "insuranceID", i.name, i.payer_id AS "payerID", i.insurance_type AS "insuranceType",
  i.address1, i.city, i.state, i.zip, i.phone`;
const PAYERS_SHOWN = 200;

/** The payer named by a coverage, if the patient's group may bill it. */
export async function payerOfGroup(
  q: Queryable,
  groupID: number,
  insuranceID: number,
): Promise<{ name: string; insuranceType: string } | null> {
  const [payer] = await q.query<{ name: string; insuranceType: string }>(
    `SELECT name, insurance_type AS "insuranceType" FROM insurances
      WHERE insurance_id = $1 AND active AND (group_id IS NULL OR group_id = $2)`,
    [insuranceID, groupID],
  );
  return payer ?? null;
}

/** Patient/getInsuranceData: payers to pick from, by name or payer ID when searched. */
export async function payersForPatient(
  q: Queryable,
  scope: DataScope,
  query: { patientID: number; searchValue?: string | undefined },
): Promise<PayersReply> {
  const { groupID } = await patientInScope(q, scope, query.patientID);
  const typed = (query.searchValue ?? '').toLowerCase().replace(/[%_\\]/g, '');
  const payers = await q.query<Payer>(
    `SELECT ${PAYER_COLUMNS} FROM insurances i
      WHERE i.active AND (i.group_id IS NULL OR i.group_id = $1)
        AND ($2 = '' OR lower(i.name) LIKE '%' || $2 || '%' OR lower(i.payer_id) LIKE $2 || '%')
      ORDER BY i.name, i.insurance_id LIMIT ${PAYERS_SHOWN}`,
    [groupID, typed],
  );
  return { payers };
}

/** Patient/getInsurancesWithTypes: the same payers, grouped by insurance type. */
export async function payersByType(q: Queryable, scope: DataScope, patientID: number): Promise<PayersByTypeReply> {
  const { payers } = await payersForPatient(q, scope, { patientID });
  const types = new Map<string, Payer[]>();
  for (const payer of payers) types.set(payer.insuranceType, [...(types.get(payer.insuranceType) ?? []), payer]);
  return {
    types: [...types.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([insuranceType, list]) => ({ insuranceType, payers: list })),
  };
}

/** Patient/getInsuranceByID: one payer the data role's groups may bill. */
export async function payerByID(q: Queryable, scope: DataScope, insuranceID: number): Promise<{ payer: Payer }> {
  const [payer] = await q.query<Payer>(
    `SELECT ${PAYER_COLUMNS} FROM insurances i WHERE i.insurance_id = $1 AND (i.group_id IS NULL OR i.group_id = ANY($2::bigint[]))`,
    [insuranceID, scope.groupIds],
  );
  if (!payer) throw new NotFoundError();
  return { payer };
}

/** Repository/getInsuranceInfo: the coverage form's fixed lists. */
export function insuranceInfo(_db: unknown): Promise<InsuranceInfoReply> {
  return Promise.resolve({
    priorities: PRIORITIES.map((row) => ({ ...row })),
    relationships: RELATIONSHIPS.map((row) => ({ ...row })),
  });
}
