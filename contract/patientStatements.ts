import { z } from 'zod';
import { agingSchema } from './patientFinancials.ts';
import { deferred } from './deferred.ts';
import { calendarDate, numeric } from './scalars.ts';

/**
 * Patient statements: the bill for the patient's share. Patient/getPatientStatementsIDS picks who
 * gets one, getPatientStatementsData gives what each statement says (every figure from the
 * ledger, through the patient financials), startPatientStatementRun starts a print run as a bulk
 * job (each statement stored with its PDF, chunk by chunk), patientStatementsFileDownload gives the
 * finished run's one file of them all, CustomPrint/getPrintPatientStatements prints a stored one
 * again. Amounts are integer cents.
 */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const cents = z.number().int();

/** The rules billers choose patients by; the defaults are the usual monthly cycle. */
export const STATEMENT_RULE_DEFAULTS = { minimumBalance: 500, daysSinceLastStatement: 30 } as const;
/** The most patients one statement data read names. A print run has no cap: it runs in chunks. */
export const MAX_STATEMENT_PATIENTS = 500;
/** The most patients a run may name; a run by the rules picks any number. */
export const MAX_NAMED_RUN_PATIENTS = 100_000;

export const statementRulesSchema = deferred(() =>
  z
    .object({
      /** Cents: a patient owing less is not billed. */
      minimumBalance: numeric(z.number().int().min(0).max(100_000_000)).optional(),
      /** A patient billed more recently than this many days ago is skipped. */
      daysSinceLastStatement: numeric(z.number().int().min(0).max(3650)).optional(),
    })
    .strict(),
);
export type StatementRules = z.input<typeof statementRulesSchema>;

export const statementSelectionReplySchema = deferred(() =>
  z.object({
    minimumBalance: cents,
    daysSinceLastStatement: z.number().int(),
    patients: z.array(
      z.object({
        patientID: z.number().int(),
        accountNumber: z.string(),
        patientName: z.string(),
        amountDue: cents,
        lastStatementDate: z.string().nullable(),
      }),
    ),
  }),
);
export type StatementSelectionReply = z.infer<typeof statementSelectionReplySchema>;

/** A list of patient ids as the query carries it: "12,15,20". */
const patientIDList = z
  .string()
  .trim()
  .regex(/^\d+(,\d+)*$/, 'Give the patient ids separated by commas.')
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .pipe(z.array(id).min(1).max(MAX_STATEMENT_PATIENTS, `At most ${MAX_STATEMENT_PATIENTS} patients at a time.`));

export const statementDataQuerySchema = deferred(() =>
  z.object({ patientIDs: patientIDList, statementDate: calendarDate().optional() }).strict(),
);
export type StatementDataQuery = z.input<typeof statementDataQuerySchema>;

export const addressSchema = deferred(() =>
  z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
);
export type Address = z.infer<typeof addressSchema>;

/** One date of service: a claim, with what was charged and what came off it. */
export const statementLineSchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    dateOfService: z.string(),
    description: z.string(),
    charges: cents,
    insurancePaid: cents,
    adjustments: cents,
    patientPaid: cents,
    /** What the patient owes on this date of service. */
    patientBalance: cents,
  }),
);
export type StatementLine = z.infer<typeof statementLineSchema>;

export const storedStatementSchema = deferred(() =>
  z.object({
    statementID: z.number().int(),
    statementDate: z.string(),
    amountDue: cents,
    runID: z.number().int().nullable(),
    createdAt: z.string(),
  }),
);
export type StoredStatement = z.infer<typeof storedStatementSchema>;

export const patientStatementSchema = deferred(() =>
  z.object({
    patientID: z.number().int(),
    practice: z.object({ name: z.string(), address: addressSchema, phone: z.string().nullable() }),
    /** Where the coupon is mailed: the practice's pay-to address, or its own. */
    payTo: addressSchema,
    statementDate: z.string(),
    accountNumber: z.string(),
    patientName: z.string(),
    patientAddress: addressSchema,
    /** Sent to collections: statement runs skip the patient. */
    inCollections: z.boolean(),
    lines: z.array(statementLineSchema),
    /** The patient's share on their claims, before credit. */
    patientBalanceDue: cents,
    unappliedCredit: cents,
    /** What the patient is asked to pay: the share less the credit, never below zero. */
    amountDue: cents,
    aging: agingSchema,
    statements: z.array(storedStatementSchema),
  }),
);
export type PatientStatement = z.infer<typeof patientStatementSchema>;

export const statementDataReplySchema = deferred(() => z.object({ statements: z.array(patientStatementSchema) }));
export type StatementDataReply = z.infer<typeof statementDataReplySchema>;

export const statementRunRequestSchema = deferred(() =>
  z
    .object({
      patientIDs: z.array(id).min(1).max(MAX_NAMED_RUN_PATIENTS).optional(),
      minimumBalance: z.number().int().min(0).max(100_000_000).optional(),
      daysSinceLastStatement: z.number().int().min(0).max(3650).optional(),
    })
    .strict(),
);
export type StatementRunRequest = z.input<typeof statementRunRequestSchema>;

/** A run started: the bulk job to follow, and the print run whose file it writes. */
export const statementRunStartedReplySchema = deferred(() =>
  z.object({ jobID: z.number().int(), runID: z.number().int() }),
);
export type StatementRunStartedReply = z.infer<typeof statementRunStartedReplySchema>;

export const statementRunFileRequestSchema = deferred(() => z.object({ runID: id }).strict());
export type StatementRunFileRequest = z.input<typeof statementRunFileRequestSchema>;

/** Patient/updatePatientCollections: send a patient to collections, or return them. */
export const collectionsRequestSchema = deferred(() =>
  z.object({ patientID: id, inCollections: z.boolean() }).strict(),
);
export type CollectionsRequest = z.input<typeof collectionsRequestSchema>;

export const collectionsReplySchema = deferred(() =>
  z.object({ message: z.string(), patientID: z.number().int(), inCollections: z.boolean() }),
);
export type CollectionsReply = z.infer<typeof collectionsReplySchema>;

export const printStatementQuerySchema = deferred(() => z.object({ id: numeric(id) }).strict());
export type PrintStatementQuery = z.input<typeof printStatementQuerySchema>;
