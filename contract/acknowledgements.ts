/**
 * Acknowledgements and claim status: what the clearinghouse and the payer said of a claim (999,
 * 277CA, 277), the claim status inquiries (276) sent for it, and the events listed on the claim.
 * AddEditClaim/getClaimStatusByID, getClaimStatusDetailsByID; AbilityApiIntegration/
 * getAbilityStatusList, getAbilityStatusData, getAbilityClaimEvents, uploadAcknowledgementFile,
 * checkClaimStatus, resendClaimAsReplacement.
 */
import { z } from 'zod';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';
import { MAX_CLAIMS_PER_CALL, refusedClaimSchema } from './scrub.ts';

const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const claimIDQuerySchema = deferred(() => z.object({ claimID: id }).strict());
export type ClaimIDQuery = z.input<typeof claimIDQuerySchema>;

export const STATUS_SOURCES = ['999', '277CA', '277'] as const;
export const STATUS_OUTCOMES = ['accepted', 'rejected', 'pending', 'finalized', 'information'] as const;

/** One answer about the claim: a 999, a 277CA or a 277. */
export const claimStatusEntrySchema = deferred(() =>
  z.object({
    claimStatusHistoryID: z.number().int(),
    source: z.enum(STATUS_SOURCES),
    answeredBy: z.enum(['clearinghouse', 'payer']),
    answeredByName: z.string(),
    outcome: z.enum(STATUS_OUTCOMES),
    categoryCode: z.string(),
    statusCode: z.string(),
    entityCode: z.string(),
    /** The codes in words, one line each. */
    reason: z.string(),
    payerClaimNumber: z.string().nullable(),
    effectiveDate: z.string().nullable(),
    chargeCents: z.number().int().nullable(),
    paymentCents: z.number().int().nullable(),
    fileName: z.string().nullable(),
    submissionBatchID: z.number().int().nullable(),
    recordedAt: z.string(),
  }),
);
export type ClaimStatusEntry = z.infer<typeof claimStatusEntrySchema>;

/** AddEditClaim/getClaimStatusByID: where the claim stands and the last answer about it. */
export const claimStatusReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    claimStatusID: z.number().int(),
    claimStatus: z.string(),
    submitStatusID: z.number().int(),
    submitStatus: z.string(),
    frequencyCode: z.string(),
    originalClaimNumber: z.string().nullable(),
    payerClaimNumber: z.string().nullable(),
    latest: claimStatusEntrySchema.nullable(),
    /** The answer that turned the claim back, while it stands rejected. */
    rejection: claimStatusEntrySchema.nullable(),
  }),
);
export type ClaimStatusReply = z.infer<typeof claimStatusReplySchema>;

/** AddEditClaim/getClaimStatusDetailsByID: every answer, oldest first, with each status code and line. */
export const claimStatusDetailSchema = deferred(() =>
  claimStatusEntrySchema.unwrap().extend({
    statuses: z.array(
      z.object({
        codes: z.array(z.object({ category: z.string(), status: z.string(), entity: z.string(), text: z.string() })),
        date: z.string().nullable(),
        action: z.string(),
        message: z.string(),
      }),
    ),
    lines: z.array(
      z.object({
        procedure: z.string(),
        chargeCents: z.number().int().nullable(),
        paidCents: z.number().int().nullable(),
        lineControlNumber: z.string(),
        reasons: z.array(z.string()),
      }),
    ),
  }),
);
export type ClaimStatusDetail = z.infer<typeof claimStatusDetailSchema>;

export const claimStatusDetailsReplySchema = deferred(() =>
  z.object({ claimID: z.number().int(), history: z.array(claimStatusDetailSchema) }),
);
export type ClaimStatusDetailsReply = z.infer<typeof claimStatusDetailsReplySchema>;

export const INQUIRY_STATES = ['ready', 'sent', 'answered', 'failed'] as const;

/** A claim status inquiry (276) that asked about the claim, and the 277's answer once it came. */
export const statusInquirySchema = deferred(() =>
  z.object({
    inquiryID: z.number().int(),
    fileName: z.string(),
    /** ready: written, waiting to be downloaded or sent; sent; answered; failed (send error). */
    state: z.enum(INQUIRY_STATES),
    clearingHouseName: z.string().nullable(),
    sendError: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    answeredAt: z.string().nullable(),
    claimCount: z.number().int(),
    answer: claimStatusEntrySchema.nullable(),
  }),
);
export type StatusInquiry = z.infer<typeof statusInquirySchema>;

export const statusListReplySchema = deferred(() =>
  z.object({ claimID: z.number().int(), inquiries: z.array(statusInquirySchema) }),
);
export type StatusListReply = z.infer<typeof statusListReplySchema>;

