/**
 * What the claim form fills its fields from: Repository/getAutoPopulateClaimsData (a new claim of
 * a patient takes the providers, facility, place of service, coverage and diagnoses of their last
 * claim), getLookupDropowns (the fixed lists) and getReferringProvider (a group's referring
 * providers). Patient data is read within the data role.
 */
import type {
  AutoPopulateReply,
  LookupDropdownsReply,
  ReferringProvidersReply,
} from '../../../contract/claimSideCalls.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { PATIENT_PAYMENT_METHODS } from '../../../contract/era.ts';
import { chargeStatusList, claimStatusList } from '../../../contract/lookups.ts';
import { RELATIONSHIPS } from '../../../contract/patientCoverage.ts';
import type { Queryable } from '../../db/types.ts';
import type { DataScope } from '../access/dataScope.ts';
import { patientInScope } from '../patients/patientInfo.ts';

/** The patient's newest claim that is not void; its coverage only while it is still active. */
export async function autoPopulateClaim(q: Queryable, scope: DataScope, patientID: number): Promise<AutoPopulateReply> {
  await patientInScope(q, patientID, scope);
  const [last] = await q.query<Omit<AutoPopulateReply, 'patientID' | 'icds'> & { fromClaimID: number }>(
    `SELECT c.claim_id AS "fromClaimID", c.dos_from AS "fromDos",
            CASE WHEN pi.active THEN c.patient_insurance_id END AS "patientInsuranceID",
            c.provider_id AS "providerID", c.referring_provider_id AS "referringProviderID",
            c.supervising_provider_id AS "supervisingProviderID", c.facility_id AS "facilityID", c.pos_code AS "posCode"
       FROM claims c
       LEFT JOIN patient_insurances pi ON pi.patient_insurance_id = c.patient_insurance_id
      WHERE c.patient_id = $1 AND c.practice_id = ANY($2::bigint[]) AND c.claim_status_id <> $3
      ORDER BY c.dos_from DESC, c.claim_id DESC LIMIT 1`,
    [patientID, scope.practiceIds, CLAIM_STATUS.void],
  );
  if (!last)
    return {
      patientID,
      fromClaimID: null,
      fromDos: null,
      patientInsuranceID: null,
      providerID: null,
      referringProviderID: null,
      supervisingProviderID: null,
      facilityID: null,
      posCode: null,
      icds: [],
    };
  const icds = await q.query<{ code: string }>(
    'SELECT icd_code AS code FROM claim_diagnoses WHERE claim_id = $1 ORDER BY sequence',
    [last.fromClaimID],
  );
  return { patientID, ...last, icds: icds.map((row) => row.code) };
}

const FREQUENCIES = [
  { value: '1', label: '1 Original claim' },
  { value: '7', label: '7 Replacement of a prior claim' },
  { value: '8', label: '8 Void of a prior claim' },
];
const ADJUSTMENT_GROUPS = [
  { value: 'CO', label: 'CO Contractual obligation' },
  { value: 'PR', label: 'PR Patient responsibility' },
  { value: 'OA', label: 'OA Other adjustment' },
  { value: 'PI', label: 'PI Payer initiated reduction' },
  { value: 'CR', label: 'CR Correction or reversal' },
];
const METHOD_LABELS: Readonly<Record<(typeof PATIENT_PAYMENT_METHODS)[number], string>> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  ach: 'ACH',
};

export async function lookupDropdowns(q: Queryable): Promise<LookupDropdownsReply> {
  const places = await q.query<{ value: string; label: string }>(
    `SELECT code AS value, code || ' ' || name AS label FROM place_of_service ORDER BY code`,
  );
  return {
    placesOfService: places,
    frequencyCodes: FREQUENCIES,
    relationships: RELATIONSHIPS.map((relationship) => ({ value: relationship.code, label: relationship.label })),
    claimStatuses: claimStatusList().map((status) => ({ value: String(status.id), label: status.label })),
    chargeStatuses: chargeStatusList(),
    paymentMethods: PATIENT_PAYMENT_METHODS.map((method) => ({ value: method, label: METHOD_LABELS[method] })),
    adjustmentGroups: ADJUSTMENT_GROUPS,
  };
}

/** A group of the data role's active referring providers; another group's answers an empty list. */
export async function referringProviders(
  q: Queryable,
  scope: DataScope,
  groupID: number,
): Promise<ReferringProvidersReply> {
  if (!scope.groupIds.includes(groupID)) return { providers: [] };
  const providers = await q.query<ReferringProvidersReply['providers'][number]>(
    `SELECT provider_id AS "providerID", concat_ws(', ', last_name, first_name) AS name, npi
       FROM providers WHERE group_id = $1 AND active AND is_referring
      ORDER BY last_name, first_name, provider_id`,
    [groupID],
  );
  return { providers };
}
