import { z } from 'zod';
import { AGING_BUCKETS } from './claims.ts';
import { deferred } from './deferred.ts';
import { INSURANCE_TYPES, type InsuranceType } from './payerAdmin.ts';
import { calendarDate, numeric } from './scalars.ts';
import { recordHitSchema } from './search.ts';

/**
 * The accounts-receivable dashboard's widgets (ARDashboard/*). Every amount is integer cents read
 * from the ledger through the figure model; every widget names the claims-list filter behind its
 * figures, so the screen drills into exactly the claims it counted.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = calendarDate();
const cents = z.number().int();

/** The longest span of posting dates one widget sums: three years of months. */
export const MAX_DASHBOARD_DAYS = 1_100;

/** The claims-list filter behind a figure (contract/claims.ts claimFilterShape, the fields the dashboard uses). */
export const drillFilterSchema = deferred(() =>
  z
    .object({
      groupID: z.number().int(),
      insuranceID: z.number().int(),
      claimStatusIDs: z.string(),
      scrubStatusID: z.number().int(),
      submitStatusID: z.number().int(),
      postingFrom: z.string(),
      postingTo: z.string(),
      agingBucket: z.enum(AGING_BUCKETS),
      ar: z.literal('true'),
    })
    .partial(),
);
export type DrillFilter = z.infer<typeof drillFilterSchema>;

export const dashboardGroupQuerySchema = deferred(() => z.object({ groupID: id.optional() }).strict());
export type DashboardGroupQuery = z.output<typeof dashboardGroupQuerySchema>;

