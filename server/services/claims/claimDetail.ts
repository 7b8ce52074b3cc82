import type { ChargeLine, ClaimDetailReply, ClaimDiagnosis, ClaimHeader } from '../../../contract/claimDetail.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import { fiscalYearOf } from '../../reference/fiscalYear.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { ledgerSumsSql, PAYMENT_TYPES_PARAM } from '../ledger/ledgerSums.ts';

const claimSums = ledgerSumsSql('$3');
const chargeSums = ledgerSumsSql('$2');

/**
 * The claim's header, or NotFoundError when it does not exist or lies outside the user's data
 * role: the two answers are the same so that a claim ID of another group reveals nothing.
 */
async function claimHeader(q: Queryable, claimID: number, scope: DataScope): Promise<ClaimHeader> {
  const [header] = await q.query<ClaimHeader>(
    `SELECT c.claim_id AS "claimID", c.patient_id AS "patientID",
            concat_ws(', ', pt.last_name, concat_ws(' ', pt.first_name, pt.middle_name)) AS "patientName",
            pt.date_of_birth AS "dateOfBirth", pt.account_number AS "accountNumber",
            ins.name AS "payerName", pi.subscriber_id AS "subscriberID",
            concat_ws(', ', pv.last_name, pv.first_name) AS "providerName",
            pr.name AS "practiceName", f.name AS "facilityName",
            c.pos_code AS "posCode", pos.name AS "posName",
            c.dos_from AS "dosFrom", c.dos_to AS "dosTo",
            cs.name AS "claimStatus", ss.name AS "scrubStatus", su.name AS "submitStatus",
            (SELECT coalesce(sum(x.charge_cents), 0) FROM charges x WHERE x.claim_id = c.claim_id AND x.charge_status NOT IN ('void', 'deleted'))::bigint AS "totalCharges",
            ${claimSums.paid} AS "paid", ${claimSums.adjusted} AS "adjusted",
            -- The stored balance moves only with the ledger rows that change it, in their transaction.
            c.balance_cents AS "balance",
            c.charge_batch_id AS "chargeBatchID", (SELECT cb.batch_number FROM charge_batches cb WHERE cb.charge_batch_id = c.charge_batch_id) AS "chargeBatchNumber"
       FROM claims c
       JOIN patients pt ON pt.patient_id = c.patient_id
       JOIN practices pr ON pr.practice_id = c.practice_id
       JOIN providers pv ON pv.provider_id = c.provider_id
       LEFT JOIN facilities f ON f.facility_id = c.facility_id
       LEFT JOIN place_of_service pos ON pos.code = c.pos_code
       LEFT JOIN insurances ins ON ins.insurance_id = c.insurance_id
       LEFT JOIN patient_insurances pi ON pi.patient_insurance_id = c.patient_insurance_id
       JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id
       JOIN scrub_statuses ss ON ss.scrub_status_id = c.scrub_status_id
       JOIN submit_statuses su ON su.submit_status_id = c.submit_status_id
       -- The total counts the lines still billed, so the rows of void and deleted lines (a charge and its reversal) stay out.
       LEFT JOIN ledger_entries l ON l.claim_id = c.claim_id
             AND NOT EXISTS (SELECT 1 FROM charges x WHERE x.charge_id = l.charge_id AND x.charge_status IN ('void', 'deleted'))
      WHERE c.claim_id = $1 AND c.practice_id = ANY($2::bigint[])
      GROUP BY c.claim_id, pt.patient_id, pr.practice_id, pv.provider_id, f.facility_id, pos.code, ins.insurance_id,
               pi.patient_insurance_id, cs.claim_status_id, ss.scrub_status_id, su.submit_status_id`,
    [claimID, scope.practiceIds, PAYMENT_TYPES_PARAM],
  );
  if (!header) throw new NotFoundError();
  return header;
}

/** Charge lines in line order, each with what the ledger paid and adjusted on it. */
async function chargeLines(q: Queryable, claimID: number): Promise<ChargeLine[]> {
  const rows = await q.query<Omit<ChargeLine, 'modifiers'> & { modifiers: (string | null)[] }>(
    `SELECT ch.charge_id AS "chargeID", ch.line_number::int AS "lineNumber", ch.cpt_code AS "cptCode",
            ARRAY[ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4] AS "modifiers",
            ch.units AS "units", ch.charge_cents AS "charge",
            ch.diagnosis_pointers::int[] AS "diagnosisPointers",
            ch.dos_from AS "dosFrom", ch.dos_to AS "dosTo", ch.charge_status AS "status",
            ${chargeSums.paid} AS "paid", ${chargeSums.adjusted} AS "adjusted",
            (ch.charge_cents - ${chargeSums.paid} - ${chargeSums.adjusted})::bigint AS "balance"
       FROM charges ch
       LEFT JOIN ledger_entries l ON l.charge_id = ch.charge_id
      WHERE ch.claim_id = $1 AND ch.charge_status <> 'deleted'
      GROUP BY ch.charge_id
      ORDER BY ch.line_number, ch.charge_id`,
    [claimID, PAYMENT_TYPES_PARAM],
  );
  return rows.map((row) => ({ ...row, modifiers: row.modifiers.filter((modifier): modifier is string => modifier !== null && modifier !== '') }));
}

/** Diagnoses with their ICD-10-CM text from the code list of the DOS fiscal year. */
async function diagnoses(q: Queryable, claimID: number, dosFrom: string): Promise<ClaimDiagnosis[]> {
  return q.query<ClaimDiagnosis>(
    `SELECT d.sequence::int AS "sequence", d.icd_code AS "code", icd.short_description AS "description"
       FROM claim_diagnoses d
       LEFT JOIN icd_codes icd ON icd.code = d.icd_code AND icd.fiscal_year = $2
      WHERE d.claim_id = $1
      ORDER BY d.sequence`,
    [claimID, fiscalYearOf(dosFrom)],
  );
}

/** Claims/getClaimDetailData: the whole claim for the detail screen; the read is audited. */
export async function getClaimDetail(q: ReadAuditDb, actor: Actor, scope: DataScope, claimID: number): Promise<ClaimDetailReply> {
  const header = await claimHeader(q, claimID, scope);
  const [diagnosisRows, charges] = await Promise.all([diagnoses(q, claimID, header.dosFrom), chargeLines(q, claimID)]);
  await writeReadAudit(q, { userId: actor.userId, action: 'claims.detail', recordType: 'claim', recordId: claimID, source: actor.source, ip: actor.ip });
  return { header, diagnoses: diagnosisRows, charges };
}

/** Claims/getChargesData: the charge lines of one claim in the user's data role. */
export async function getClaimCharges(q: ReadAuditDb, actor: Actor, scope: DataScope, claimID: number): Promise<{ claimID: number; charges: ChargeLine[] }> {
  await claimInScope(q, claimID, scope);
  const charges = await chargeLines(q, claimID);
  await writeReadAudit(q, { userId: actor.userId, action: 'claims.charges', recordType: 'claim', recordId: claimID, source: actor.source, ip: actor.ip });
  return { claimID, charges };
}

/** Throws NotFoundError unless the claim exists inside the user's data role. */
export async function claimInScope(q: Queryable, claimID: number, scope: DataScope): Promise<void> {
  const [found] = await q.query('SELECT 1 FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])', [claimID, scope.practiceIds]);
  if (!found) throw new NotFoundError();
}
