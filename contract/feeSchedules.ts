import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * Fee schedules: what a practice charges per code, standard (no insurance) or for one payer, over a
 * date range. getCPTFee prices new lines from them. Money is integer cents.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = calendarDate();

export const feeScheduleItemSchema = deferred(() =>
  z.object({
    cptCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(
        /^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/,
        'Enter a CPT code (5 digits, or 4 digits and F, T or U) or a HCPCS code (a letter A to V and 4 digits).',
      ),
    /** Empty: the fee for the code whatever its modifiers; a modifier's own fee wins over it. */
    modifier: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z0-9]{2})?$/, 'A modifier is two letters or digits, like 26 or TC.')
      .default(''),
    amountCents: z.number().int('Amounts are whole cents.').min(0, 'A fee is $0.00 or more.').max(99_999_999),
  }),
);
export type FeeScheduleItem = z.output<typeof feeScheduleItemSchema>;

export const feeScheduleDataQuerySchema = deferred(() =>
  z
    .object({
      practiceID: id.optional(),
      /** Also return this schedule's items (what an edit starts from). */
      feeScheduleID: id.optional(),
    })
    .strict(),
);
export type FeeScheduleDataQuery = z.input<typeof feeScheduleDataQuerySchema>;

export const feeScheduleRowSchema = deferred(() =>
  z.object({
    feeScheduleID: z.number().int(),
    practiceID: z.number().int(),
    practiceName: z.string(),
    insuranceID: z.number().int().nullable(),
    insuranceName: z.string().nullable(),
    name: z.string(),
    effectiveFrom: z.string(),
    effectiveTo: z.string().nullable(),
    itemCount: z.number().int(),
  }),
);
export type FeeScheduleRow = z.infer<typeof feeScheduleRowSchema>;
export const feeScheduleDataReplySchema = deferred(() =>
  z.object({
    feeSchedules: z.array(feeScheduleRowSchema),
    /** The items of the schedule asked for by feeScheduleID; empty otherwise. */
    items: z.array(z.object({ cptCode: z.string(), modifier: z.string(), amountCents: z.number().int() })),
  }),
);
export type FeeScheduleDataReply = z.infer<typeof feeScheduleDataReplySchema>;

export const addUpdateFeeScheduleRequestSchema = deferred(() =>
  z
    .object({
      feeScheduleID: id.optional(),
      practiceID: id,
      /** Null or absent: the practice's standard schedule. */
      insuranceID: id.nullable().default(null),
      name: z.string().trim().min(1, 'Name the fee schedule.').max(100, 'A schedule name is at most 100 characters.'),
      effectiveFrom: isoDate,
      effectiveTo: isoDate.nullable().default(null),
      /** Replaces the schedule's items. */
      items: z
        .array(feeScheduleItemSchema)
        .max(20_000, 'A schedule takes at most 20000 fees.')
        .refine(
          (items) => new Set(items.map((item) => `${item.cptCode}-${item.modifier}`)).size === items.length,
          'Each code and modifier has one fee in a schedule.',
        ),
    })
    .strict()
    .refine((body) => body.effectiveTo === null || body.effectiveTo >= body.effectiveFrom, {
      message: 'The schedule ends before it starts.',
      path: ['effectiveTo'],
    }),
);
export type AddUpdateFeeScheduleRequest = z.input<typeof addUpdateFeeScheduleRequestSchema>;
export type AddUpdateFeeScheduleInput = z.output<typeof addUpdateFeeScheduleRequestSchema>;

export const feeScheduleIDRequestSchema = deferred(() => z.object({ feeScheduleID: id }).strict());
export const feeScheduleReplySchema = deferred(() =>
  z.object({ message: z.string(), feeScheduleID: z.number().int() }),
);
export type FeeScheduleReply = z.infer<typeof feeScheduleReplySchema>;
