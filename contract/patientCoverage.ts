import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * A patient's coverages (primary, secondary, tertiary) and guarantors: who is insured under
 * which payer with which member ID, and who answers for the patient's balance.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = calendarDate();
const text = (max: number, what: string) => z.string().trim().max(max, `${what} is at most ${max} characters.`);
const optionalText = (max: number, what: string) => text(max, what).nullable().default(null);

/** X12 individual relationship codes (SBR02, PAT01) a biller picks from, in the order they are picked most. */
export const RELATIONSHIPS = [
  { code: '18', label: 'Self' },
  { code: '01', label: 'Spouse' },
  { code: '19', label: 'Child' },
  { code: '20', label: 'Employee' },
  { code: '53', label: 'Life partner' },
  { code: '39', label: 'Organ donor' },
  { code: '40', label: 'Cadaver donor' },
  { code: '21', label: 'Unknown' },
  { code: 'G8', label: 'Other relationship' },
] as const;
export type RelationshipCode = (typeof RELATIONSHIPS)[number]['code'];
const RELATIONSHIP_CODES = RELATIONSHIPS.map((relationship) => relationship.code);
export const SELF: RelationshipCode = '18';

export function relationshipLabel(code: string): string {
  return RELATIONSHIPS.find((relationship) => relationship.code === code)?.label ?? code;
}

const relationship = z
  .string()
  .trim()
  .toUpperCase()
  .refine(
    (code) => (RELATIONSHIP_CODES as readonly string[]).includes(code),
    `The relationship is one of the X12 codes: ${RELATIONSHIPS.map((r) => `${r.code} ${r.label}`).join(', ')}.`,
  );

export const PRIORITIES = [
  { priority: 1, label: 'Primary' },
  { priority: 2, label: 'Secondary' },
  { priority: 3, label: 'Tertiary' },
] as const;

export function priorityLabel(priority: number): string {
  return PRIORITIES.find((row) => row.priority === priority)?.label ?? `Priority ${priority}`;
}

const priority = numeric(z.number().int()).refine(
  (value) => value >= 1 && value <= 3,
  'The priority is 1 (primary), 2 (secondary) or 3 (tertiary).',
);
const sex = z.enum(['M', 'F', 'U'], { message: 'Sex is M, F or U.' });

const coverageFields = {
  insuranceID: id,
  priority,
  subscriberID: z.string().trim().min(1, 'Enter the member ID.').max(30, 'A member ID is at most 30 characters.'),
  groupNumber: optionalText(30, 'A group number'),
  relationship,
  /** The subscriber when it is not the patient; ignored for Self. */
  subscriberFirstName: optionalText(35, 'A first name'),
  subscriberLastName: optionalText(60, 'A last name'),
  subscriberDateOfBirth: isoDate.nullable().default(null),
  subscriberSex: sex.nullable().default(null),
  effectiveFrom: isoDate,
  effectiveTo: isoDate.nullable().default(null),
};

export const addCoverageRequestSchema = deferred(() => z.object({ patientID: id, ...coverageFields }).strict());
export type AddCoverageRequest = z.input<typeof addCoverageRequestSchema>;
export type AddCoverageInput = z.output<typeof addCoverageRequestSchema>;

/** Replaces a coverage's fields; the patient and the active flag stay. */
export const updateCoverageRequestSchema = deferred(() =>
  z.object({ patientInsuranceID: id, ...coverageFields }).strict(),
);
export type UpdateCoverageRequest = z.input<typeof updateCoverageRequestSchema>;
export type UpdateCoverageInput = z.output<typeof updateCoverageRequestSchema>;
export type CoverageFields = Omit<AddCoverageInput, 'patientID'>;

export const coverageActiveRequestSchema = deferred(() =>
  z.object({ patientInsuranceID: id, active: z.boolean() }).strict(),
);
export type CoverageActiveRequest = z.input<typeof coverageActiveRequestSchema>;

export const patientInsuranceIDQuerySchema = deferred(() => z.object({ patientInsuranceID: id }).strict());
export const insuranceIDQuerySchema = deferred(() => z.object({ insuranceID: id }).strict());
export const coveragesQuerySchema = deferred(() =>
  z
    .object({
      patientID: id,
      /** 'true' lists inactive coverages too (the patient's history). */
      includeInactive: z
        .enum(['true', 'false'])
        .default('true')
        .transform((value) => value === 'true'),
    })
    .strict(),
);
export const payersQuerySchema = deferred(() =>
  z
    .object({ patientID: id, searchValue: z.string().trim().max(60, 'Search with at most 60 characters.').optional() })
    .strict(),
);
export const claimIDQuerySchema = deferred(() => z.object({ claimID: id }).strict());

export const coverageSchema = deferred(() =>
  z.object({
    patientInsuranceID: z.number().int(),
    patientID: z.number().int(),
    insuranceID: z.number().int(),
    payerName: z.string(),
    payerID: z.string(),
    insuranceType: z.string(),
    priority: z.number().int(),
    subscriberID: z.string(),
    groupNumber: z.string().nullable(),
    relationship: z.string(),
    subscriberFirstName: z.string().nullable(),
    subscriberLastName: z.string().nullable(),
    subscriberDateOfBirth: z.string().nullable(),
    subscriberSex: z.string().nullable(),
    effectiveFrom: z.string(),
    effectiveTo: z.string().nullable(),
    active: z.boolean(),
  }),
);
export type Coverage = z.infer<typeof coverageSchema>;

