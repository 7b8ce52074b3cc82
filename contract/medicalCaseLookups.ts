import { z } from 'zod';
import { deferred } from './deferred.ts';
import { medicalCaseClaimSchema, medicalCaseSchema } from './medicalCases.ts';
import { calendarDate, numeric } from './scalars.ts';

/**
 * The medical-case reads around a claim: the case types a new case picks from
 * (MedicalCase/getMedicalCaseLookups), the patient's claims a case can take
 * (getLinkableClaimsForMedicalCase), and the open case a claim being written belongs in
 * (getOpenMedicalCaseForClaim).
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** The types a case is usually given; the group's own types in use are added to them. */
export const STANDARD_CASE_TYPES = [
  'Accident - Auto',
  'Accident - Employment',
  'Accident - Other',
  'Chronic Condition',
  'Injury',
  'Pregnancy',
  'Surgery',
  'Therapy',
  'Other',
] as const;

export const medicalCaseLookupsQuerySchema = deferred(() =>
  z.object({ /** With a patient, their cases' types are counted too. */ patientID: id.optional() }).strict(),
);
export type MedicalCaseLookupsQuery = z.input<typeof medicalCaseLookupsQuerySchema>;
export const caseTypeSchema = deferred(() =>
  z.object({
    name: z.string(),
    /** One of STANDARD_CASE_TYPES (otherwise a type the group's billers typed). */
    standard: z.boolean(),
    /** Open and closed cases of this type in the data role (of the patient, when one is given). */
    caseCount: z.number().int(),
  }),
);
export type CaseType = z.infer<typeof caseTypeSchema>;
export const medicalCaseLookupsReplySchema = deferred(() => z.object({ caseTypes: z.array(caseTypeSchema) }));
export type MedicalCaseLookupsReply = z.infer<typeof medicalCaseLookupsReplySchema>;

export const linkableClaimsQuerySchema = deferred(() =>
  z
    .object({
      medicalCaseID: id,
      pageNumber: numeric(z.number().int().min(1).max(1_000_000)).default(1),
      pageSize: numeric(z.number().int().min(1).max(500)).default(100),
    })
    .strict(),
);
export type LinkableClaimsQuery = z.input<typeof linkableClaimsQuerySchema>;
export type LinkableClaimsInput = z.output<typeof linkableClaimsQuerySchema>;
export const linkableClaimSchema = deferred(() =>
  medicalCaseClaimSchema.unwrap().extend({
    /** The case the claim is in now (linking moves it), null when in none. */
    medicalCaseID: z.number().int().nullable(),
    medicalCaseName: z.string().nullable(),
  }),
);
export type LinkableClaim = z.infer<typeof linkableClaimSchema>;
export const linkableClaimsReplySchema = deferred(() =>
  z.object({
    medicalCaseID: z.number().int(),
    patientID: z.number().int(),
    claims: z.array(linkableClaimSchema),
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
);
export type LinkableClaimsReply = z.infer<typeof linkableClaimsReplySchema>;

export const openMedicalCaseQuerySchema = deferred(() =>
  z
    .object({
      patientID: id,
      facilityID: id.optional(),
      patientInsuranceID: id.optional(),
      /** The case the claim names now: kept while it is open. */
      medicalCaseID: id.optional(),
      /** The claim's first day of service, which the case must cover; today when absent. */
      dosFrom: calendarDate().optional(),
    })
    .strict(),
);
export type OpenMedicalCaseQuery = z.input<typeof openMedicalCaseQuerySchema>;
export type OpenMedicalCaseInput = z.output<typeof openMedicalCaseQuerySchema>;
export const openMedicalCaseSchema = deferred(() =>
  medicalCaseSchema.unwrap().extend({
    /** A claim of the case was at this facility / billed this coverage. */
    sameFacility: z.boolean(),
    sameCoverage: z.boolean(),
  }),
);
export type OpenMedicalCase = z.infer<typeof openMedicalCaseSchema>;
/** The case offered (null: none open on that day), and how many cases of the patient are open then. */
export const openMedicalCaseReplySchema = deferred(() =>
  z.object({ medicalCase: openMedicalCaseSchema.nullable(), openCount: z.number().int() }),
);
export type OpenMedicalCaseReply = z.infer<typeof openMedicalCaseReplySchema>;
