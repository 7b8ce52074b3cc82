import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * The HL7 import (a file of HL7 v2 messages uploaded for a practice) and the two import logs:
 * every HL7 message read, over MLLP or from a file, and every X12 file read (835, 271, 999, 277),
 * each with what came of it.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = calendarDate();
const pageNumber = numeric(z.number().int().min(1).max(1_000_000)).default(1);
const pageSize = numeric(z.number().int().min(1).max(500)).default(100);
const sortOrder = z.enum(['asc', 'desc'], 'The sort order is asc or desc.').default('desc');

/** The largest HL7 file taken: a day of an EHR's charges runs to a few hundred kilobytes. */
export const MAX_HL7_FILE_BYTES = 5 * 1024 * 1024;

/** What came of a message: accepted (ACK AA), refused for its content (AE), or not taken at all (AR). */
export const HL7_OUTCOMES = ['accepted', 'error', 'rejected'] as const;
export type Hl7Outcome = (typeof HL7_OUTCOMES)[number];
export const HL7_ACK_CODES = { accepted: 'AA', error: 'AE', rejected: 'AR' } as const;

/** The messages the import reads; any other type is rejected (AR) and logged. */
export const HL7_MESSAGE_TYPES = ['ADT^A04', 'ADT^A08', 'DFT^P03'] as const;

export const uploadHl7QuerySchema = deferred(() =>
  z
    .object({
      practiceID: id,
      fileName: z.string().trim().min(1, 'The file needs a name.').max(255, 'A file name is at most 255 characters.'),
    })
    .strict(),
);
export type UploadHl7Query = z.infer<typeof uploadHl7QuerySchema>;

export const uploadHl7BodySchema = z
  .string({ error: 'Send the HL7 file as the request body (text/plain).' })
  .min(1, 'The file is empty.');

export const hl7MessageResultSchema = deferred(() =>
  z.object({
    hl7LogID: z.number().int(),
    /** The message's place in the file, from 1. */
    position: z.number().int(),
    controlID: z.string(),
    messageType: z.string(),
    outcome: z.enum(HL7_OUTCOMES),
    ackCode: z.enum(['AA', 'AE', 'AR']),
    errors: z.array(z.string()),
    /** What the message did: 'patient registered', 'patient updated', 'draft claim created'. */
    action: z.string().nullable(),
    patientID: z.number().int().nullable(),
    claimID: z.number().int().nullable(),
  }),
);
export type Hl7MessageResult = z.infer<typeof hl7MessageResultSchema>;

export const uploadHl7ReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    accepted: z.number().int(),
    errors: z.number().int(),
    rejected: z.number().int(),
    results: z.array(hl7MessageResultSchema),
  }),
);
export type UploadHl7Reply = z.infer<typeof uploadHl7ReplySchema>;

export const HL7_LOG_SORT_COLUMNS = ['receivedAt', 'messageType', 'outcome', 'controlID', 'practiceName'] as const;

export const hl7ImportLogQuerySchema = deferred(() =>
  z
    .object({
      practiceID: id.optional(),
      fromDate: isoDate.optional(),
      toDate: isoDate.optional(),
      outcome: z.enum(HL7_OUTCOMES, 'The outcome is accepted, error or rejected.').optional(),
      messageType: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{3}(\^[A-Z0-9]{3})?$/, 'A message type is like ADT^A04 or DFT^P03, or ADT alone.')
        .optional(),
      pageNumber,
      pageSize,
      sortColumn: z
        .enum(HL7_LOG_SORT_COLUMNS, `Sort by one of ${HL7_LOG_SORT_COLUMNS.join(', ')}.`)
        .default('receivedAt'),
      sortOrder,
    })
    .strict()
    .superRefine((query, ctx) => {
      if (query.fromDate && query.toDate && query.toDate < query.fromDate)
        ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'The end date is before the start date.' });
    }),
);
export type Hl7ImportLogQuery = z.input<typeof hl7ImportLogQuerySchema>;
export type Hl7ImportLogInput = z.output<typeof hl7ImportLogQuerySchema>;

export const hl7LogRowSchema = deferred(() =>
  z.object({
    hl7LogID: z.number().int(),
    receivedAt: z.string(),
    practiceID: z.number().int(),
    practiceName: z.string(),
    channel: z.enum(['mllp', 'file']),
    fileName: z.string().nullable(),
    messageType: z.string(),
    controlID: z.string(),
    sendingFacility: z.string(),
    outcome: z.enum(HL7_OUTCOMES),
    ackCode: z.enum(['AA', 'AE', 'AR']),
    errors: z.array(z.string()),
    action: z.string().nullable(),
    patientID: z.number().int().nullable(),
    patientName: z.string().nullable(),
    claimID: z.number().int().nullable(),
  }),
);
export type Hl7LogRow = z.infer<typeof hl7LogRowSchema>;

