/**
 * Payers (insurances) as the administration screens read and write them (`Insurance/*`): payer IDs
 * for claims and for eligibility, the clearing house, the insurance type, timely filing and the
 * claim format, and the reference lists the form picks from.
 */
import { z } from 'zod';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';

const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const INSURANCE_TYPES = [
  { code: 'medicare', name: 'Medicare' },
  { code: 'medicaid', name: 'Medicaid' },
  { code: 'commercial', name: 'Commercial' },
  { code: 'bcbs', name: 'Blue Cross Blue Shield' },
  { code: 'tricare', name: 'TRICARE' },
  { code: 'workers_comp', name: "Workers' compensation" },
  { code: 'auto', name: 'Auto insurance' },
  { code: 'self_pay', name: 'Self pay' },
] as const;
export type InsuranceType = (typeof INSURANCE_TYPES)[number]['code'];
const insuranceTypeCodes = INSURANCE_TYPES.map((type) => type.code) as [InsuranceType, ...InsuranceType[]];
/** Types that are never billed electronically: a payer of these needs no payer ID. */
export const EXCLUDED_INSURANCE_TYPES: readonly InsuranceType[] = ['self_pay'];

export const MAX_TIMELY_FILING_DAYS = 1095;

export const insuranceProfileQuerySchema = deferred(() =>
  z
    .object({
      name: text(100).optional(),
      groupID: id.optional(),
      insuranceID: id.optional(),
      insuranceType: z.enum(insuranceTypeCodes).optional(),
      active: z.enum(['true', 'false'], { error: 'Use true or false.' }).optional(),
    })
    .strict(),
);

const insuranceFields = {
  /** Null: a payer every client of the billing company uses. */
  groupID: id.nullable().optional(),
  name: text(100).min(1, 'The insurance name is missing.'),
  payerID: text(15),
  eligibilityPayerID: optionalText(15),
  clearingHouseID: numeric(z.number().int().positive().max(32_767)).nullable().optional(),
  insuranceType: z.enum(insuranceTypeCodes, { error: 'Pick an insurance type from the list.' }),
  address1: optionalText(100),
  city: optionalText(60),
  state: optionalText(2),
  zip: optionalText(10),
  phone: optionalText(20),
  timelyFilingDays: numeric(z.number().int()),
  claimFormat: z.enum(['P', 'I'], { error: 'The claim format is P (professional, 837P) or I (institutional, 837I).' }),
};
export const addInsuranceRequestSchema = deferred(() => z.object(insuranceFields).strict());
export const updateInsuranceRequestSchema = deferred(() => z.object({ insuranceID: id, ...insuranceFields }).strict());
export type InsuranceRequest = z.infer<typeof addInsuranceRequestSchema>;

export const insuranceRowSchema = deferred(() =>
  z.object({
    insuranceID: z.number().int(),
    groupID: z.number().int().nullable(),
    groupName: z.string().nullable(),
    name: z.string(),
    payerID: z.string(),
    eligibilityPayerID: z.string().nullable(),
    clearingHouseID: z.number().int().nullable(),
    clearingHouse: z.string().nullable(),
    insuranceType: z.enum(insuranceTypeCodes),
    address1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    phone: z.string().nullable(),
    timelyFilingDays: z.number().int(),
    claimFormat: z.enum(['P', 'I']),
    active: z.boolean(),
  }),
);
export type InsuranceRow = z.infer<typeof insuranceRowSchema>;
export const insuranceProfileReplySchema = deferred(() => z.object({ insurances: z.array(insuranceRowSchema) }));
export type InsuranceProfileReply = z.infer<typeof insuranceProfileReplySchema>;

export const insuranceTypesReplySchema = deferred(() =>
  z.object({
    insuranceTypes: z.array(z.object({ code: z.enum(insuranceTypeCodes), name: z.string(), excluded: z.boolean() })),
  }),
);
export const clearingHousesReplySchema = deferred(() =>
  z.object({ clearingHouses: z.array(z.object({ clearingHouseID: z.number().int(), name: z.string() })) }),
);
export const submissionPayerIDsQuerySchema = deferred(() =>
  z
    .object({
      value: text(100).optional(),
      clearingHouseID: numeric(z.number().int().positive().max(32_767)).optional(),
    })
    .strict(),
);
export const eligibilityPayerIDsQuerySchema = deferred(() =>
  z
    .object({
      value: text(100).optional(),
      groupID: id.optional(),
      insuranceID: id.optional(),
      /** The clearing house whose eligibility list is searched. */
      payerTypeID: numeric(z.number().int().positive().max(32_767)).optional(),
    })
    .strict(),
);
export const payerIDsReplySchema = deferred(() =>
  z.object({
    payers: z.array(
      z.object({
        payerID: z.string(),
        name: z.string(),
        clearingHouseID: z.number().int(),
        clearingHouse: z.string(),
      }),
    ),
  }),
);
export type PayerIDsReply = z.infer<typeof payerIDsReplySchema>;
