import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { MAX_DIAGNOSES } from './claimEdit.ts';
import { deferred } from './deferred.ts';
import {
  institutionalDetailsSchema,
  institutionalInfoSchema,
  isInpatientBillType,
  STILL_A_PATIENT,
} from './institutionalClaim.ts';

/**
 * The claim form (/app/create-claim and /app/create-claim/<id>): the whole claim, its diagnoses
 * and its lines saved at once (AddEditClaim/saveClaimForm, in one transaction), the claim as the
 * form and the expanded view read it (Claims/getClaimInfoData), and the lookups the form searches
 * as the biller types (Repository/getPatientInsurance, getFacilities, getICDCodes, getCPTCodes).
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = calendarDate();
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).nullable();
const posCode = z
  .string()
  .trim()
  .regex(/^\d{2}$/, 'A place of service is a 2-digit code, like 11.');

export const MAX_LINES = 50;
export const MAX_MODIFIERS = 4;
export const MAX_POINTERS = 4;
export const PROCEDURE_CODE = /^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/;
export const ICD_CODE = /^[A-TV-Z][0-9][0-9A-Z]{1,5}$/;
export const NDC_CODE = /^\d{11}$/;

const icd = z
  .string()
  .trim()
  .toUpperCase()
  .transform((code) => code.replace('.', ''))
  .pipe(
    z.string().regex(ICD_CODE, 'An ICD-10-CM code is a letter, a digit, then 1 to 5 letters or digits (e.g. E11.9).'),
  );

export const claimFormLineSchema = deferred(() =>
  z
    .object({
      /** A line the claim has; without it, a new line. */
      chargeID: id.optional(),
      cptCode: z
        .string()
        .trim()
        .toUpperCase()
        .regex(
          PROCEDURE_CODE,
          'Enter a CPT code (5 digits, or 4 digits and F, T or U) or a HCPCS code (a letter A to V and 4 digits).',
        ),
      modifiers: z
        .array(
          z
            .string()
            .trim()
            .toUpperCase()
            .regex(/^[A-Z0-9]{2}$/, 'A modifier is two letters or digits, like 25 or LT.'),
        )
        .max(MAX_MODIFIERS, `A charge line takes at most ${MAX_MODIFIERS} modifiers.`)
        .default([]),
      units: z
        .number()
        .int('Units must be a whole number from 1 to 9999.')
        .min(1, 'Units must be a whole number from 1 to 9999.')
        .max(9999, 'Units must be a whole number from 1 to 9999.'),
      diagnosisPointers: z
        .array(z.number().int().min(1).max(MAX_DIAGNOSES))
        .min(1, `Point the line at 1 to ${MAX_POINTERS} diagnoses.`)
        .max(MAX_POINTERS, `Point the line at 1 to ${MAX_POINTERS} diagnoses.`)
        .refine((pointers) => new Set(pointers).size === pointers.length, 'A line points at each diagnosis only once.'),
      /** The line's amount; without it, the fee schedule's fee times the units. */
      chargeCents: z
        .number()
        .int()
        .min(1, 'A charge is more than $0.00.')
        .max(99_999_999, 'A charge is at most $999,999.99.')
        .optional(),
      /** null: the claim's place of service applies. */
      posCode: posCode.nullable().default(null),
      /** 11 digits without dashes; null clears it; absent keeps what the line has (a new line: the CPT-NDC crosswalk's). */
      ndcCode: z
        .string()
        .trim()
        .regex(NDC_CODE, 'An NDC is 11 digits (5-4-2), like 00409488801.')
        .nullable()
        .optional(),
      /** Institutional claims: the UB-04 revenue code (FL42, SV201); absent on a new line: the CPT-revenue crosswalk's. */
      revenueCode: z
        .string()
        .trim()
        .regex(/^\d{4}$/, 'A revenue code is 4 digits, like 0450.')
        .nullable()
        .optional(),
      /** Institutional claims: the part of the line not covered (FL48, SV207); absent keeps what the line has. */
      nonCoveredCents: z
        .number()
        .int()
        .min(0, 'A non-covered amount is $0.00 or more.')
        .max(99_999_999, 'A non-covered amount is at most $999,999.99.')
        .optional(),
    })
    .strict(),
);
export type ClaimFormLine = z.input<typeof claimFormLineSchema>;
export type ClaimFormLineInput = z.output<typeof claimFormLineSchema>;

