/**
 * The reads and two writes around a claim that the catalogue names without their shapes: the
 * claim's stats, one charge line in full, the billing summary, the scrub response, the edit log,
 * validation errors by type, an ERA check's summary and its lines, which screen opens a claim,
 * the detail popups by id and type, one ledger posting in full, a new claim filled from the
 * patient's last one, the claim form's fixed lists, the group's referring providers; a charge
 * saved with a payment on it, and a line's diagnosis pointers.
 */
import { z } from 'zod';
import { chargeLineSchema } from './claimDetail.ts';
import { saveChargeRequestSchema } from './claimEdit.ts';
import { claimEventSchema } from './claimDNA.ts';
import { chargeStatusChangeSchema } from './chargeStatus.ts';
import { deferred } from './deferred.ts';
import { eraLineDetailSchema, PATIENT_PAYMENT_METHODS } from './era.ts';
import { ledgerRowSchema } from './ledger.ts';
import { calendarDate, numeric } from './scalars.ts';
import { scrubFindingSchema } from './scrub.ts';

const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const cents = z.number().int();

export const claimIDOnlySchema = deferred(() => z.object({ claimID: id }).strict());
export const chargeIDOnlySchema = deferred(() => z.object({ chargeID: id }).strict());
export const eraCheckIDOnlySchema = deferred(() => z.object({ eraCheckID: id }).strict());
export const ledgerIDOnlySchema = deferred(() => z.object({ ledgerID: id }).strict());
export const patientIDOnlySchema = deferred(() => z.object({ patientID: id }).strict());
/** getClaimScreen takes the catalogue's spelling, ClaimID. */
export const claimScreenQuerySchema = deferred(() => z.object({ ClaimID: id }).strict());
export const referringProviderQuerySchema = deferred(() => z.object({ groupID: id }).strict());

/** Claims/getClaimStatsData: the claim in figures (money from the one figure model, counts of what hangs on it). */
export const claimStatsReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    totalCharges: cents,
    insurancePaid: cents,
    patientPaid: cents,
    adjusted: cents,
    balance: cents,
    lines: z.number().int(),
    openLines: z.number().int(),
    diagnoses: z.number().int(),
    notes: z.number().int(),
    openTasks: z.number().int(),
    documents: z.number().int(),
    eraAnswers: z.number().int(),
    /** Days from the first day of service to today. */
    daysSinceService: z.number().int(),
    /** The last day the claim was sent; null when never sent. */
    lastSubmitted: z.string().nullable(),
    timesSubmitted: z.number().int(),
    lastPostingDate: z.string().nullable(),
  }),
);
export type ClaimStatsReply = z.infer<typeof claimStatsReplySchema>;

/** Claims/getChargeDetailData: one charge line, its ledger rows, the ERA lines that answered it and its status history. */
export const chargeDetailReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    charge: chargeLineSchema,
    posCode: z.string().nullable(),
    ndcCode: z.string().nullable(),
    revenueCode: z.string().nullable(),
    lineControlNumber: z.string().nullable(),
    ledger: z.array(ledgerRowSchema),
    eraLines: z.array(
      z.object({
        eraCheckID: z.number().int(),
        traceNumber: z.string(),
        payerName: z.string(),
        line: eraLineDetailSchema,
      }),
    ),
    statusHistory: z.array(chargeStatusChangeSchema),
  }),
);
export type ChargeDetailReply = z.infer<typeof chargeDetailReplySchema>;

const partySchema = deferred(() =>
  z.object({
    name: z.string().nullable(),
    npi: z.string().nullable(),
  }),
);

/** Claims/getClaimDetailSummaryBillingData: who bills whom, as the 837 will say it. */
export const billingSummaryReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    kind: z.enum(['professional', 'institutional']),
    billingProvider: partySchema.unwrap().extend({
      taxID: z.string().nullable(),
      address: z.string().nullable(),
    }),
    renderingProvider: partySchema,
    referringProvider: partySchema.nullable(),
    supervisingProvider: partySchema.nullable(),
    facility: partySchema.nullable(),
    payer: z.object({ name: z.string(), payerID: z.string().nullable(), responsibility: z.string() }).nullable(),
    subscriber: z
      .object({ memberID: z.string().nullable(), name: z.string().nullable(), relationship: z.string().nullable() })
      .nullable(),
    frequencyCode: z.string(),
    originalClaimNumber: z.string().nullable(),
    priorAuthorization: z.string().nullable(),
    referralNumber: z.string().nullable(),
    totalCharges: cents,
  }),
);
export type BillingSummaryReply = z.infer<typeof billingSummaryReplySchema>;

/** Claims/getScrubingResponce: the claim's last scrub, who ran it, and its findings in rule order. */
export const scrubResponseReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    scrubStatus: z.string(),
    scrubbedAt: z.string().nullable(),
    scrubbedBy: z.string().nullable(),
    errors: z.number().int(),
    warnings: z.number().int(),
    findings: z.array(scrubFindingSchema),
  }),
);
export type ScrubResponseReply = z.infer<typeof scrubResponseReplySchema>;

