import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { DOCUMENT_MIME_TYPES, MAX_DOCUMENT_MB } from './documents.ts';
import { deferred } from './deferred.ts';

/**
 * Payment, charge and document batches (the Batches controller), the reversal of a posted ledger
 * row (reversePaymentLedger) and deposit reconciliation (getPaymentReconsilationProfileData,
 * reconsilePosting). Money is integer cents: `total` is what the biller expects the batch to
 * hold, `posted` what the ledger says was posted from it.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const cents = numeric(
  z
    .number()
    .int('Amounts are whole cents.')
    .min(0, 'Amounts are not negative.')
    .max(100_000_000_00, 'The amount is too large.'),
);
const day = calendarDate();
const batchNumber = z
  .string()
  .trim()
  .min(1, 'Give the batch number.')
  .max(40, 'A batch number is at most 40 characters.');
const description = z.string().trim().max(200, 'A description is at most 200 characters.');
const page = {
  pageNumber: numeric(z.number().int().min(1).max(1_000_000)).default(1),
  pageSize: numeric(z.number().int().min(1).max(500)).default(100),
};

export const BATCH_CREATED = 'Batch Successfully Created';
export const BATCH_UPDATED = 'Batch Successfully Update';
export const PAYMENT_BATCH_DELETED = 'Payment Batch Successfully Deleted';
export const PAYMENT_BATCH_REASSIGNED = 'Payment batch reassigned.';
export const BATCH_DOCUMENT_UPLOADED = 'Document Successfully uploaded';
export const LEDGER_REVERSED = 'Ledger posting reversed.';
export const DEPOSIT_RECONCILED = 'Deposit reconciled.';
export const FETCH_PAYMENT_BATCH_FAILED = 'Error: error in fetching payment batch';

/** A batch takes postings (or claims, or documents) while open; reconciled is for payment batches only. */
export const BATCH_STATUSES = ['open', 'closed', 'reconciled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_KINDS = ['payment', 'charge', 'document'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];
export const DOCUMENT_BATCH_TYPES = [
  'EOB',
  'Superbill',
  'Medical Records',
  'Correspondence',
  'Denial Letter',
  'Other',
] as const;
export const PAYMENT_SOURCES = ['insurance', 'patient'] as const;

export const batchDocumentSchema = deferred(() =>
  z
    .object({
      fileName: z.string().trim().min(1, 'The file needs a name.').max(255, 'A file name is at most 255 characters.'),
      mimeType: z.string().trim().min(1).max(100),
      contentBase64: z
        .string()
        .min(1, 'The file is empty.')
        .max(Math.ceil((MAX_DOCUMENT_MB * 1024 * 1024 * 4) / 3) + 4, `The file is larger than ${MAX_DOCUMENT_MB} MB.`),
    })
    .strict(),
);
export type BatchDocumentInput = z.infer<typeof batchDocumentSchema>;
const documents = deferred(() => z.array(batchDocumentSchema).max(20, 'At most 20 documents at once.').default([]));
export { DOCUMENT_MIME_TYPES };

// Payment batches -------------------------------------------------------------------------------

export const addPaymentBatchSchema = deferred(() =>
  z
    .object({
      practiceID: id,
      batchNumber,
      paymentSource: z.enum(PAYMENT_SOURCES, { error: 'The payment source is insurance or patient.' }),
      insuranceID: id.optional(),
      checkNumber: z.string().trim().max(50, 'A check number is at most 50 characters.').optional(),
      checkDate: day.optional(),
      depositDate: day.optional(),
      total: cents,
      description: description.optional(),
      assignedUserID: id.optional(),
      documents,
    })
    .strict(),
);
export type AddPaymentBatchRequest = z.infer<typeof addPaymentBatchSchema>;

export const updatePaymentBatchSchema = deferred(() =>
  z
    .object({
      paymentBatchID: id,
      batchNumber: batchNumber.optional(),
      insuranceID: id.nullable().optional(),
      checkNumber: z.string().trim().max(50, 'A check number is at most 50 characters.').nullable().optional(),
      checkDate: day.nullable().optional(),
      depositDate: day.nullable().optional(),
      total: cents.optional(),
      description: description.nullable().optional(),
      status: z
        .enum(['open', 'closed'], { error: 'A batch is open or closed; reconcile it to mark it reconciled.' })
        .optional(),
    })
    .strict(),
);
export type UpdatePaymentBatchRequest = z.infer<typeof updatePaymentBatchSchema>;

export const reassignPaymentBatchSchema = deferred(() => z.object({ paymentBatchID: id, assignedUserID: id }).strict());
export const paymentBatchIDSchema = deferred(() => z.object({ paymentBatchID: id }).strict());

export const paymentBatchListSchema = deferred(() =>
  z
    .object({
      searchValue: z.string().trim().max(40).optional(),
      status: z.enum(BATCH_STATUSES).optional(),
      ...page,
    })
    .strict(),
);
export type PaymentBatchListQuery = z.infer<typeof paymentBatchListSchema>;

export const paymentBatchSchema = deferred(() =>
  z.object({
    paymentBatchID: z.number(),
    groupID: z.number(),
    practiceID: z.number(),
    practiceName: z.string(),
    batchNumber: z.string(),
    paymentSource: z.enum(PAYMENT_SOURCES),
    insuranceID: z.number().nullable(),
    payerName: z.string().nullable(),
    checkNumber: z.string().nullable(),
    checkDate: z.string().nullable(),
    depositDate: z.string().nullable(),
    description: z.string().nullable(),
    status: z.enum(BATCH_STATUSES),
    assignedUserID: z.number().nullable(),
    assignedTo: z.string().nullable(),
    total: z.number(),
    posted: z.number(),
    difference: z.number(),
    documents: z.number(),
    reconciledAt: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type PaymentBatch = z.infer<typeof paymentBatchSchema>;

export const paymentBatchListReplySchema = deferred(() =>
  z.object({ count: z.number(), batches: z.array(paymentBatchSchema) }),
);
export type PaymentBatchListReply = z.infer<typeof paymentBatchListReplySchema>;

export const batchChargeSchema = deferred(() =>
  z.object({
    chargeID: z.number(),
    claimID: z.number(),
    patientName: z.string(),
    cptCode: z.string(),
    dosFrom: z.string(),
    charge: z.number(),
    paid: z.number(),
    adjusted: z.number(),
    balance: z.number(),
  }),
);
export type BatchCharge = z.infer<typeof batchChargeSchema>;

export const batchLedgerRowSchema = deferred(() =>
  z.object({
    ledgerID: z.number(),
    postingDate: z.string(),
    entryType: z.string(),
    claimID: z.number().nullable(),
    chargeID: z.number().nullable(),
    amount: z.number(),
    reasonCode: z.string().nullable(),
    reversesLedgerID: z.number().nullable(),
    reversedByLedgerID: z.number().nullable(),
    note: z.string().nullable(),
  }),
);
export type BatchLedgerRow = z.infer<typeof batchLedgerRowSchema>;

export const batchDocumentRowSchema = deferred(() =>
  z.object({
    documentID: z.number(),
    fileName: z.string(),
    mimeType: z.string(),
    sizeBytes: z.number(),
    active: z.boolean(),
    uploadedAt: z.string(),
  }),
);
export type BatchDocumentRow = z.infer<typeof batchDocumentRowSchema>;

export const paymentBatchDetailReplySchema = deferred(() =>
  z.object({
    batch: paymentBatchSchema,
    charges: z.array(batchChargeSchema),
    documents: z.array(batchDocumentRowSchema),
  }),
);
export type PaymentBatchDetailReply = z.infer<typeof paymentBatchDetailReplySchema>;
export const paymentBatchChargesReplySchema = deferred(() =>
  z.object({ batch: paymentBatchSchema, charges: z.array(batchChargeSchema) }),
);
export type PaymentBatchChargesReply = z.infer<typeof paymentBatchChargesReplySchema>;
export const paymentBatchLedgerReplySchema = deferred(() =>
  z.object({ batch: paymentBatchSchema, rows: z.array(batchLedgerRowSchema) }),
);
export type PaymentBatchLedgerReply = z.infer<typeof paymentBatchLedgerReplySchema>;

export const batchSavedReplySchema = deferred(() =>
  z.object({ message: z.string(), pkid: z.number(), documents: z.array(z.number()) }),
);
export type BatchSavedReply = z.infer<typeof batchSavedReplySchema>;
export const messageReplySchema = deferred(() => z.object({ message: z.string(), pkid: z.number() }));
export type MessageReply = z.infer<typeof messageReplySchema>;

// Ledger reversal and reconciliation -------------------------------------------------------------

export const reversePaymentLedgerSchema = deferred(() =>
  z
    .object({
      ledgerID: id,
      postingDate: day.optional(),
      note: z.string().trim().max(200, 'A note is at most 200 characters.').optional(),
    })
    .strict(),
);
export type ReversePaymentLedgerRequest = z.infer<typeof reversePaymentLedgerSchema>;
export const reversePaymentLedgerReplySchema = deferred(() =>
  z.object({ message: z.string(), ledgerID: z.number(), claimBalance: z.number(), chargeBalance: z.number() }),
);
export type ReversePaymentLedgerReply = z.infer<typeof reversePaymentLedgerReplySchema>;

export const DEPOSIT_KINDS = ['batch', 'era'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export const reconciliationQuerySchema = deferred(() =>
  z
    .object({
      reconciled: z.enum(['yes', 'no']).optional(),
      ...page,
    })
    .strict(),
);
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

export const depositSchema = deferred(() =>
  z.object({
    kind: z.enum(DEPOSIT_KINDS),
    depositID: z.number(),
    reference: z.string(),
    payerName: z.string().nullable(),
    depositDate: z.string().nullable(),
    deposited: z.number(),
    posted: z.number(),
    difference: z.number(),
    reconciled: z.boolean(),
    reconciledAt: z.string().nullable(),
    reconciledBy: z.string().nullable(),
  }),
);
export type Deposit = z.infer<typeof depositSchema>;
export const reconciliationReplySchema = deferred(() =>
  z.object({ count: z.number(), deposits: z.array(depositSchema) }),
);
export type ReconciliationReply = z.infer<typeof reconciliationReplySchema>;

export const reconsilePostingSchema = deferred(() =>
  z
    .object({ paymentBatchID: id.optional(), eraCheckID: id.optional() })
    .strict()
    .refine((input) => (input.paymentBatchID === undefined) !== (input.eraCheckID === undefined), {
      message: 'Give either paymentBatchID or eraCheckID.',
    }),
);
export type ReconsilePostingRequest = z.infer<typeof reconsilePostingSchema>;

// Charge and document batches --------------------------------------------------------------------

export const addChargeBatchSchema = deferred(() =>
  z
    .object({
      practiceID: id,
      batchNumber,
      description: description.optional(),
      total: cents.default(0),
      assignedUserID: id.optional(),
      documents,
    })
    .strict(),
);
export type AddChargeBatchRequest = z.infer<typeof addChargeBatchSchema>;

export const updateChargeBatchSchema = deferred(() =>
  z
    .object({
      chargeBatchID: id,
      batchNumber: batchNumber.optional(),
      description: description.nullable().optional(),
      total: cents.optional(),
      assignedUserID: id.nullable().optional(),
      status: z.enum(['open', 'closed'], { error: 'A charge batch is open or closed.' }).optional(),
    })
    .strict(),
);
export type UpdateChargeBatchRequest = z.infer<typeof updateChargeBatchSchema>;

export const chargeBatchIDSchema = deferred(() => z.object({ chargeBatchID: id }).strict());
export const chargeBatchDocumentQuerySchema = deferred(() =>
  z.object({ chargeBatchID: id, getInactive: z.enum(['true', 'false']).default('false') }).strict(),
);
/** clientID is the group; claimID or patientID narrow the batches to that claim's or patient's practice, the only ones it may go in. */
export const chargeBatchSearchSchema = deferred(() =>
  z
    .object({
      searchValue: z.string().trim().max(40).default(''),
      clientID: id.optional(),
      claimID: id.optional(),
      patientID: id.optional(),
    })
    .strict(),
);
export type ChargeBatchSearchQuery = z.input<typeof chargeBatchSearchSchema>;
export type ChargeBatchSearchInput = z.output<typeof chargeBatchSearchSchema>;

export const chargeBatchSchema = deferred(() =>
  z.object({
    chargeBatchID: z.number(),
    groupID: z.number(),
    practiceID: z.number(),
    practiceName: z.string(),
    batchNumber: z.string(),
    description: z.string().nullable(),
    status: z.string(),
    assignedUserID: z.number().nullable(),
    assignedTo: z.string().nullable(),
    total: z.number(),
    entered: z.number(),
    difference: z.number(),
    claims: z.number(),
    documents: z.number(),
    createdAt: z.string(),
  }),
);
export type ChargeBatch = z.infer<typeof chargeBatchSchema>;
export const chargeBatchReplySchema = deferred(() => z.object({ batch: chargeBatchSchema }));
export const paymentBatchReplySchema = deferred(() => z.object({ batch: paymentBatchSchema }));
/** getBatchChargeProfile: the charge batches of the data role with their figures, newest first. */
export const chargeBatchListSchema = deferred(() =>
  z
    .object({
      searchValue: z.string().trim().max(40).optional(),
      status: z.enum(['open', 'closed'], { error: 'A charge batch is open or closed.' }).optional(),
      ...page,
    })
    .strict(),
);
export type ChargeBatchListQuery = z.infer<typeof chargeBatchListSchema>;
export const chargeBatchListReplySchema = deferred(() =>
  z.object({ count: z.number(), batches: z.array(chargeBatchSchema) }),
);
export type ChargeBatchListReply = z.infer<typeof chargeBatchListReplySchema>;
export const chargeBatchDetailReplySchema = deferred(() =>
  z.object({
    batch: chargeBatchSchema,
    claims: z.array(
      z.object({
        claimID: z.number(),
        patientName: z.string(),
        dosFrom: z.string(),
        totalCharge: z.number(),
        balance: z.number(),
      }),
    ),
    documents: z.array(batchDocumentRowSchema),
  }),
);
export type ChargeBatchDetailReply = z.infer<typeof chargeBatchDetailReplySchema>;
export const chargeBatchChargesReplySchema = deferred(() =>
  z.object({ batch: chargeBatchSchema, charges: z.array(batchChargeSchema) }),
);
export type ChargeBatchChargesReply = z.infer<typeof chargeBatchChargesReplySchema>;
export const chargeBatchOptionsReplySchema = deferred(() =>
  z.object({
    batches: z.array(
      z.object({ chargeBatchID: z.number(), batchNumber: z.string(), description: z.string().nullable() }),
    ),
  }),
);
export type ChargeBatchOptionsReply = z.infer<typeof chargeBatchOptionsReplySchema>;
export const batchDocumentsReplySchema = deferred(() => z.object({ documents: z.array(batchDocumentRowSchema) }));

export const addDocumentBatchSchema = deferred(() =>
  z
    .object({
      practiceID: id,
      batchNumber,
      batchType: z.enum(DOCUMENT_BATCH_TYPES, {
        error: `The batch type is one of: ${DOCUMENT_BATCH_TYPES.join(', ')}.`,
      }),
      description: description.optional(),
      assignedUserID: id.optional(),
      documents,
    })
    .strict(),
);
export type AddDocumentBatchRequest = z.infer<typeof addDocumentBatchSchema>;

export const updateDocumentBatchSchema = deferred(() =>
  z
    .object({
      documentBatchID: id,
      batchNumber: batchNumber.optional(),
      batchType: z
        .enum(DOCUMENT_BATCH_TYPES, { error: `The batch type is one of: ${DOCUMENT_BATCH_TYPES.join(', ')}.` })
        .optional(),
      description: description.nullable().optional(),
      assignedUserID: id.nullable().optional(),
      status: z.enum(['open', 'closed'], { error: 'A document batch is open or closed.' }).optional(),
    })
    .strict(),
);
export type UpdateDocumentBatchRequest = z.infer<typeof updateDocumentBatchSchema>;

export const documentBatchIDSchema = deferred(() => z.object({ documentBatchID: id }).strict());

export const documentBatchSchema = deferred(() =>
  z.object({
    documentBatchID: z.number(),
    groupID: z.number(),
    practiceID: z.number(),
    practiceName: z.string(),
    batchNumber: z.string(),
    batchType: z.string(),
    description: z.string().nullable(),
    status: z.string(),
    assignedUserID: z.number().nullable(),
    assignedTo: z.string().nullable(),
    documents: z.number(),
    createdAt: z.string(),
  }),
);
export type DocumentBatch = z.infer<typeof documentBatchSchema>;
export const documentBatchDetailReplySchema = deferred(() =>
  z.object({ batch: documentBatchSchema, documents: z.array(batchDocumentRowSchema) }),
);
export type DocumentBatchDetailReply = z.infer<typeof documentBatchDetailReplySchema>;

export const uploadBatchDocumentSchema = deferred(() =>
  z
    .object({
      batchKind: z.enum(BATCH_KINDS, { error: 'The batch kind is payment, charge or document.' }),
      batchID: id,
      document: batchDocumentSchema,
    })
    .strict(),
);
export type UploadBatchDocumentRequest = z.infer<typeof uploadBatchDocumentSchema>;
export const uploadBatchDocumentReplySchema = deferred(() => z.object({ message: z.string(), documentID: z.number() }));
export type UploadBatchDocumentReply = z.infer<typeof uploadBatchDocumentReplySchema>;

export const batchesQuerySchema = deferred(() =>
  z
    .object({ kind: z.enum(BATCH_KINDS).optional(), searchValue: z.string().trim().max(40).optional(), ...page })
    .strict(),
);
export type BatchesQuery = z.infer<typeof batchesQuerySchema>;
export const batchesReplySchema = deferred(() =>
  z.object({
    count: z.number(),
    batches: z.array(
      z.object({
        kind: z.enum(BATCH_KINDS),
        batchID: z.number(),
        batchNumber: z.string(),
        practiceName: z.string(),
        status: z.string(),
        description: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
);
export type BatchesReply = z.infer<typeof batchesReplySchema>;

export const emptyQuerySchema = deferred(() => z.object({}).strict());
export const namesReplySchema = deferred(() =>
  z.object({ values: z.array(z.object({ value: z.string(), label: z.string() })) }),
);
export type NamesReply = z.infer<typeof namesReplySchema>;
