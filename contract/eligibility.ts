import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * Eligibility checks: a patient's insurance asked of the payer (a 270) and what it answered (a
 * 271), summed up as the front desk needs it and kept to be read again with every benefit.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const ELIGIBILITY_OUTCOMES = ['active', 'inactive', 'rejected', 'error'] as const;
export type EligibilityOutcome = (typeof ELIGIBILITY_OUTCOMES)[number];

export const checkEligibilityQuerySchema = deferred(() =>
  z
    .object({
      patientID: id,
      /** The insurance asked about; the patient's active primary (else the next active) when not given. */
      patientInsuranceID: id.optional(),
      /** The day of service asked about, today when not given. */
      dateOfService: calendarDate().optional(),
    })
    .strict(),
);
export type CheckEligibilityQuery = z.infer<typeof checkEligibilityQuerySchema>;

export const eligibilityResponseQuerySchema = deferred(() =>
  z
    .object({ inquiryID: id.optional(), patientInsuranceID: id.optional() })
    .strict()
    .refine((query) => query.inquiryID !== undefined || query.patientInsuranceID !== undefined, {
      message: 'Give the eligibility check (inquiryID) or the patient’s insurance (patientInsuranceID).',
    }),
);
export type EligibilityResponseQuery = z.infer<typeof eligibilityResponseQuerySchema>;

export const claimEligibilityQuerySchema = deferred(() => z.object({ claimID: id }).strict());

const codedSchema = deferred(() => z.object({ code: z.string(), description: z.string() }));

const rejectionSchema = deferred(() =>
  z.object({
    /** Where the payer said it: the payer, the provider, the subscriber or dependent, or a benefit. */
    loop: z.string(),
    validRequest: z.boolean(),
    reason: codedSchema,
    followUp: codedSchema,
  }),
);

export const eligibilitySummarySchema = deferred(() =>
  z.object({
    /** Null when the payer said nothing of the coverage (it rejected the question, or was not reached). */
    active: z.boolean().nullable(),
    planDescription: z.string(),
    officeVisitCopayCents: z.number().int().nullable(),
    deductibleRemainingCents: z.number().int().nullable(),
    outOfPocketRemainingCents: z.number().int().nullable(),
    coinsurancePercent: z.number().nullable(),
    planBegins: z.string().nullable(),
    planEnds: z.string().nullable(),
    rejections: z.array(rejectionSchema),
  }),
);
export type EligibilitySummary = z.infer<typeof eligibilitySummarySchema>;

const inquirySchema = deferred(() =>
  z.object({
    inquiryID: z.number().int(),
    patientID: z.number().int(),
    patientInsuranceID: z.number().int(),
    payerName: z.string(),
    memberID: z.string(),
    dateOfService: z.string(),
    askedAt: z.string(),
    outcome: z.enum(ELIGIBILITY_OUTCOMES),
    /** One line for the biller: why the payer could not be asked, or what it answered. */
    message: z.string(),
    summary: eligibilitySummarySchema,
  }),
);
export type EligibilityInquiry = z.infer<typeof inquirySchema>;

export const eligibilityCheckReplySchema = deferred(() => inquirySchema);
export type EligibilityCheckReply = EligibilityInquiry;

const benefitSchema = deferred(() =>
  z.object({
    benefit: codedSchema,
    coverageLevel: codedSchema,
    serviceTypes: z.array(codedSchema),
    insuranceType: codedSchema,
    planDescription: z.string(),
    timePeriod: codedSchema,
    amountCents: z.number().int().nullable(),
    percent: z.number().nullable(),
    quantityQualifier: codedSchema,
    quantity: z.number().nullable(),
    inNetwork: codedSchema,
    authorizationRequired: z.string(),
    procedure: z.array(z.string()),
    dates: z.array(z.object({ qualifier: codedSchema, from: z.string().nullable(), to: z.string().nullable() })),
    messages: z.array(z.string()),
  }),
);

export const eligibilityResponseReplySchema = deferred(() =>
  inquirySchema.unwrap().extend({
    /** Every benefit line of the member's reply, in the payer's order. */
    benefits: z.array(benefitSchema),
    /** What could not be read in the 271, with its place. */
    problems: z.array(z.object({ message: z.string(), segmentID: z.string(), line: z.number().int() })),
    reply271: z.string().nullable(),
  }),
);
export type EligibilityResponseReply = z.infer<typeof eligibilityResponseReplySchema>;

/** Insurance/discoverInsurance: the patient's likely payers asked without a member ID. */
export const discoverInsuranceQuerySchema = deferred(() => z.object({ patientID: id, groupID: id }).strict());
export type DiscoverInsuranceQuery = z.infer<typeof discoverInsuranceQuerySchema>;

/** The most payers one discovery asks: each is a real-time question to a payer. */
export const DISCOVERY_MAX_PAYERS = 10;

export const discoveredInsuranceSchema = deferred(() =>
  z.object({
    insuranceID: z.number().int(),
    payerName: z.string(),
    payerID: z.string(),
    /** The member ID the payer found the patient under. */
    memberID: z.string(),
    planDescription: z.string(),
    planBegins: z.string().nullable(),
    planEnds: z.string().nullable(),
    officeVisitCopayCents: z.number().int().nullable(),
    deductibleRemainingCents: z.number().int().nullable(),
  }),
);
export type DiscoveredInsurance = z.infer<typeof discoveredInsuranceSchema>;

export const discoverInsuranceReplySchema = deferred(() =>
  z.object({
    patientID: z.number().int(),
    dateOfService: z.string(),
    /** The payers asked, by name, in the order asked. */
    asked: z.array(z.string()),
    /** Those that answered with active coverage. */
    found: z.array(discoveredInsuranceSchema),
    /** Payers that could not be reached or did not answer: their names with why. */
    unanswered: z.array(z.object({ payerName: z.string(), message: z.string() })),
  }),
);
export type DiscoverInsuranceReply = z.infer<typeof discoverInsuranceReplySchema>;

/** Claims/checkEligibilityForDay: a bulk run checking the coverage of every claim of a day of service. */
export const eligibilityRunRequestSchema = deferred(() =>
  z
    .object({
      /** The day of service whose claims are checked; tomorrow when not given. */
      dateOfService: calendarDate().optional(),
    })
    .strict(),
);
export type EligibilityRunRequest = z.infer<typeof eligibilityRunRequestSchema>;

export const eligibilityRunReplySchema = deferred(() =>
  z.object({ jobID: z.number().int(), dateOfService: z.string(), claims: z.number().int() }),
);
export type EligibilityRunReply = z.infer<typeof eligibilityRunReplySchema>;
