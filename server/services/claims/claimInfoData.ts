/**
 * Claims/getClaimInfoData: the claim as the claim form and the expanded view read it: every claim
 * info field with the names beside the ids, the diagnoses with their text, and every line column
 * (modifiers, NDC, revenue code, rendering provider, line control number). Limited to the data
 * role; the read is audited like the detail screen's.
 */
import type { ClaimInfo, ClaimInfoLine, ClaimInfoReply } from '../../../contract/claimForm.ts';
import { NotFoundError } from '../../errors.ts';
import { fiscalYearOf } from '../../reference/fiscalYear.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { settledClaimReason } from './claimEditing.ts';
import { readInstitutionalInfo } from './institutionalDetails.ts';

const person = (alias: string) =>
  `CASE WHEN ${alias}.provider_id IS NULL THEN NULL ELSE concat_ws(', ', ${alias}.last_name, ${alias}.first_name) END`;

export async function getClaimInfo(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  claimID: number,
): Promise<ClaimInfoReply> {
  const [claim] = await q.query<ClaimInfo & { submitStatusID: number }>(
    `SELECT c.claim_id AS "claimID", c.claim_type AS "claimType", c.claim_status_id::int AS "claimStatusID", cs.name AS "claimStatus",
            ss.name AS "scrubStatus", su.name AS "submitStatus", c.submit_status_id::int AS "submitStatusID",
            c.patient_id AS "patientID", concat_ws(', ', pt.last_name, concat_ws(' ', pt.first_name, pt.middle_name)) AS "patientName",
            pt.account_number AS "accountNumber", pt.date_of_birth AS "dateOfBirth",
            c.patient_insurance_id AS "patientInsuranceID", c.insurance_id AS "insuranceID", ins.name AS "payerName",
            pi.subscriber_id AS "subscriberID", pi.subscriber_relation AS "subscriberRelation",
            c.group_id AS "groupID", g.name AS "groupName", c.practice_id AS "practiceID", pr.name AS "practiceName",
            c.facility_id AS "facilityID", f.name AS "facilityName", c.pos_code AS "posCode", pos.name AS "posName",
            c.provider_id AS "providerID", ${person('pv')} AS "providerName", pv.npi AS "providerNpi",
            c.referring_provider_id AS "referringProviderID", ${person('rp')} AS "referringProviderName",
            c.supervising_provider_id AS "supervisingProviderID", ${person('sp')} AS "supervisingProviderName",
            c.dos_from AS "dosFrom", c.dos_to AS "dosTo", c.frequency_code AS "frequencyCode", c.original_claim_number AS "originalClaimNumber",
            c.prior_authorization_number AS "priorAuthorizationNumber", c.referral_number AS "referralNumber",
            CASE WHEN u.user_id IS NULL THEN NULL ELSE concat_ws(' ', u.first_name, u.last_name) END AS "assignedUserName",
            c.charge_batch_id AS "chargeBatchID", cb.batch_number AS "chargeBatchNumber", CASE WHEN cb.charge_batch_id IS NULL THEN NULL ELSE cb.status = 'open' END AS "chargeBatchOpen",
            (SELECT coalesce(sum(x.charge_cents), 0) FROM charges x WHERE x.claim_id = c.claim_id AND x.charge_status NOT IN ('void', 'deleted'))::bigint AS "totalCharges",
            c.balance_cents AS "balance"
       FROM claims c
       JOIN patients pt ON pt.patient_id = c.patient_id
       JOIN groups g ON g.group_id = c.group_id
       JOIN practices pr ON pr.practice_id = c.practice_id
       JOIN providers pv ON pv.provider_id = c.provider_id
       LEFT JOIN providers rp ON rp.provider_id = c.referring_provider_id
       LEFT JOIN providers sp ON sp.provider_id = c.supervising_provider_id
       LEFT JOIN facilities f ON f.facility_id = c.facility_id
       LEFT JOIN place_of_service pos ON pos.code = c.pos_code
       LEFT JOIN insurances ins ON ins.insurance_id = c.insurance_id
       LEFT JOIN patient_insurances pi ON pi.patient_insurance_id = c.patient_insurance_id
       LEFT JOIN users u ON u.user_id = c.assigned_user_id
       LEFT JOIN charge_batches cb ON cb.charge_batch_id = c.charge_batch_id
       JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id
       JOIN scrub_statuses ss ON ss.scrub_status_id = c.scrub_status_id
       JOIN submit_statuses su ON su.submit_status_id = c.submit_status_id
      WHERE c.claim_id = $1 AND c.practice_id = ANY($2::bigint[])`,
    [claimID, scope.practiceIds],
  );
  if (!claim) throw new NotFoundError();
  const [diagnoses, lines] = await Promise.all([
    q.query<ClaimInfoReply['diagnoses'][number]>(
      `SELECT d.sequence::int AS "sequence", d.icd_code AS "code", icd.short_description AS "description"
         FROM claim_diagnoses d LEFT JOIN icd_codes icd ON icd.code = d.icd_code AND icd.fiscal_year = $2
        WHERE d.claim_id = $1 ORDER BY d.sequence`,
      [claimID, fiscalYearOf(claim.dosFrom)],
    ),
    q.query<Omit<ClaimInfoLine, 'modifiers'> & { modifiers: (string | null)[] }>(
      `SELECT ch.charge_id AS "chargeID", ch.line_number::int AS "lineNumber", ch.charge_status AS "status", ch.cpt_code AS "cptCode",
              ARRAY[ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4] AS "modifiers", ch.units, ch.charge_cents AS "chargeCents",
              ch.balance_cents AS "balanceCents", ch.diagnosis_pointers::int[] AS "diagnosisPointers", ch.dos_from AS "dosFrom", ch.dos_to AS "dosTo",
              ch.pos_code AS "posCode", ch.ndc_code AS "ndcCode", ch.ndc_units::float8 AS "ndcUnits", ch.ndc_unit_type AS "ndcUnitType",
              ch.revenue_code AS "revenueCode", ${person('rv')} AS "renderingProviderName", ch.line_control_number AS "lineControlNumber",
              ch.non_covered_cents AS "nonCoveredCents",
              EXISTS (SELECT 1 FROM ledger_entries l WHERE l.charge_id = ch.charge_id AND l.entry_type <> 'charge' AND l.amount_cents <> 0) AS "hasPostings"
         FROM charges ch LEFT JOIN providers rv ON rv.provider_id = ch.rendering_provider_id
        WHERE ch.claim_id = $1 AND ch.charge_status <> 'deleted'
        ORDER BY ch.line_number, ch.charge_id`,
      [claimID],
    ),
  ]);
  const institutional = claim.claimType === 'institutional' ? await readInstitutionalInfo(q, claimID) : null;
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'claims.info',
    recordType: 'claim',
    recordId: claimID,
    source: actor.source,
    ip: actor.ip,
  });
  const { submitStatusID, ...info } = claim;
  return {
    claim: info,
    diagnoses,
    lines: lines.map((line) => ({
      ...line,
      modifiers: line.modifiers.filter((modifier): modifier is string => modifier !== null && modifier !== ''),
    })),
    readOnlyReason: settledClaimReason({ claimID, claimStatusID: claim.claimStatusID, submitStatusID }),
    institutional,
  };
}