function postingRange<T extends z.ZodRawShape>(extra: T) {
  return z
    .object({
      groupID: id.optional(),
      fromPostingDate: isoDate.optional(),
      toPostingDate: isoDate.optional(),
      ...extra,
    })
    .strict()
    .superRefine((value, ctx) => {
      const { fromPostingDate: from, toPostingDate: to } = value as {
        fromPostingDate?: string;
        toPostingDate?: string;
      };
      if (from && to && from > to)
        ctx.addIssue({
          code: 'custom',
          path: ['fromPostingDate'],
          message: 'The first posting date is after the last.',
        });
      if (from && to && (Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_DASHBOARD_DAYS)
        ctx.addIssue({
          code: 'custom',
          path: ['toPostingDate'],
          message: 'Choose at most three years of posting dates.',
        });
    });
}

export const postingRangeQuerySchema = deferred(() => postingRange({}));
export type PostingRangeQuery = z.output<typeof postingRangeQuerySchema>;

// ---- Action needed and open items: claims counted by status ------------------------------------

export const claimCountRowSchema = deferred(() =>
  z.object({
    key: z.string(),
    label: z.string(),
    claims: z.number().int(),
    balanceCents: cents,
    filter: drillFilterSchema,
  }),
);
export type ClaimCountRow = z.infer<typeof claimCountRowSchema>;

export const claimCountsReplySchema = deferred(() =>
  z.object({ rows: z.array(claimCountRowSchema), totalClaims: z.number().int(), totalBalanceCents: cents }),
);
export type ClaimCountsReply = z.infer<typeof claimCountsReplySchema>;

// ---- Recently accessed and tasks -----------------------------------------------------------------

export const recentlyAccessedReplySchema = deferred(() => z.object({ records: z.array(recordHitSchema) }));
export type RecentlyAccessedReply = z.infer<typeof recentlyAccessedReplySchema>;

export const openTaskSchema = deferred(() =>
  z.object({
    taskID: z.number().int(),
    claimID: z.number().int().nullable(),
    patientName: z.string().nullable(),
    taskType: z.string(),
    text: z.string(),
    dueDate: z.string().nullable(),
    overdue: z.boolean(),
  }),
);
export const TASKS_SHOWN = 50;
export const unresolvedTasksReplySchema = deferred(() =>
  z.object({ total: z.number().int(), overdue: z.number().int(), tasks: z.array(openTaskSchema).max(TASKS_SHOWN) }),
);
export type UnresolvedTasksReply = z.infer<typeof unresolvedTasksReplySchema>;

// ---- Money by posting date -----------------------------------------------------------------------

export const collectedPointSchema = deferred(() =>
  z.object({
    /** The first day of the month or the day. */
    start: z.string(),
    end: z.string(),
    insurancePaidCents: cents,
    patientPaidCents: cents,
    refundsCents: cents,
    /** Paid, as the figure model says: insurance and patient payments less refunds. */
    collectedCents: cents,
  }),
);
export const collectedReplySchema = deferred(() =>
  z.object({
    fromPostingDate: z.string(),
    toPostingDate: z.string(),
    unit: z.enum(['day', 'month']),
    points: z.array(collectedPointSchema),
    collectedCents: cents,
    insurancePaidCents: cents,
    patientPaidCents: cents,
    filter: drillFilterSchema,
  }),
);
export type CollectedReply = z.infer<typeof collectedReplySchema>;

export const monthlyAveragePointSchema = deferred(() =>
  z.object({
    month: z.string(),
    start: z.string(),
    end: z.string(),
    /** Charges posted (average charge) or money collected (average revenue) in the month. */
    amountCents: cents,
    /** Claims whose first charge was posted in the month. */
    claimsBilled: z.number().int(),
    /** amountCents / claimsBilled, rounded to the cent; null when no claim was billed. */
    averageCents: cents.nullable(),
  }),
);
export const monthlyAverageReplySchema = deferred(() =>
  z.object({
    fromPostingDate: z.string(),
    toPostingDate: z.string(),
    points: z.array(monthlyAveragePointSchema),
    amountCents: cents,
    claimsBilled: z.number().int(),
    averageCents: cents.nullable(),
  }),
);
export type MonthlyAverageReply = z.infer<typeof monthlyAverageReplySchema>;

// ---- AR days -------------------------------------------------------------------------------------

export const AR_DAYS_PERIODS = [30, 60, 90, 180, 365] as const;
export const arDaysQuerySchema = deferred(() =>
  z
    .object({
      groupID: id.optional(),
      periodDays: numeric(z.number().int())
        .refine((value) => (AR_DAYS_PERIODS as readonly number[]).includes(value), {
          message: `The period is one of ${AR_DAYS_PERIODS.join(', ')} days.`,
        })
        .default(90),
    })
    .strict(),
);
export type ArDaysQuery = z.output<typeof arDaysQuerySchema>;

export const arDaysReplySchema = deferred(() =>
  z.object({
    asOf: z.string(),
    periodDays: z.number().int(),
    periodFrom: z.string(),
    /** Balance of the receivable claims: balance above zero, neither closed nor void. */
    arCents: cents,
    arClaims: z.number().int(),
    chargesInPeriodCents: cents,
    averageDailyChargesCents: cents,
    /** arCents / (chargesInPeriodCents / periodDays), one decimal; null without charges in the period. */
    arDays: z.number().nullable(),
    buckets: z.array(
      z.object({
        bucket: z.enum(AGING_BUCKETS),
        claims: z.number().int(),
        balanceCents: cents,
        filter: drillFilterSchema,
      }),
    ),
    filter: drillFilterSchema,
  }),
);
export type ArDaysReply = z.infer<typeof arDaysReplySchema>;

// ---- Expected payments ---------------------------------------------------------------------------

const insuranceTypeCodes = INSURANCE_TYPES.map((type) => type.code) as [InsuranceType, ...InsuranceType[]];

export const expectedPaymentsQuerySchema = deferred(() =>
  z
    .object({
      groupID: id.optional(),
      insuranceID: id.optional(),
      insuranceTypeID: z.enum(insuranceTypeCodes, { error: `Use one of ${insuranceTypeCodes.join(', ')}.` }).optional(),
    })
    .strict(),
);
export type ExpectedPaymentsQuery = z.output<typeof expectedPaymentsQuerySchema>;

/** Days ahead the forecast covers. */
export const EXPECTED_HORIZON_DAYS = 30;

export const expectedPaymentsReplySchema = deferred(() =>
  z.object({
    asOf: z.string(),
    /** Claims whose expected day has passed: expected today. */
    overdue: z.object({ claims: z.number().int(), expectedCents: cents }),
    days: z.array(z.object({ date: z.string(), claims: z.number().int(), expectedCents: cents })),
    /** Expected beyond the horizon. */
    later: z.object({ claims: z.number().int(), expectedCents: cents }),
    totalExpectedCents: cents,
    payers: z.array(
      z.object({
        insuranceID: z.number().int(),
        payerName: z.string(),
        /** Median days from submission to the payer's first payment; null: no history, the group's is used. */
        medianDays: z.number().int().nullable(),
        /** What the payer's first payments paid of the claims' charges, in basis points (10000 = all). */
        paidShareBasisPoints: z.number().int().nullable(),
        historyClaims: z.number().int(),
        claims: z.number().int(),
        balanceCents: cents,
        expectedCents: cents,
        filter: drillFilterSchema,
      }),
    ),
    filter: drillFilterSchema,
  }),
);
export type ExpectedPaymentsReply = z.infer<typeof expectedPaymentsReplySchema>;
