import { z } from 'zod';
import { CHARGE_STATUSES, CHARGE_STATUS_LABELS } from './chargeStatus.ts';
import { CLAIM_STATUS_NAMES } from './claimStatus.ts';
import { deferred } from './deferred.ts';
import { isCalendarDate, numeric } from './scalars.ts';

/**
 * The fixed lists screens pick from (Repository/getReasonCode, getRemarkCode, getChargeStatus,
 * getStartAndEndTimeDropdown; AddEditClaim/getClaimStatusCode, getFeeType), and the check of a
 * posting date before the biller posts with it (AddEditClaim/getPostingDateCheck).
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** CARC and RARC lists: every code, or those whose code or description holds `searchValue`. */
export const adjustmentCodesQuerySchema = deferred(() =>
  z
    .object({
      searchValue: z.string().trim().max(60, 'A code search is at most 60 characters.').optional(),
    })
    .strict(),
);
export type AdjustmentCodesQuery = z.output<typeof adjustmentCodesQuerySchema>;

/** A code with its description; `stopDate` (YYYY-MM-DD) set when X12 retired it, so a screen can mark it. */
export const adjustmentCodesReplySchema = deferred(() =>
  z.array(z.object({ code: z.string(), description: z.string(), stopDate: z.string().nullable() })),
);
export type AdjustmentCodesReply = z.infer<typeof adjustmentCodesReplySchema>;

/** At most this many codes in one answer (the CARC list is about 300 codes, RARC about 1,000). */
export const MAX_CODES = 2_000;

export const idLabelListSchema = deferred(() => z.array(z.object({ id: z.number().int(), label: z.string() })));
export type IdLabelList = z.infer<typeof idLabelListSchema>;
export const valueLabelListSchema = deferred(() => z.array(z.object({ value: z.string(), label: z.string() })));
export type ValueLabelList = z.infer<typeof valueLabelListSchema>;

/** AddEditClaim/getClaimStatusCode: the claim statuses, by their fixed ids. */
export function claimStatusList(): IdLabelList {
  return Object.entries(CLAIM_STATUS_NAMES)
    .map(([key, label]) => ({ id: Number(key), label }))
    .sort((left, right) => left.id - right.id);
}

/** Repository/getChargeStatus: a charge line's statuses (what Claims/changeChargeStatus takes). */
export function chargeStatusList(): ValueLabelList {
  return CHARGE_STATUSES.map((value) => ({ value, label: CHARGE_STATUS_LABELS[value] }));
}

/**
 * The kinds of fee schedule: a practice's standard schedule (no insurance) or a schedule for one
 * payer (AddEditClaim/addUpdateFeeSchedule with an insuranceID). getCPTFee prefers the payer's.
 */
export const FEE_TYPES = [
  { value: 'standard', label: 'Standard (no insurance)' },
  { value: 'payer', label: 'Payer specific' },
] as const satisfies ValueLabelList;

/** Minutes between two times offered by Repository/getStartAndEndTimeDropdown. */
export const TIME_STEP_MINUTES = 15;

/** Times of day every 15 minutes: value "HH:MM" (24-hour), label "h:mm AM". */
export function timesOfDay(step = TIME_STEP_MINUTES): ValueLabelList {
  const times: ValueLabelList = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += step) {
    const hour = Math.floor(minutes / 60);
    const minute = String(minutes % 60).padStart(2, '0');
    times.push({
      value: `${String(hour).padStart(2, '0')}:${minute}`,
      label: `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`,
    });
  }
  return times;
}

/** AddEditClaim/getPostingDateCheck: a posting date, and the claim (paper EOB) or the patient (patient payment) it is for. */
export const postingDateCheckQuerySchema = deferred(() =>
  z
    .object({
      postingDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'The posting date is YYYY-MM-DD.')
        .refine(isCalendarDate, 'The posting date is not a real day.'),
      claimID: id.optional(),
      patientID: id.optional(),
    })
    .strict()
    .refine((input) => (input.claimID === undefined) !== (input.patientID === undefined), {
      message: 'Give the claimID or the patientID the posting is for (one of them).',
    }),
);
export type PostingDateCheckQuery = z.output<typeof postingDateCheckQuerySchema>;

/**
 * Whether a posting may be dated so. `message` is the refusal the posting itself would give (a
 * future day, a month closed by the month-end lock); `lockedThrough` the last month locked for the
 * claim's or patient's practice (YYYY-MM-01), null when none is.
 */
export const postingDateCheckReplySchema = deferred(() =>
  z.object({ allowed: z.boolean(), message: z.string().nullable(), lockedThrough: z.string().nullable() }),
);
export type PostingDateCheckReply = z.infer<typeof postingDateCheckReplySchema>;