export const statusDataQuerySchema = deferred(() => z.object({ inquiryID: id }).strict());
export type StatusDataQuery = z.input<typeof statusDataQuerySchema>;

/** AbilityApiIntegration/getAbilityStatusData: one inquiry, its 276 as written and each claim's answer. */
export const statusDataReplySchema = deferred(() =>
  statusInquirySchema
    .unwrap()
    .omit({ answer: true })
    .extend({
      content: z.string(),
      claims: z.array(
        z.object({ claimID: z.number().int(), traceNumber: z.string(), answer: claimStatusEntrySchema.nullable() }),
      ),
    }),
);
export type StatusDataReply = z.infer<typeof statusDataReplySchema>;

export const CLAIM_EVENT_KINDS = [
  'submitted',
  'acknowledgement',
  'rejected',
  'status',
  'inquiry',
  'resent',
  'paid',
] as const;

/** One event listed on the claim: sent, acknowledged, rejected, asked about, answered, paid. */
export const abilityClaimEventSchema = deferred(() =>
  z.object({
    at: z.string(),
    kind: z.enum(CLAIM_EVENT_KINDS),
    /** "Submitted in 837P_60054_000000017.x12", "999 accepted by Availity", "277CA rejected by ACME HEALTH PLAN". */
    title: z.string(),
    /** The reason or the figures, one line each; '' when there are none. */
    detail: z.string(),
  }),
);
export type AbilityClaimEvent = z.infer<typeof abilityClaimEventSchema>;

/** Newest first. */
export const abilityClaimEventsReplySchema = deferred(() =>
  z.object({ claimID: z.number().int(), events: z.array(abilityClaimEventSchema) }),
);
export type AbilityClaimEventsReply = z.infer<typeof abilityClaimEventsReplySchema>;

export const MAX_ACKNOWLEDGEMENT_FILE_BYTES = 20 * 1024 * 1024;

export const uploadAcknowledgementQuerySchema = deferred(() =>
  z
    .object({
      fileName: z.string().trim().min(1, 'Name the file.').max(255, 'A file name is at most 255 characters.'),
    })
    .strict(),
);
export type UploadAcknowledgementQuery = z.infer<typeof uploadAcknowledgementQuerySchema>;

export const uploadAcknowledgementBodySchema = z
  .string({ error: 'Send the 999 or 277 file as the request body (text/plain).' })
  .min(1, 'The file is empty.');

export const acknowledgementResultSchema = deferred(() =>
  z.object({
    outcome: z.enum(['applied', 'already applied', 'error']),
    transactionSet: z.enum(STATUS_SOURCES).nullable(),
    message: z.string(),
    batches: z.array(z.object({ submissionBatchID: z.number().int(), status: z.string() })),
    claims: z.array(z.object({ claimID: z.number().int(), outcome: z.string() })),
    rejectedClaimIDs: z.array(z.number().int()),
    unknown: z.array(z.string()),
    problems: z.array(z.string()),
  }),
);
export type AcknowledgementResult = z.infer<typeof acknowledgementResultSchema>;

export const checkClaimStatusRequestSchema = deferred(() =>
  z
    .object({
      claimIDS: z
        .array(id)
        .min(1, 'Choose at least one claim.')
        .max(MAX_CLAIMS_PER_CALL, `At most ${MAX_CLAIMS_PER_CALL.toLocaleString('en-US')} claims at once.`),
    })
    .strict(),
);
export type CheckClaimStatusRequest = z.input<typeof checkClaimStatusRequestSchema>;

export const checkClaimStatusReplySchema = deferred(() =>
  z.object({
    inquiries: z.array(
      z.object({
        inquiryID: z.number().int(),
        fileName: z.string(),
        state: z.enum(INQUIRY_STATES),
        sendError: z.string().nullable(),
        claimIDs: z.array(z.number().int()),
      }),
    ),
    refused: z.array(refusedClaimSchema),
  }),
);
export type CheckClaimStatusReply = z.infer<typeof checkClaimStatusReplySchema>;

export const resendReplacementRequestSchema = deferred(() => z.object({ claimID: id }).strict());
export type ResendReplacementRequest = z.input<typeof resendReplacementRequestSchema>;

export const resendReplacementReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    frequencyCode: z.string(),
    originalClaimNumber: z.string().nullable(),
    submitted: z.boolean(),
    submissionBatchID: z.number().int().nullable(),
    message: z.string(),
  }),
);
export type ResendReplacementReply = z.infer<typeof resendReplacementReplySchema>;