/** Claims/getEditClaimDNAData: only the DNA events that changed what the claim bills, oldest first. */
export const EDIT_EVENT_ACTIONS = [
  'created',
  'created from crossover',
  'claim edited',
  'charge added',
  'charge edited',
  'charge deleted',
  'diagnosis removed',
  'lines reordered',
  'charge status changed',
  'encounter voided',
] as const;
export const editClaimDNAReplySchema = deferred(() => z.object({ events: z.array(claimEventSchema) }));
export type EditClaimDNAReply = z.infer<typeof editClaimDNAReplySchema>;

/** Claims/viewClaimValidationErrors: `scrub` the scrubber's errors and warnings, `posting` what holds ERA answers to the claim. */
export const VALIDATION_TYPES = ['scrub', 'posting'] as const;
export type ValidationType = (typeof VALIDATION_TYPES)[number];
export const validationErrorsQuerySchema = deferred(() =>
  z
    .object({
      claimID: id,
      type: z.enum(VALIDATION_TYPES, { error: 'The type is scrub or posting.' }),
    })
    .strict(),
);
export const validationErrorSchema = deferred(() =>
  z.object({
    severity: z.enum(['error', 'warning']),
    code: z.string(),
    message: z.string(),
    fix: z.string().nullable(),
    chargeID: z.number().int().nullable(),
    lineNumber: z.number().int().nullable(),
  }),
);
export type ValidationError = z.infer<typeof validationErrorSchema>;
export const validationErrorsReplySchema = deferred(() =>
  z.object({ claimID: z.number().int(), type: z.enum(VALIDATION_TYPES), errors: z.array(validationErrorSchema) }),
);
export type ValidationErrorsReply = z.infer<typeof validationErrorsReplySchema>;

/** Claims/getERAProfileDetailSummary: one ERA check added up: claims by outcome, money, adjustments by group and reason with the CARC text. */
export const eraDetailSummaryReplySchema = deferred(() =>
  z.object({
    eraCheckID: z.number().int(),
    eraID: z.number().int(),
    traceNumber: z.string(),
    payerName: z.string(),
    checkDate: z.string().nullable(),
    status: z.string(),
    totalPaid: cents,
    claims: z.number().int(),
    matched: z.number().int(),
    posted: z.number().int(),
    denied: z.number().int(),
    billed: cents,
    paid: cents,
    patientResponsibility: cents,
    interest: cents,
    providerAdjustments: cents,
    adjustments: z.array(
      z.object({
        group: z.string(),
        reason: z.string(),
        description: z.string().nullable(),
        amount: cents,
        lines: z.number().int(),
      }),
    ),
    remarks: z.array(z.object({ code: z.string(), description: z.string().nullable(), lines: z.number().int() })),
  }),
);
export type EraDetailSummaryReply = z.infer<typeof eraDetailSummaryReplySchema>;

/** Claims/getERAProfileDetailSummaryCharges: every line of the check with its claim and patient. */
export const eraDetailSummaryChargesReplySchema = deferred(() =>
  z.object({
    eraCheckID: z.number().int(),
    lines: z.array(
      z.object({
        eraClaimID: z.number().int(),
        claimID: z.number().int().nullable(),
        patientName: z.string().nullable(),
        line: eraLineDetailSchema,
      }),
    ),
  }),
);
export type EraDetailSummaryChargesReply = z.infer<typeof eraDetailSummaryChargesReplySchema>;

/** Repository/getClaimScreen: where a claim opens, and whether its form can change it. */
export const claimScreenReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    route: z.string(),
    formRoute: z.string(),
    kind: z.enum(['professional', 'institutional']),
    /** Why the claim form opens read-only; null when it can be edited. */
    readOnlyReason: z.string().nullable(),
  }),
);
export type ClaimScreenReply = z.infer<typeof claimScreenReplySchema>;

/** Repository/getPopupDetailsDatabyID: a record in a few labelled lines for a popup. */
export const POPUP_TYPES = ['patient', 'payer', 'provider', 'facility', 'charge', 'ledger', 'carc', 'rarc'] as const;
export type PopupType = (typeof POPUP_TYPES)[number];
export const popupQuerySchema = deferred(() =>
  z
    .object({
      // A CARC or RARC is a code (45, N130), every other type an id.
      id: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{1,12}$/, 'The id is a record id or a CARC or RARC code.'),
      type: z.enum(POPUP_TYPES, { error: `The type is one of ${POPUP_TYPES.join(', ')}.` }),
    })
    .strict(),
);
export const popupReplySchema = deferred(() =>
  z.object({
    type: z.enum(POPUP_TYPES),
    id: z.string(),
    title: z.string(),
    lines: z.array(z.object({ label: z.string(), value: z.string() })),
  }),
);
export type PopupReply = z.infer<typeof popupReplySchema>;

