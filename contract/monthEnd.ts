import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * Month-end: the monthly summary (per group, practice and provider and month: charges, payments,
 * adjustments, refunds and the AR at the start and end of the month, all from the ledger) and the
 * month-end lock. Figures use the claim screens' meanings: payments are money received (insurance
 * and patient payments, applied deposits); adjustments every other credit (contractual, write-offs,
 * other); refunds give money back. So start AR + charges - payments - adjustments + refunds = end AR.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const MAX_LISTED_IDS = 200;
/** The most months one summary covers: five years. */
export const MAX_SUMMARY_MONTHS = 60;

/** Ids as a query carries them, "3,7,9". */
const idList = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, `Give the ${what} ids separated by commas, like 3,7,9.`)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
        .max(MAX_LISTED_IDS, `At most ${MAX_LISTED_IDS} ${what} ids.`),
    );

/** The first day of a month, YYYY-MM-01. */
const monthStartDate = calendarDate('Give the month as its first day, YYYY-MM-01.').refine(
  (value) => value.endsWith('-01'),
  'Give the month as its first day, YYYY-MM-01.',
);

export const monthlySummaryQuerySchema = deferred(() =>
  z
    .object({
      groupID: id,
      /** Any day of the first month; the summary starts on that month's first day. */
      fromDate: calendarDate(),
      /** Any day of the last month. */
      toDate: calendarDate(),
      practiceIDs: idList('practice').optional(),
      providerIDs: idList('provider').optional(),
      facilityIDs: idList('facility').optional(),
    })
    .strict()
    .refine((query) => query.fromDate.slice(0, 7) <= query.toDate.slice(0, 7), {
      message: 'The first month comes after the last one: swap them.',
      path: ['toDate'],
    })
    .refine((query) => monthsBetween(query.fromDate, query.toDate) <= MAX_SUMMARY_MONTHS, {
      message: `At most ${MAX_SUMMARY_MONTHS} months at a time.`,
      path: ['toDate'],
    }),
);
export type MonthlySummaryQuery = z.input<typeof monthlySummaryQuerySchema>;
export type MonthlySummaryInput = z.output<typeof monthlySummaryQuerySchema>;

/** How many months from the month of `from` to the month of `to`, both counted. */
export function monthsBetween(from: string, to: string): number {
  return (
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1
  );
}

export const monthFiguresSchema = deferred(() =>
  z.object({
    chargesCents: z.number().int(),
    /** Money received: insurance and patient payments (deposits applied included). */
    paymentsCents: z.number().int(),
    insurancePaidCents: z.number().int(),
    patientPaidCents: z.number().int(),
    adjustmentsCents: z.number().int(),
    refundsCents: z.number().int(),
    startArCents: z.number().int(),
    endArCents: z.number().int(),
  }),
);
export type MonthFigures = z.infer<typeof monthFiguresSchema>;

export const SUMMARY_LEVELS = ['group', 'practice', 'provider'] as const;
export type SummaryLevel = (typeof SUMMARY_LEVELS)[number];

export const monthlySummaryRowSchema = deferred(() =>
  monthFiguresSchema.and(
    z.object({
      monthStart: z.string(),
      level: z.enum(SUMMARY_LEVELS),
      groupID: z.number().int(),
      practiceID: z.number().int().nullable(),
      /** Null on a group or practice row, and on the row of a patient's own money (a deposit not applied to a claim). */
      providerID: z.number().int().nullable(),
      name: z.string(),
      /** Whether the month is locked: for a group row, for every practice shown. */
      locked: z.boolean(),
    }),
  ),
);
export type MonthlySummaryRow = z.infer<typeof monthlySummaryRowSchema>;

export const monthlySummaryReplySchema = deferred(() =>
  z.object({
    groupID: z.number().int(),
    groupName: z.string(),
    fromMonth: z.string(),
    toMonth: z.string(),
    /** Month by month, newest first: the group's row, then each practice's followed by its providers'. */
    rows: z.array(monthlySummaryRowSchema),
  }),
);
export type MonthlySummaryReply = z.infer<typeof monthlySummaryReplySchema>;

/** The month-end view of a group: what is locked, and what locking a month would lock. */
export const monthEndStatusQuerySchema = deferred(() =>
  z
    .object({
      groupID: id,
      /** The month a lock is thought of; the month before today's when absent. */
      monthStartDate: monthStartDate.optional(),
      practiceID: id.optional(),
    })
    .strict(),
);
export type MonthEndStatusQuery = z.input<typeof monthEndStatusQuerySchema>;
export type MonthEndStatusInput = z.output<typeof monthEndStatusQuerySchema>;

export const practiceMonthEndSchema = deferred(() =>
  z.object({
    practiceID: z.number().int(),
    practiceName: z.string(),
    /** The practice's latest locked month, or null when none is. */
    lockedThrough: z.string().nullable(),
    lockedAt: z.string().nullable(),
    lockedBy: z.string().nullable(),
    /** Whether the month asked is locked already. */
    monthLocked: z.boolean(),
    /** The open months locking the month asked would lock, oldest first: earlier open months with postings, then the month. */
    wouldLock: z.array(z.string()),
    /** The month asked as it stands, the figures a lock would keep. */
    figures: monthFiguresSchema,
  }),
);
export type PracticeMonthEnd = z.infer<typeof practiceMonthEndSchema>;

export const monthEndStatusReplySchema = deferred(() =>
  z.object({
    groupID: z.number().int(),
    monthStart: z.string(),
    /** A month can be locked once it has ended. */
    monthEnded: z.boolean(),
    practices: z.array(practiceMonthEndSchema),
  }),
);
export type MonthEndStatusReply = z.infer<typeof monthEndStatusReplySchema>;

export const lockMonthRequestSchema = deferred(() =>
  z
    .object({
      groupID: id,
      monthStartDate,
      /** Every practice of the group in the data role when absent. */
      practiceID: id.optional(),
    })
    .strict(),
);
export type LockMonthRequest = z.input<typeof lockMonthRequestSchema>;
export type LockMonthInput = z.output<typeof lockMonthRequestSchema>;

export const lockMonthReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    /** Per practice: the months this lock locked, oldest first (empty when it was locked already). */
    locked: z.array(z.object({ practiceID: z.number().int(), practiceName: z.string(), months: z.array(z.string()) })),
    /** The practices whose month was locked already. */
    alreadyLocked: z.array(z.object({ practiceID: z.number().int(), practiceName: z.string() })),
  }),
);
export type LockMonthReply = z.infer<typeof lockMonthReplySchema>;

export const groupQuerySchema = deferred(() => z.object({ groupID: id }).strict());

export const summaryDifferenceSchema = deferred(() =>
  z.object({
    practiceID: z.number().int(),
    monthStart: z.string(),
    /** What the ledger says now beside what the lock kept, in words. */
    detail: z.string(),
  }),
);

export const reloadSummaryReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    reloadedAt: z.string(),
    lockedMonthsChecked: z.number().int(),
    differences: z.array(summaryDifferenceSchema),
  }),
);
export type ReloadSummaryReply = z.infer<typeof reloadSummaryReplySchema>;

export const lastSummaryDateReplySchema = deferred(() =>
  z.object({
    /** When the summary was last read again from the ledger and its locked months checked; null if never. */
    reloadedAt: z.string().nullable(),
    reloadedBy: z.string().nullable(),
    /** The latest month locked for any practice of the group in the data role. */
    lastLockedMonth: z.string().nullable(),
  }),
);
export type LastSummaryDateReply = z.infer<typeof lastSummaryDateReplySchema>;