export const hl7ImportLogReplySchema = deferred(() =>
  z.object({
    totalCount: z.number().int(),
    outcomeCounts: z.object({ accepted: z.number().int(), error: z.number().int(), rejected: z.number().int() }),
    rows: z.array(hl7LogRowSchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
);
export type Hl7ImportLogReply = z.infer<typeof hl7ImportLogReplySchema>;

/** The X12 transaction sets the product reads (999 and 277 once their readers exist). */
export const EDI_TRANSACTION_SETS = ['835', '271', '999', '277'] as const;
export type EdiTransactionSet = (typeof EDI_TRANSACTION_SETS)[number];
export const EDI_OUTCOMES = ['accepted', 'rejected', 'error'] as const;
export type EdiOutcome = (typeof EDI_OUTCOMES)[number];
export const EDI_LOG_SORT_COLUMNS = ['readAt', 'transactionSet', 'outcome', 'fileName'] as const;

export const ediImportLogQuerySchema = deferred(() =>
  z
    .object({
      groupID: id.optional(),
      fromDate: isoDate.optional(),
      toDate: isoDate.optional(),
      outcome: z.enum(EDI_OUTCOMES, 'The outcome is accepted, rejected or error.').optional(),
      transactionSet: z.enum(EDI_TRANSACTION_SETS, 'The file kind is 835, 271, 999 or 277.').optional(),
      pageNumber,
      pageSize,
      sortColumn: z.enum(EDI_LOG_SORT_COLUMNS, `Sort by one of ${EDI_LOG_SORT_COLUMNS.join(', ')}.`).default('readAt'),
      sortOrder,
    })
    .strict()
    .superRefine((query, ctx) => {
      if (query.fromDate && query.toDate && query.toDate < query.fromDate)
        ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'The end date is before the start date.' });
    }),
);
export type EdiImportLogQuery = z.input<typeof ediImportLogQuerySchema>;
export type EdiImportLogInput = z.output<typeof ediImportLogQuerySchema>;

export const ediLogRowSchema = deferred(() =>
  z.object({
    ediLogID: z.number().int(),
    readAt: z.string(),
    groupID: z.number().int(),
    groupName: z.string(),
    transactionSet: z.enum(EDI_TRANSACTION_SETS),
    fileName: z.string().nullable(),
    outcome: z.enum(EDI_OUTCOMES),
    detail: z.string(),
    /** What the read stored: an ERA file (era_file) or an eligibility answer (eligibility_inquiry). */
    recordType: z.string().nullable(),
    recordID: z.number().int().nullable(),
    bytes: z.number().int(),
    readBy: z.string().nullable(),
  }),
);
export type EdiLogRow = z.infer<typeof ediLogRowSchema>;

export const ediImportLogReplySchema = deferred(() =>
  z.object({
    totalCount: z.number().int(),
    rows: z.array(ediLogRowSchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
);
export type EdiImportLogReply = z.infer<typeof ediImportLogReplySchema>;

/**
 * A practice's HL7 interface: the receiving facility (MSH-6) whose messages feed it, the user the
 * import acts as, and whether it takes messages. Set by an administrator on the HL7 import log.
 */
export const HL7_RECEIVING_FACILITY_PATTERN = /^[A-Z0-9][A-Z0-9 ._-]{0,59}$/;

export const hl7InboundSettingSchema = deferred(() =>
  z.object({
    practiceID: z.number().int(),
    practiceName: z.string(),
    groupName: z.string(),
    /** Null while the practice has no interface set up. */
    receivingFacility: z.string().nullable(),
    importUserID: z.number().int().nullable(),
    importUserName: z.string().nullable(),
    active: z.boolean(),
  }),
);
export type Hl7InboundSetting = z.infer<typeof hl7InboundSettingSchema>;

export const hl7InboundSettingsQuerySchema = deferred(() => z.object({}).strict());
export const hl7InboundSettingsReplySchema = deferred(() =>
  z.object({
    rows: z.array(hl7InboundSettingSchema),
    /** The active users the import may act as, within the caller's data role. */
    users: z.array(z.object({ userID: z.number().int(), name: z.string(), email: z.string() })),
  }),
);
export type Hl7InboundSettingsReply = z.infer<typeof hl7InboundSettingsReplySchema>;

export const saveHl7InboundSettingsSchema = deferred(() =>
  z
    .object({
      practiceID: id,
      receivingFacility: z
        .string({ error: 'Name the receiving facility (MSH-6) of the interface.' })
        .trim()
        .transform((text) => text.toUpperCase())
        .pipe(
          z
            .string()
            .min(1, 'Name the receiving facility (MSH-6) of the interface.')
            .max(60, 'A receiving facility is at most 60 characters.')
            .regex(
              HL7_RECEIVING_FACILITY_PATTERN,
              'A receiving facility is letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit.',
            ),
        ),
      importUserID: id,
      active: z.boolean({ error: 'Say whether the interface takes messages (active true or false).' }),
    })
    .strict(),
);
export type SaveHl7InboundSettingsInput = z.output<typeof saveHl7InboundSettingsSchema>;
export type SaveHl7InboundSettingsRequest = z.input<typeof saveHl7InboundSettingsSchema>;
