import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/** Claim-level edits: the claim's own fields, its diagnoses, a new charge line and its fee. */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = calendarDate();
/**
 * ICD-10-CM as billers type it, with or without the dot; stored without. `message` is what a code of
 * the wrong shape is told, so each field can name itself.
 */
export const icd10CmCode = (message: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .transform((code) => code.replace('.', ''))
    .pipe(z.string().regex(/^[A-TV-Z][0-9][0-9A-Z]{1,5}$/, message));
const icd = icd10CmCode('An ICD-10-CM code is a letter, a digit, then 1 to 5 letters or digits (e.g. E11.9).');
const modifier = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2}$/, 'A modifier is two letters or digits, like 25 or LT.');
const text = (max: number) => z.string().trim().max(max).nullable();

export const MAX_DIAGNOSES = 12;

export const editClaimRequestSchema = deferred(() =>
  z
    .object({
      claimID: id,
      /** The claim's diagnoses in order (1 = principal); replaces the list. */
      icds: z
        .array(icd)
        .min(1, 'A claim needs at least one diagnosis.')
        .max(MAX_DIAGNOSES, `A claim takes at most ${MAX_DIAGNOSES} diagnoses.`)
        .refine((codes) => new Set(codes).size === codes.length, 'Each diagnosis goes on the claim once.')
        .optional(),
      posCode: z
        .string()
        .trim()
        .regex(/^\d{2}$/, 'A place of service is a 2-digit code, like 11.')
        .optional(),
      providerID: id.optional(),
      referringProviderID: id.nullable().optional(),
      supervisingProviderID: id.nullable().optional(),
      facilityID: id.nullable().optional(),
      referralNumber: text(50).optional(),
      priorAuthorizationNumber: text(50).optional(),
      frequencyCode: z.enum(['1', '7', '8'], 'The frequency is 1 (original), 7 (replacement) or 8 (void).').optional(),
      originalClaimNumber: text(50).optional(),
      dosFrom: isoDate.optional(),
      dosTo: isoDate.optional(),
      /** The open charge batch of the claim's practice the claim was entered in; null takes it out of its batch. */
      chargeBatchID: id.nullable().optional(),
    })
    .strict()
    .refine((body) => Object.keys(body).length > 1, {
      message: 'Nothing to change: give at least one field of the claim.',
    }),
);
export type EditClaimRequest = z.input<typeof editClaimRequestSchema>;
export type EditClaimInput = z.output<typeof editClaimRequestSchema>;

export const editClaimReplySchema = deferred(() =>
  z.object({ message: z.string(), claimID: z.number().int(), changed: z.array(z.string()) }),
);
export type EditClaimReply = z.infer<typeof editClaimReplySchema>;

/** AddEditClaim/removeDiagnosisFromClaimAndCharge (GET, as catalogued): reply id 1 success, 2 error (SPEC point 5). */
export const removeDiagnosisQuerySchema = deferred(() => z.object({ claimID: id, icd }).strict());
export const removeDiagnosisReplySchema = deferred(() =>
  z.object({ id: z.union([z.literal(1), z.literal(2)]), message: z.string() }),
);
export type RemoveDiagnosisReply = z.infer<typeof removeDiagnosisReplySchema>;

export const saveChargeRequestSchema = deferred(() =>
  z
    .object({
      claimID: id,
      cptCode: z
        .string()
        .trim()
        .toUpperCase()
        .regex(
          /^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/,
          'Enter a CPT code (5 digits, or 4 digits and F, T or U) or a HCPCS code (a letter A to V and 4 digits).',
        ),
      modifiers: z.array(modifier).max(4, 'A charge line takes at most 4 modifiers.').default([]),
      units: z.number().int().min(1, 'Units must be 1 to 9999.').max(9999, 'Units must be 1 to 9999.').default(1),
      diagnosisPointers: z
        .array(z.number().int().min(1).max(12))
        .min(1, 'Point the line at 1 to 4 diagnoses.')
        .max(4, 'Point the line at 1 to 4 diagnoses.'),
      /** The line's amount; without it, the fee schedule's fee times the units. */
      chargeCents: z.number().int().min(1, 'A charge is more than $0.00.').max(99_999_999).optional(),
      posCode: z
        .string()
        .trim()
        .regex(/^\d{2}$/, 'A place of service is a 2-digit code, like 11.')
        .nullable()
        .default(null),
    })
    .strict(),
);
export type SaveChargeRequest = z.input<typeof saveChargeRequestSchema>;
export type SaveChargeInput = z.output<typeof saveChargeRequestSchema>;
export const saveChargeReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    chargeID: z.number().int(),
    claimID: z.number().int(),
    lineNumber: z.number().int(),
    chargeCents: z.number().int(),
  }),
);
export type SaveChargeReply = z.infer<typeof saveChargeReplySchema>;

