/**
 * AddEditClaim/getCPTFee: what a practice charges for a code on a date. A payer's own schedule
 * wins over the practice's standard one, and a fee for the code with its modifier over the plain
 * code's, so "26" (professional component) is priced apart when a schedule says so.
 */
import type { CptFeeReply } from '../../../contract/claimEdit.ts';
import type { Queryable } from '../../db/types.ts';

export interface FeeQuestion {
  practiceID: number;
  insuranceID: number | null;
  cptCode: string;
  modifier: string | null;
  /** The date of service the fee must be in effect on. */
  dos: string;
}

export async function cptFee(q: Queryable, question: FeeQuestion): Promise<CptFeeReply> {
  const [best] = await q.query<{ feeCents: number; feeScheduleID: number; payer: boolean }>(
    `SELECT i.amount_cents AS "feeCents", s.fee_schedule_id AS "feeScheduleID", s.insurance_id IS NOT NULL AS payer
       FROM fee_schedules s JOIN fee_schedule_items i USING (fee_schedule_id)
      WHERE s.practice_id = $1 AND s.active AND i.cpt_code = $3
        AND (s.insurance_id IS NULL OR s.insurance_id = $2)
        AND i.modifier IN ('', $4)
        AND s.effective_from <= $5::date AND (s.effective_to IS NULL OR s.effective_to >= $5::date)
      ORDER BY (s.insurance_id IS NOT NULL) DESC, (i.modifier <> '') DESC, s.effective_from DESC, s.fee_schedule_id DESC
      LIMIT 1`,
    [question.practiceID, question.insuranceID, question.cptCode, question.modifier ?? '', question.dos],
  );
  return best ? { feeCents: best.feeCents, feeScheduleID: best.feeScheduleID, source: best.payer ? 'payer' : 'standard' } : { feeCents: null, feeScheduleID: null, source: null };
}
