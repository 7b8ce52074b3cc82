/**
 * A few institutional (UB-04 / 837I) claims in each demo group: claims not yet sent, at a
 * hospital facility first (its type of bill 111 or 131; else billed as hospital outpatient, 13x),
 * become institutional, as a biller would key them in the claim form's UB-04 section. Per group the oldest such claims are taken, outside the patients
 * of the newest claims (the browser tests' own): one an inpatient stay (admission date, hour,
 * type, point of origin, discharge hour, POA, an occurrence and a value code), the others hospital
 * outpatient visits. Their lines get a revenue code by what they bill; the claims go back to "not
 * scrubbed", so a biller scrubs and sends them. The claim count and the ledger do not change.
 */
import { CLAIM_STATUS, SCRUB_STATUS, SUBMIT_STATUS } from '../../contract/claimStatus.ts';
import type { Db } from '../db/types.ts';
import type { DemoDesk } from './demoDesk.ts';

/** Institutional claims per group. */
const PER_GROUP = 3;

/** The revenue code a line's HCPCS/CPT code is billed under on the demo's UB-04s. */
const REVENUE_BY_CODE = `CASE
  WHEN ch.cpt_code IN ('99221', '99222', '99223', '99231', '99232', '99233') THEN '0120'
  WHEN ch.cpt_code LIKE '9928%' THEN '0450'
  WHEN ch.cpt_code ~ '^8[0-9]{4}$' OR ch.cpt_code = '36415' THEN '0300'
  WHEN ch.cpt_code ~ '^7[0-9]{4}$' THEN '0320'
  WHEN ch.cpt_code ~ '^J[0-9]{4}$' THEN '0636'
  WHEN ch.cpt_code ~ '^9[0-9]{4}$' AND ch.cpt_code LIKE '9300%' THEN '0730'
  ELSE '0510' END`;

export async function seedGroupInstitutional(db: Db, desk: DemoDesk, groupID: number): Promise<void> {
  await db.transaction(async (tx) => {
    const picked = await tx.query<{ claimID: number; billType: string; dosFrom: string; providerID: number }>(
      `SELECT c.claim_id AS "claimID", coalesce(f.bill_type, '131') AS "billType", to_char(c.dos_from, 'YYYY-MM-DD') AS "dosFrom",
              c.provider_id AS "providerID"
         FROM claims c LEFT JOIN facilities f ON f.facility_id = c.facility_id
        WHERE c.group_id = $1 AND c.claim_type = 'professional' AND c.submitted_at IS NULL AND c.insurance_id IS NOT NULL
          AND c.claim_status_id IN ($2, $3) AND c.crossover_of_claim_id IS NULL
          AND NOT (c.patient_id = ANY($4::bigint[]))
          AND NOT EXISTS (SELECT 1 FROM charges x WHERE x.claim_id = c.claim_id AND x.charge_status = 'void')
          -- The drafts the demo leaves for the scrubber to catch (a line pointing past the diagnoses) stay professional.
          AND NOT EXISTS (SELECT 1 FROM charges x, unnest(x.diagnosis_pointers) p
                           WHERE x.claim_id = c.claim_id
                             AND p > (SELECT count(*) FROM claim_diagnoses d WHERE d.claim_id = c.claim_id))
        ORDER BY f.bill_type NULLS LAST, c.claim_id LIMIT ${PER_GROUP}`,
      [groupID, CLAIM_STATUS.draft, CLAIM_STATUS.readyToSubmit, desk.busyPatients],
    );
    const [operating] = await tx.query<{ id: number }>(
      `SELECT provider_id AS id FROM providers WHERE group_id = $1 AND provider_type = 'individual' AND active AND NOT is_referring
        ORDER BY provider_id DESC LIMIT 1`,
      [groupID],
    );
    for (const [index, claim] of picked.entries()) {
      // The first claim is billed as an inpatient stay of the day, whatever the facility's own type.
      const inpatient = index === 0;
      const billType = inpatient ? '11' : claim.billType.replace(/^0/, '').slice(0, 2);
      await tx.query(
        `UPDATE claims SET claim_type = 'institutional', claim_status_id = $2, scrub_status_id = $3, submit_status_id = $4
          WHERE claim_id = $1`,
        [claim.claimID, CLAIM_STATUS.draft, SCRUB_STATUS.notScrubbed, SUBMIT_STATUS.notSubmitted],
      );
      await tx.query('DELETE FROM scrub_results WHERE claim_id = $1', [claim.claimID]);
      await tx.query(
        `UPDATE charges ch SET revenue_code = (SELECT code FROM revenue_codes WHERE code = ${REVENUE_BY_CODE})
          WHERE ch.claim_id = $1`,
        [claim.claimID],
      );
      await tx.query(
        `INSERT INTO claim_institutional (claim_id, bill_type, admission_date, admission_hour, admission_type, admission_source, discharge_hour,
                                          patient_status, admitting_diagnosis, operating_provider_id, condition_codes, occurrence_codes, value_codes)
         SELECT $1, $2, CASE WHEN $3 THEN $4::date END, CASE WHEN $3 THEN '07' END, CASE WHEN $3 THEN '3' ELSE '1' END,
                CASE WHEN $3 THEN '1' ELSE '2' END, CASE WHEN $3 THEN '16' END, '01',
                CASE WHEN $3 THEN (SELECT icd_code FROM claim_diagnoses WHERE claim_id = $1 ORDER BY sequence LIMIT 1) END,
                CASE WHEN $3 AND $5::bigint <> $6::bigint THEN $5::bigint END,
                CASE WHEN $3 THEN ARRAY['17']::text[] ELSE '{}'::text[] END,
                CASE WHEN $3 THEN jsonb_build_array(jsonb_build_object('code', '11', 'date', $4::text)) ELSE '[]'::jsonb END,
                CASE WHEN $3 THEN '[{"code": "80", "amountCents": 100}]'::jsonb ELSE '[]'::jsonb END`,
        [claim.claimID, billType, inpatient, claim.dosFrom, operating?.id ?? claim.providerID, claim.providerID],
      );
      if (inpatient) await tx.query(`UPDATE claim_diagnoses SET poa = 'Y' WHERE claim_id = $1`, [claim.claimID]);
    }
  });
}