/** AddEditClaim/getCPTFee: the catalogue's parameters, plus the claim whose practice and DOS price it. */
export const cptFeeQuerySchema = deferred(() =>
  z
    .object({
      cptCode: z.string().trim().toUpperCase().min(4).max(5),
      modifierCode: z.string().trim().toUpperCase().max(2).optional(),
      patientInsuranceID: id.optional(),
      facilityID: id.optional(),
      medicalCaseID: id.optional(),
      claimID: id.optional(),
    })
    .strict()
    // A new claim with no facility yet is priced by its coverage: the patient's practice and the payer.
    .refine(
      (query) =>
        query.claimID !== undefined || query.facilityID !== undefined || query.patientInsuranceID !== undefined,
      { message: 'Give the claim, the facility or the coverage the fee is for.' },
    ),
);
export const cptFeeReplySchema = deferred(() =>
  z.object({
    /** One unit's fee in cents; null when no schedule prices the code. */
    feeCents: z.number().int().nullable(),
    feeScheduleID: z.number().int().nullable(),
    /** 'payer': the payer's own schedule; 'standard': the practice's. */
    source: z.enum(['payer', 'standard']).nullable(),
  }),
);
export type CptFeeReply = z.infer<typeof cptFeeReplySchema>;

/** AddEditClaim/saveClaim (a call this product adds): a new draft claim; its lines come next. */
export const saveClaimRequestSchema = deferred(() =>
  z
    .object({
      patientID: id,
      /** The coverage billed; without it the patient's primary coverage on the date of service, else self-pay. */
      patientInsuranceID: id.nullable().optional(),
      providerID: id,
      facilityID: id.nullable().default(null),
      posCode: z
        .string()
        .trim()
        .regex(/^\d{2}$/, 'A place of service is a 2-digit code, like 11.'),
      dosFrom: isoDate,
      dosTo: isoDate.optional(),
      icds: z
        .array(icd)
        .min(1, 'A claim needs at least one diagnosis.')
        .max(MAX_DIAGNOSES, `A claim takes at most ${MAX_DIAGNOSES} diagnoses.`)
        .refine((codes) => new Set(codes).size === codes.length, 'Each diagnosis goes on the claim once.'),
      referringProviderID: id.nullable().default(null),
      priorAuthorizationNumber: text(50).default(null),
      /** The open charge batch of the patient's practice the superbill came in; null for none. */
      chargeBatchID: id.nullable().default(null),
    })
    .strict(),
);
export type SaveClaimRequest = z.input<typeof saveClaimRequestSchema>;
export type SaveClaimInput = z.output<typeof saveClaimRequestSchema>;
export const saveClaimReplySchema = deferred(() => z.object({ message: z.string(), claimID: z.number().int() }));
export type SaveClaimReply = z.infer<typeof saveClaimReplySchema>;

export const providersQuerySchema = deferred(() => z.object({ groupID: id.optional() }).strict());
export const providerChoiceSchema = deferred(() =>
  z.object({
    providerID: z.number().int(),
    name: z.string(),
    npi: z.string(),
    practiceID: z.number().int().nullable(),
    groupID: z.number().int(),
  }),
);
export const providersReplySchema = deferred(() => z.object({ providers: z.array(providerChoiceSchema) }));
export type ProvidersReply = z.infer<typeof providersReplySchema>;