export const saveClaimFormRequestSchema = deferred(() =>
  z
    .object({
      /** The claim being edited; without it, a new claim. */
      claimID: id.optional(),
      patientID: id,
      /** The coverage billed; null bills the patient (self-pay); absent: the primary coverage on the DOS (new claim) or unchanged. */
      patientInsuranceID: id.nullable().optional(),
      providerID: id,
      referringProviderID: id.nullable().default(null),
      supervisingProviderID: id.nullable().default(null),
      facilityID: id.nullable().default(null),
      posCode,
      dosFrom: isoDate,
      dosTo: isoDate,
      /** professional (CMS-1500, 837P) or institutional (UB-04, 837I); absent: institutional when `institutional` is given, else professional (a new claim) or as stored (an edit). */
      claimType: z
        .enum(['professional', 'institutional'], 'A claim is professional (CMS-1500) or institutional (UB-04).')
        .optional(),
      /** An institutional claim's UB-04 fields; null on a professional claim. */
      institutional: institutionalDetailsSchema.nullable().default(null),
      frequencyCode: z
        .enum(
          ['1', '7', '8', '0', '2', '3', '4', '5'],
          'The frequency is 1 (original), 7 (replacement) or 8 (void); an institutional claim also takes 0, 2, 3, 4 and 5.',
        )
        .default('1'),
      originalClaimNumber: text(50).default(null),
      priorAuthorizationNumber: text(50).default(null),
      referralNumber: text(50).default(null),
      /** An open charge batch of the claim's practice; null: in no batch; absent: a new claim in none, an edited one left where it is. */
      chargeBatchID: id.nullable().optional(),
      icds: z
        .array(icd)
        .min(1, 'A claim needs at least one diagnosis.')
        .max(MAX_DIAGNOSES, `A claim takes at most ${MAX_DIAGNOSES} diagnoses.`)
        .refine((codes) => new Set(codes).size === codes.length, 'Each diagnosis goes on the claim once.'),
      lines: z
        .array(claimFormLineSchema)
        .min(1, 'A claim needs at least one charge line.')
        .max(MAX_LINES, `A claim takes at most ${MAX_LINES} lines.`),
    })
    .strict()
    .superRefine((body, ctx) => {
      if (body.dosTo < body.dosFrom)
        ctx.addIssue({ code: 'custom', path: ['dosTo'], message: 'The last date of service is before the first.' });
      const institutional = body.institutional;
      if (body.claimType === 'institutional' && institutional === null)
        ctx.addIssue({
          code: 'custom',
          path: ['institutional'],
          message: 'An institutional claim needs its UB-04 fields: the type of bill and the patient status at least.',
        });
      if (body.claimType === 'professional' && institutional !== null)
        ctx.addIssue({
          code: 'custom',
          path: ['institutional'],
          message: 'UB-04 fields go on an institutional claim only: set the claim kind to institutional.',
        });
      if (institutional === null && !['1', '7', '8'].includes(body.frequencyCode))
        ctx.addIssue({
          code: 'custom',
          path: ['frequencyCode'],
          message: "A professional claim's frequency is 1 (original), 7 (replacement) or 8 (void).",
        });
      if (institutional !== null) {
        if (institutional.admissionDate !== null && institutional.admissionDate > body.dosFrom)
          ctx.addIssue({
            code: 'custom',
            path: ['institutional', 'admissionDate'],
            message: 'The admission date is after the statement period starts.',
          });
        if (
          isInpatientBillType(institutional.billType) &&
          ['1', '4'].includes(body.frequencyCode) &&
          institutional.patientStatus !== STILL_A_PATIENT &&
          institutional.dischargeHour === null
        )
          ctx.addIssue({
            code: 'custom',
            path: ['institutional', 'dischargeHour'],
            message: `A final inpatient claim (bill type ${institutional.billType}${body.frequencyCode}) needs the discharge hour.`,
          });
        if (institutional.poa.length > body.icds.length)
          ctx.addIssue({
            code: 'custom',
            path: ['institutional', 'poa'],
            message: `${institutional.poa.length} present-on-admission indicators for ${body.icds.length} diagnoses.`,
          });
        institutional.occurrenceCodes.forEach((occurrence, index) => {
          if (occurrence.date > body.dosTo)
            ctx.addIssue({
              code: 'custom',
              path: ['institutional', 'occurrenceCodes', index, 'date'],
              message: `Occurrence code ${occurrence.code} is dated after the statement period.`,
            });
        });
        body.lines.forEach((line, index) => {
          if (
            line.nonCoveredCents !== undefined &&
            line.chargeCents !== undefined &&
            line.nonCoveredCents > line.chargeCents
          )
            ctx.addIssue({
              code: 'custom',
              path: ['lines', index, 'nonCoveredCents'],
              message: `Line ${index + 1}: the non-covered amount is more than the line's charge.`,
            });
        });
      }
      if ((body.frequencyCode === '7' || body.frequencyCode === '8') && body.originalClaimNumber === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['originalClaimNumber'],
          message: 'A replacement (7) or void (8) names the original claim number.',
        });
      }
      body.lines.forEach((line, index) => {
        const past = line.diagnosisPointers.find((pointer) => pointer > body.icds.length);
        if (past !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['lines', index, 'diagnosisPointers'],
            message: `Line ${index + 1}: pointer ${past} points past the ${body.icds.length} diagnoses.`,
          });
      });
      const chargeIDs = body.lines.flatMap((line) => (line.chargeID === undefined ? [] : [line.chargeID]));
      if (new Set(chargeIDs).size !== chargeIDs.length)
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'A line of the claim is listed twice.' });
    }),
);
export type SaveClaimFormRequest = z.input<typeof saveClaimFormRequestSchema>;
export type SaveClaimFormInput = z.output<typeof saveClaimFormRequestSchema>;

