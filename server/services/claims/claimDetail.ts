import type {
  ChargeLine,
  ChargesReply,
  ClaimDetailReply,
  ClaimDiagnosis,
  ClaimHeader,
} from '../../../contract/claimDetail.ts';
import type { Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import { fiscalYearOf } from '../../reference/fiscalYear.ts';
import type { DataScope } from '../access/dataScope.ts';
import { writeReadAudit, type ReadAuditDb } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { coverageDayKey, latestCoverageAnswers } from '../eligibility/latestAnswers.ts';
import { claimFigures, NO_FIGURES, paidAndAdjusted, type ClaimFigures } from '../ledger/ledgerFigures.ts';

type HeaderFacts = Omit<ClaimHeader, 'totalCharges' | 'paid' | 'adjusted' | 'balance' | 'eligibility'>;

/**
 * The claim's header facts, or NotFoundError when it does not exist or lies outside the user's
 * data role: the two answers are the same so that a claim ID of another group reveals nothing.
 */
async function claimHeaderFacts(
  q: Queryable,
  claimID: number,
  scope: DataScope,
): Promise<HeaderFacts & { patientInsuranceID: number | null }> {
  const [header] = await q.query<HeaderFacts & { patientInsuranceID: number | null }>(
    `SELECT c.claim_id AS "claimID", c.patient_id AS "patientID", c.patient_insurance_id AS "patientInsuranceID",
            concat_ws(', ', pt.last_name, concat_ws(' ', pt.first_name, pt.middle_name)) AS "patientName",
            pt.date_of_birth AS "dateOfBirth", pt.account_number AS "accountNumber",
            ins.name AS "payerName", pi.subscriber_id AS "subscriberID",
            concat_ws(', ', pv.last_name, pv.first_name) AS "providerName",
            pr.name AS "practiceName", f.name AS "facilityName",
            c.pos_code AS "posCode", pos.name AS "posName",
            c.dos_from AS "dosFrom", c.dos_to AS "dosTo",
            cs.name AS "claimStatus", ss.name AS "scrubStatus", su.name AS "submitStatus",
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
      WHERE c.claim_id = $1 AND c.practice_id = ANY($2::bigint[])`,
    [claimID, scope.practiceIds],
  );
  if (!header) throw new NotFoundError();
  return header;
}

/** The header's money, from the claim's ledger: charges (lines taken off cancel out), paid, adjusted, balance. */
function headerMoney(figures: ClaimFigures): Pick<ClaimHeader, 'totalCharges' | 'paid' | 'adjusted' | 'balance'> {
  return { totalCharges: figures.totals.charges, ...paidAndAdjusted(figures.totals), balance: figures.totals.balance };
}

/** Charge lines in line order, each with what its ledger rows paid and adjusted on it. */
export async function chargeLines(q: Queryable, claimID: number, figures: ClaimFigures): Promise<ChargeLine[]> {
  const rows = await q.query<
    Omit<ChargeLine, 'modifiers' | 'paid' | 'adjusted' | 'balance' | 'insurancePaid' | 'patientPaid'> & {
      modifiers: (string | null)[];
    }
  >(
    `SELECT ch.charge_id AS "chargeID", ch.line_number::int AS "lineNumber", ch.cpt_code AS "cptCode",
            ARRAY[ch.modifier1, ch.modifier2, ch.modifier3, ch.modifier4] AS "modifiers",
            ch.units AS "units", ch.charge_cents AS "charge",
            ch.diagnosis_pointers::int[] AS "diagnosisPointers",
            ch.dos_from AS "dosFrom", ch.dos_to AS "dosTo", ch.charge_status AS "status"
       FROM charges ch
      WHERE ch.claim_id = $1 AND ch.charge_status <> 'deleted'
      ORDER BY ch.line_number, ch.charge_id`,
    [claimID],
  );
  return rows.map((row) => {
    const line = figures.lines.get(row.chargeID) ?? NO_FIGURES;
    return {
      ...row,
      modifiers: row.modifiers.filter((modifier): modifier is string => modifier !== null && modifier !== ''),
      ...paidAndAdjusted(line),
      balance: line.balance,
      insurancePaid: line.insurancePaid,
      patientPaid: line.patientPaid,
    };
  });
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

/** What the payer last answered about the claim's insurance on its first day of service (the scrubber reads the same). */
async function claimEligibilityAnswer(
  q: Queryable,
  patientInsuranceID: number | null,
  dosFrom: string,
): Promise<ClaimHeader['eligibility']> {
  if (patientInsuranceID === null) return null;
  const day = { patientInsuranceID: Number(patientInsuranceID), dateOfService: dosFrom };
  const answer = (await latestCoverageAnswers(q, [day])).get(coverageDayKey(day));
  return answer
    ? { outcome: answer.outcome, dateOfService: answer.dateOfService, askedAt: answer.askedAt, message: answer.message }
    : null;
}

/** Claims/getClaimDetailData: the whole claim for the detail screen; the read is audited. */
export async function getClaimDetail(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  claimID: number,
): Promise<ClaimDetailReply> {
  const { patientInsuranceID, ...facts } = await claimHeaderFacts(q, claimID, scope);
  const figures = await claimFigures(q, claimID);
  const eligibility = await claimEligibilityAnswer(q, patientInsuranceID, facts.dosFrom);
  const [diagnosisRows, charges] = await Promise.all([
    diagnoses(q, claimID, facts.dosFrom),
    chargeLines(q, claimID, figures),
  ]);
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'claims.detail',
    recordType: 'claim',
    recordId: claimID,
    source: actor.source,
    ip: actor.ip,
  });
  return { header: { ...facts, ...headerMoney(figures), eligibility }, diagnoses: diagnosisRows, charges };
}

/** Claims/getChargesData: the charge lines of one claim in the user's data role. */
export async function getClaimCharges(
  q: ReadAuditDb,
  actor: Actor,
  scope: DataScope,
  claimID: number,
): Promise<ChargesReply> {
  await claimInScope(q, claimID, scope);
  const figures = await claimFigures(q, claimID);
  const charges = await chargeLines(q, claimID, figures);
  await writeReadAudit(q, {
    userId: actor.userId,
    action: 'claims.charges',
    recordType: 'claim',
    recordId: claimID,
    source: actor.source,
    ip: actor.ip,
  });
  return { claimID, charges, balance: figures.totals.balance };
}

/** Throws NotFoundError unless the claim exists inside the user's data role. */
export async function claimInScope(q: Queryable, claimID: number, scope: DataScope): Promise<void> {
  const [found] = await q.query('SELECT 1 FROM claims WHERE claim_id = $1 AND practice_id = ANY($2::bigint[])', [
    claimID,
    scope.practiceIds,
  ]);
  if (!found) throw new NotFoundError();
}
