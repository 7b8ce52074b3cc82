/**
 * A patient's own record: search, the patient list, registering and editing demographics, the
 * duplicate warning before a save, the demographic verifier and deleting a patient who has no
 * billing history. Insurances and guarantors have their own contract.
 */
import { z } from 'zod';
import { deferred } from './deferred.ts';
import { calendarDate, numeric } from './scalars.ts';

const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const text = (max: number) => z.string().max(max, `At most ${max} characters.`);
const required = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label}: at most ${max} characters.`)
    .refine((value) => value.trim() !== '', `${label} is required.`);
const optional = (max: number) => text(max).nullish();

export const PATIENT_MESSAGES = {
  saved: 'Successfully saved patient',
  deleted: 'Patient deleted',
  hasHistory:
    'This patient has claims or ledger entries, so the record cannot be deleted. Make the patient inactive instead.',
} as const;

export const SEXES = [
  { code: 'M', name: 'Male' },
  { code: 'F', name: 'Female' },
  { code: 'U', name: 'Unknown' },
] as const;

/** A patient as the biller types it. Without an account number the group's next one is given. */
const patientFields = () => ({
  practiceID: id,
  accountNumber: optional(30),
  firstName: required('First name', 60),
  middleName: optional(60),
  lastName: required('Last name', 60),
  dateOfBirth: calendarDate('Date of birth is YYYY-MM-DD.'),
  sex: z.enum(['M', 'F', 'U'], { message: 'Sex is M, F or U.' }),
  address1: required('Street address', 100),
  address2: optional(100),
  city: required('City', 60),
  state: required('State', 2),
  zip: required('ZIP code', 10),
  phone: optional(20),
  email: optional(120),
  active: z.boolean().optional(),
});
export const patientRequestSchema = deferred(() => z.object(patientFields()).strict());
export type PatientRequest = z.input<typeof patientRequestSchema>;

export const updatePatientRequestSchema = deferred(() => z.object({ ...patientFields(), patientID: id }).strict());
export type UpdatePatientRequest = z.input<typeof updatePatientRequestSchema>;

export const savedPatientReplySchema = deferred(() =>
  z.object({ message: z.string(), patientID: z.number().int(), accountNumber: z.string() }),
);
export type SavedPatientReply = z.infer<typeof savedPatientReplySchema>;

export const deletedPatientReplySchema = deferred(() => z.object({ message: z.string() }));

/** One patient of a list or a search. */
export const patientRowFields = () => ({
  patientID: z.number().int(),
  accountNumber: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  dateOfBirth: z.string(),
  sex: z.string(),
  phone: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  practiceID: z.number().int(),
  practiceName: z.string(),
  /** The subscriber ids of the patient's insurances, comma separated. */
  memberIDs: z.string().nullable(),
  active: z.boolean(),
});
export const patientRowSchema = deferred(() => z.object(patientRowFields()));
export type PatientRow = z.infer<typeof patientRowSchema>;

export const patientListReplySchema = deferred(() =>
  z.object({ total: z.number().int(), rows: z.array(patientRowSchema) }),
);
export type PatientListReply = z.infer<typeof patientListReplySchema>;

const pageNumber = numeric(z.number().int().min(1).max(100_000)).optional();
const pageSize = numeric(z.number().int().min(1).max(500)).optional();

/** Repository/getPatientSearch: one text, read as a name, a date of birth, an account, member ID or phone. */
export const patientSearchQuerySchema = deferred(() =>
  z
    .object({
      patientSearch: z
        .string()
        .max(100, 'Search at most 100 characters.')
        .refine((value) => value.trim().length > 0, 'Type a name, date of birth, account, member ID or phone.'),
      pageNumber,
      pageSize,
    })
    .strict(),
);
export type PatientSearchQuery = z.input<typeof patientSearchQuerySchema>;

export const PATIENT_SORT_COLUMNS = ['name', 'dateOfBirth', 'accountNumber', 'practiceName', 'createdAt'] as const;

/** Patient/getPatientData: the patient list, paged, sorted and filtered. */
export const patientDataQuerySchema = deferred(() =>
  z
    .object({
      pageNumber,
      pageSize,
      sortColumn: z.enum(PATIENT_SORT_COLUMNS).optional(),
      sortOrder: z.enum(['asc', 'desc']).optional(),
      lastName: text(60).optional(),
      firstName: text(60).optional(),
      dateOfBirth: calendarDate('Date of birth is YYYY-MM-DD.').optional(),
      accountNumber: text(30).optional(),
      practiceID: id.optional(),
      active: z.enum(['true', 'false']).optional(),
    })
    .strict(),
);
export type PatientDataQuery = z.input<typeof patientDataQuerySchema>;

/** Patient/getDuplicateWarning: the patient about to be saved. */
export const duplicateWarningQuerySchema = deferred(() =>
  z
    .object({
      firstName: required('First name', 60),
      lastName: required('Last name', 60),
      dateOfBirth: calendarDate('Date of birth is YYYY-MM-DD.'),
      memberID: text(40).optional(),
      /** The patient being edited, never its own duplicate. */
      patientID: id.optional(),
    })
    .strict(),
);
export type DuplicateWarningQuery = z.input<typeof duplicateWarningQuerySchema>;

export const duplicateCandidateSchema = deferred(() =>
  z.object({ ...patientRowFields(), reasons: z.array(z.string()) }),
);
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>;

export const duplicateWarningReplySchema = deferred(() => z.object({ candidates: z.array(duplicateCandidateSchema) }));
export type DuplicateWarningReply = z.infer<typeof duplicateWarningReplySchema>;

/** Patient/demographicVerifier: a saved patient by id, or the demographics as typed. */
export const demographicQuerySchema = deferred(() =>
  z
    .object({
      patientID: id.optional(),
      firstName: text(60).optional(),
      lastName: text(60).optional(),
      dateOfBirth: text(20).optional(),
      sex: text(5).optional(),
      address1: text(100).optional(),
      address2: text(100).optional(),
      city: text(60).optional(),
      state: text(20).optional(),
      zip: text(20).optional(),
      phone: text(30).optional(),
      email: text(120).optional(),
    })
    .strict(),
);
export type DemographicQuery = z.input<typeof demographicQuerySchema>;

export const demographicFindingSchema = deferred(() => z.object({ field: z.string(), message: z.string() }));
export type DemographicFinding = z.infer<typeof demographicFindingSchema>;

export const demographicReplySchema = deferred(() => z.object({ findings: z.array(demographicFindingSchema) }));
export type DemographicReply = z.infer<typeof demographicReplySchema>;

const codeName = () => z.object({ code: z.string(), name: z.string() });

/** Repository/getPatientLookupDropowns: what the register form picks from. */
export const patientLookupsReplySchema = deferred(() =>
  z.object({
    practices: z.array(z.object({ practiceID: z.number().int(), groupID: z.number().int(), name: z.string() })),
    sexes: z.array(codeName()),
    states: z.array(z.string()),
    relationships: z.array(codeName()),
  }),
);
export type PatientLookupsReply = z.infer<typeof patientLookupsReplySchema>;