export const saveClaimFormReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    claimID: z.number().int(),
    totalCents: z.number().int(),
    /** Lines added, changed and taken off by this save. */
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
  }),
);
export type SaveClaimFormReply = z.infer<typeof saveClaimFormReplySchema>;

/** Claims/getClaimInfoData: the claim info fields of SPEC point 3 with names beside the ids, and every line column. */
export const claimInfoSchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    claimType: z.string(),
    claimStatusID: z.number().int(),
    claimStatus: z.string(),
    scrubStatus: z.string(),
    submitStatus: z.string(),
    patientID: z.number().int(),
    patientName: z.string(),
    accountNumber: z.string(),
    dateOfBirth: z.string(),
    patientInsuranceID: z.number().int().nullable(),
    insuranceID: z.number().int().nullable(),
    payerName: z.string().nullable(),
    subscriberID: z.string().nullable(),
    subscriberRelation: z.string().nullable(),
    groupID: z.number().int(),
    groupName: z.string(),
    practiceID: z.number().int(),
    practiceName: z.string(),
    facilityID: z.number().int().nullable(),
    facilityName: z.string().nullable(),
    posCode: z.string().nullable(),
    posName: z.string().nullable(),
    providerID: z.number().int(),
    providerName: z.string(),
    providerNpi: z.string(),
    referringProviderID: z.number().int().nullable(),
    referringProviderName: z.string().nullable(),
    supervisingProviderID: z.number().int().nullable(),
    supervisingProviderName: z.string().nullable(),
    dosFrom: z.string(),
    dosTo: z.string(),
    frequencyCode: z.string(),
    originalClaimNumber: z.string().nullable(),
    priorAuthorizationNumber: z.string().nullable(),
    referralNumber: z.string().nullable(),
    assignedUserName: z.string().nullable(),
    chargeBatchID: z.number().int().nullable(),
    chargeBatchNumber: z.string().nullable(),
    /** The claim's batch takes claims (open): a closed one is shown as it is, not offered to pick again. */
    chargeBatchOpen: z.boolean().nullable(),
    totalCharges: z.number().int(),
    balance: z.number().int(),
  }),
);
export type ClaimInfo = z.infer<typeof claimInfoSchema>;