export const coveragesReplySchema = deferred(() =>
  z.object({ patientID: z.number().int(), coverages: z.array(coverageSchema) }),
);
export type CoveragesReply = z.infer<typeof coveragesReplySchema>;
export const coverageReplySchema = deferred(() => z.object({ coverage: coverageSchema }));
export type CoverageReply = z.infer<typeof coverageReplySchema>;

export const coverageSavedReplySchema = deferred(() =>
  z.object({ message: z.string(), patientInsuranceID: z.number().int() }),
);
export type CoverageSavedReply = z.infer<typeof coverageSavedReplySchema>;

export const payerSchema = deferred(() =>
  z.object({
    insuranceID: z.number().int(),
    name: z.string(),
    payerID: z.string(),
    insuranceType: z.string(),
    address1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    phone: z.string().nullable(),
  }),
);
export type Payer = z.infer<typeof payerSchema>;
export const payersReplySchema = deferred(() => z.object({ payers: z.array(payerSchema) }));
export type PayersReply = z.infer<typeof payersReplySchema>;
export const payerReplySchema = deferred(() => z.object({ payer: payerSchema }));
export const payersByTypeReplySchema = deferred(() =>
  z.object({ types: z.array(z.object({ insuranceType: z.string(), payers: z.array(payerSchema) })) }),
);
export type PayersByTypeReply = z.infer<typeof payersByTypeReplySchema>;

/** The fixed lists of the coverage form (Repository/getInsuranceInfo). */
export const insuranceInfoReplySchema = deferred(() =>
  z.object({
    priorities: z.array(z.object({ priority: z.number().int(), label: z.string() })),
    relationships: z.array(z.object({ code: z.string(), label: z.string() })),
  }),
);
export type InsuranceInfoReply = z.infer<typeof insuranceInfoReplySchema>;

export const claimCoveragesReplySchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    patientID: z.number().int(),
    /** The coverage the claim is billed to, if any. */
    patientInsuranceID: z.number().int().nullable(),
    coverages: z.array(coverageSchema),
  }),
);
export type ClaimCoveragesReply = z.infer<typeof claimCoveragesReplySchema>;

// Guarantors ------------------------------------------------------------------------------------

const guarantorFields = {
  relationship,
  firstName: z
    .string()
    .trim()
    .min(1, 'Enter the guarantor’s first name.')
    .max(35, 'A first name is at most 35 characters.'),
  middleName: optionalText(25, 'A middle name'),
  lastName: z
    .string()
    .trim()
    .min(1, 'Enter the guarantor’s last name.')
    .max(60, 'A last name is at most 60 characters.'),
  dateOfBirth: isoDate.nullable().default(null),
  address1: optionalText(55, 'An address line'),
  address2: optionalText(55, 'An address line'),
  city: optionalText(30, 'A city'),
  state: optionalText(2, 'A state'),
  zip: optionalText(10, 'A ZIP code'),
  phone: optionalText(20, 'A phone number'),
};

export const saveGuarantorRequestSchema = deferred(() => z.object({ patientID: id, ...guarantorFields }).strict());
export type SaveGuarantorRequest = z.input<typeof saveGuarantorRequestSchema>;
export type SaveGuarantorInput = z.output<typeof saveGuarantorRequestSchema>;
export const updateGuarantorRequestSchema = deferred(() =>
  z.object({ patientGuarantorID: id, ...guarantorFields }).strict(),
);
export type UpdateGuarantorRequest = z.input<typeof updateGuarantorRequestSchema>;
export type UpdateGuarantorInput = z.output<typeof updateGuarantorRequestSchema>;
export type GuarantorFields = Omit<SaveGuarantorInput, 'patientID'>;
export const guarantorIDQuerySchema = deferred(() => z.object({ patientGuarantorID: id }).strict());

export const guarantorSchema = deferred(() =>
  z.object({
    patientGuarantorID: z.number().int(),
    patientID: z.number().int(),
    relationship: z.string(),
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    dateOfBirth: z.string().nullable(),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    phone: z.string().nullable(),
  }),
);
export type Guarantor = z.infer<typeof guarantorSchema>;
export const guarantorsReplySchema = deferred(() =>
  z.object({ patientID: z.number().int(), guarantors: z.array(guarantorSchema) }),
);
export type GuarantorsReply = z.infer<typeof guarantorsReplySchema>;
export const guarantorSavedReplySchema = deferred(() =>
  z.object({ message: z.string(), patientGuarantorID: z.number().int() }),
);
export type GuarantorSavedReply = z.infer<typeof guarantorSavedReplySchema>;

export const COVERAGE_MESSAGES = {
  coverageSaved: 'Patient Insurance Update Successfully',
  guarantorSaved: 'Guarantor saved successfully',
  guarantorDeleted: 'Guarantor deleted successfully',
  activated: 'Successfully Activated',
  inactivated: 'Successfully Inactivated',
} as const;