/** Repository/getPaymentLedgerDetail: one ledger row in full, with the rows it reverses or that reverse it. */
export const paymentLedgerDetailReplySchema = deferred(() =>
  z.object({
    row: ledgerRowSchema,
    patientName: z.string(),
    postedBy: z.string().nullable(),
    postedAt: z.string(),
    eraCheck: z.object({ eraCheckID: z.number().int(), traceNumber: z.string(), payerName: z.string() }).nullable(),
    paymentBatch: z.object({ paymentBatchID: z.number().int(), batchNumber: z.string() }).nullable(),
    reverses: ledgerRowSchema.nullable(),
    reversedBy: ledgerRowSchema.nullable(),
  }),
);
export type PaymentLedgerDetailReply = z.infer<typeof paymentLedgerDetailReplySchema>;

/** Repository/getAutoPopulateClaimsData: what a new claim of the patient takes from their last claim; null fields when none. */
export const autoPopulateReplySchema = deferred(() =>
  z.object({
    patientID: z.number().int(),
    fromClaimID: z.number().int().nullable(),
    fromDos: z.string().nullable(),
    patientInsuranceID: z.number().int().nullable(),
    providerID: z.number().int().nullable(),
    referringProviderID: z.number().int().nullable(),
    supervisingProviderID: z.number().int().nullable(),
    facilityID: z.number().int().nullable(),
    posCode: z.string().nullable(),
    icds: z.array(z.string()),
  }),
);
export type AutoPopulateReply = z.infer<typeof autoPopulateReplySchema>;

const optionSchema = deferred(() => z.object({ value: z.string(), label: z.string() }));
/** Repository/getLookupDropowns: the claim form's fixed lists. */
export const lookupDropdownsReplySchema = deferred(() =>
  z.object({
    placesOfService: z.array(optionSchema),
    frequencyCodes: z.array(optionSchema),
    relationships: z.array(optionSchema),
    claimStatuses: z.array(optionSchema),
    chargeStatuses: z.array(optionSchema),
    paymentMethods: z.array(optionSchema),
    adjustmentGroups: z.array(optionSchema),
  }),
);
export type LookupDropdownsReply = z.infer<typeof lookupDropdownsReplySchema>;

/** Repository/getReferringProvider: the group's active referring providers. */
export const referringProvidersReplySchema = deferred(() =>
  z.object({
    providers: z.array(z.object({ providerID: z.number().int(), name: z.string(), npi: z.string() })),
  }),
);
export type ReferringProvidersReply = z.infer<typeof referringProvidersReplySchema>;

/** AddEditClaim/updateChargeDiagnosis: the diagnoses one line points at, in order. */
export const updateChargeDiagnosisRequestSchema = deferred(() =>
  z
    .object({
      chargeID: id,
      diagnosisPointers: z
        .array(z.number().int('A pointer is 1 to 12.').min(1, 'A pointer is 1 to 12.').max(12, 'A pointer is 1 to 12.'))
        .min(1, 'Point the line at 1 to 4 diagnoses.')
        .max(4, 'Point the line at 1 to 4 diagnoses.')
        .refine((pointers) => new Set(pointers).size === pointers.length, 'A line points at each diagnosis only once.'),
    })
    .strict(),
);
export type UpdateChargeDiagnosisRequest = z.input<typeof updateChargeDiagnosisRequestSchema>;
export const updateChargeDiagnosisReplySchema = deferred(() =>
  z.object({ message: z.string(), chargeID: z.number().int(), claimID: z.number().int() }),
);

/** AddEditClaim/saveClaimChargeAndPayment: a new line and what the patient paid on it at the desk, in one transaction. */
export const saveChargeAndPaymentRequestSchema = deferred(() =>
  z
    .object({
      charge: saveChargeRequestSchema,
      payment: z
        .object({
          amount: numeric(
            z
              .number()
              .int('Amounts are whole cents.')
              .min(1, 'The payment must be more than $0.00.')
              .max(100_000_000, 'The payment is at most $1,000,000.00.'),
          ),
          method: z.enum(PATIENT_PAYMENT_METHODS, { error: 'The method is cash, check, card or ach.' }),
          reference: z.string().trim().max(50, 'A reference is at most 50 characters.').optional(),
          postingDate: calendarDate('The posting date is YYYY-MM-DD.').optional(),
        })
        .strict(),
    })
    .strict(),
);
export type SaveChargeAndPaymentRequest = z.input<typeof saveChargeAndPaymentRequestSchema>;
export const saveChargeAndPaymentReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    claimID: z.number().int(),
    chargeID: z.number().int(),
    lineNumber: z.number().int(),
    chargeCents: cents,
    paidCents: cents,
    /** What the line still owes after the payment. */
    lineBalance: cents,
  }),
);
export type SaveChargeAndPaymentReply = z.infer<typeof saveChargeAndPaymentReplySchema>;
export const CHARGE_AND_PAYMENT_SAVED = 'Charge and payment saved.';