export const claimInfoLineSchema = deferred(() =>
  z.object({
    chargeID: z.number().int(),
    lineNumber: z.number().int(),
    status: z.string(),
    cptCode: z.string(),
    modifiers: z.array(z.string()),
    units: z.number().int(),
    chargeCents: z.number().int(),
    balanceCents: z.number().int(),
    diagnosisPointers: z.array(z.number().int()),
    dosFrom: z.string(),
    dosTo: z.string(),
    posCode: z.string().nullable(),
    ndcCode: z.string().nullable(),
    ndcUnits: z.number().nullable(),
    ndcUnitType: z.string().nullable(),
    revenueCode: z.string().nullable(),
    renderingProviderName: z.string().nullable(),
    lineControlNumber: z.string(),
    /** The line has payments or adjustments posted: its amount stays and it cannot come off. */
    hasPostings: z.boolean(),
    /** Institutional claims: FL48, the part of the line not covered. */
    nonCoveredCents: z.number().int().optional(),
  }),
);
export type ClaimInfoLine = z.infer<typeof claimInfoLineSchema>;

export const claimInfoReplySchema = deferred(() =>
  z.object({
    claim: claimInfoSchema,
    diagnoses: z.array(z.object({ sequence: z.number().int(), code: z.string(), description: z.string().nullable() })),
    lines: z.array(claimInfoLineSchema),
    /** Why the form opens read-only (void, closed, standing as sent), or null when it can be edited. */
    readOnlyReason: z.string().nullable(),
    /** An institutional claim's UB-04 fields; null on a professional claim. */
    institutional: institutionalInfoSchema.nullable().optional(),
  }),
);
export type ClaimInfoReply = z.infer<typeof claimInfoReplySchema>;

export const patientCoverageSchema = deferred(() =>
  z.object({
    patientInsuranceID: z.number().int(),
    insuranceID: z.number().int(),
    payerName: z.string(),
    priority: z.number().int(),
    subscriberID: z.string(),
    effectiveFrom: z.string(),
    effectiveTo: z.string().nullable(),
  }),
);
export type PatientCoverage = z.infer<typeof patientCoverageSchema>;
export const patientCoveragesReplySchema = deferred(() =>
  z.object({
    patientID: z.number().int(),
    groupID: z.number().int(),
    practiceID: z.number().int(),
    coverages: z.array(patientCoverageSchema),
  }),
);
export type PatientCoveragesReply = z.infer<typeof patientCoveragesReplySchema>;

export const facilitiesQuerySchema = deferred(() =>
  z.object({ groupID: id.optional(), practiceID: id.optional() }).strict(),
);
export const facilityChoiceSchema = deferred(() =>
  z.object({
    facilityID: z.number().int(),
    name: z.string(),
    practiceID: z.number().int(),
    groupID: z.number().int(),
    posCode: z.string().nullable(),
  }),
);
export type FacilityChoice = z.infer<typeof facilityChoiceSchema>;
export const facilitiesReplySchema = deferred(() => z.object({ facilities: z.array(facilityChoiceSchema) }));
export type FacilitiesReply = z.infer<typeof facilitiesReplySchema>;

export const codeSearchQuerySchema = deferred(() =>
  z
    .object({
      searchValue: z.string().trim().min(1, 'Type a code or a word to search.').max(60),
      /** ICD: the date of service picks the fiscal year's code list. */
      dos: isoDate.optional(),
      /** CPT: the practice whose fee schedules name the codes it bills. */
      practiceID: id.optional(),
    })
    .strict(),
);
export const codeHitSchema = deferred(() =>
  z.object({ code: z.string(), description: z.string(), billable: z.boolean(), feeCents: z.number().int().nullable() }),
);
export type CodeHit = z.infer<typeof codeHitSchema>;
export const codeSearchReplySchema = deferred(() => z.object({ codes: z.array(codeHitSchema) }));
export type CodeSearchReply = z.infer<typeof codeSearchReplySchema>;
