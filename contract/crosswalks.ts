import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * Crosswalks: a practice's reference data that saveCharge applies to a new line. CPT-NDC gives a
 * drug code its National Drug Code, quantity and unit; CPT-revenue gives an institutional claim's
 * line its UB-04 revenue code, for one payer or practice-wide.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const cptCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/,
    'Enter a CPT code (5 digits, or 4 digits and F, T or U) or a HCPCS code (a letter A to V and 4 digits).',
  );

export const NDC_UNIT_TYPES = ['F2', 'GR', 'ME', 'ML', 'UN'] as const;
export type NdcUnitType = (typeof NDC_UNIT_TYPES)[number];
export const NDC_UNIT_TYPE_NAMES: Record<NdcUnitType, string> = {
  F2: 'International unit',
  GR: 'Gram',
  ME: 'Milligram',
  ML: 'Milliliter',
  UN: 'Unit',
};

/** The 837 carries the 11-digit 5-4-2 form; billers often type it from the package with dashes. */
export const ndcCodeSchema = z
  .string()
  .trim()
  .regex(/^(\d{11}|\d{5}-\d{4}-\d{2})$/, 'An NDC is 11 digits in the 5-4-2 form, like 12345-6789-01.')
  .transform((value) => value.replaceAll('-', ''));

export const cptNdcDataQuerySchema = deferred(() => z.object({ practiceID: id, cptCode }).strict());
export const cptNdcCrosswalkDataQuerySchema = deferred(() =>
  z.object({ practiceID: id.optional(), cptCode: cptCode.optional() }).strict(),
);
export const cptNdcCrosswalkIDSchema = deferred(() => z.object({ cptNdcCrosswalkID: id }).strict());

export const cptNdcCrosswalkRowSchema = deferred(() =>
  z.object({
    cptNdcCrosswalkID: z.number().int(),
    practiceID: z.number().int(),
    practiceName: z.string(),
    cptCode: z.string(),
    ndcCode: z.string(),
    ndcUnits: z.number(),
    ndcUnitType: z.enum(NDC_UNIT_TYPES),
    description: z.string().nullable(),
  }),
);
export type CptNdcCrosswalkRow = z.infer<typeof cptNdcCrosswalkRowSchema>;
export const cptNdcCrosswalksReplySchema = deferred(() => z.object({ crosswalks: z.array(cptNdcCrosswalkRowSchema) }));
export type CptNdcCrosswalksReply = z.infer<typeof cptNdcCrosswalksReplySchema>;

export const addUpdateCptNdcCrosswalkRequestSchema = deferred(() =>
  z
    .object({
      cptNdcCrosswalkID: id.optional(),
      practiceID: id,
      cptCode,
      ndcCode: ndcCodeSchema,
      ndcUnits: z
        .number()
        .positive('NDC units are more than 0.')
        .max(999_999_999, 'NDC units are at most 999999999.')
        .multipleOf(0.001, 'NDC units have at most 3 decimals.'),
      ndcUnitType: z.enum(NDC_UNIT_TYPES, 'The NDC unit type is F2, GR, ME, ML or UN.'),
      description: z.string().trim().max(200, 'A description is at most 200 characters.').nullable().default(null),
    })
    .strict(),
);
export type AddUpdateCptNdcCrosswalkRequest = z.input<typeof addUpdateCptNdcCrosswalkRequestSchema>;
export type AddUpdateCptNdcCrosswalkInput = z.output<typeof addUpdateCptNdcCrosswalkRequestSchema>;
export const cptNdcCrosswalkReplySchema = deferred(() =>
  z.object({ message: z.string(), cptNdcCrosswalkID: z.number().int() }),
);
export type CptNdcCrosswalkReply = z.infer<typeof cptNdcCrosswalkReplySchema>;

export const REVENUE_CROSSWALK_SORTS = ['cptCode', 'revenueCode', 'insuranceName', 'practiceName'] as const;
export const revenueCrosswalkSearchQuerySchema = deferred(() =>
  z
    .object({
      practiceID: id.optional(),
      insuranceID: id.optional(),
      cptCode: z.string().trim().toUpperCase().max(5).optional(),
      revenueCode: z.string().trim().max(4).optional(),
      pageNumber: numeric(z.number().int().min(1).max(1_000_000)).default(1),
      pageSize: numeric(z.number().int().min(1).max(500)).default(100),
      sortBy: z.enum(REVENUE_CROSSWALK_SORTS).default('cptCode'),
      sortDirection: z.enum(['asc', 'desc']).default('asc'),
    })
    .strict(),
);
export type RevenueCrosswalkSearchQuery = z.input<typeof revenueCrosswalkSearchQuerySchema>;
export type RevenueCrosswalkSearchInput = z.output<typeof revenueCrosswalkSearchQuerySchema>;

export const revenueCrosswalkRowSchema = deferred(() =>
  z.object({
    cptRevenueCrosswalkID: z.number().int(),
    practiceID: z.number().int(),
    practiceName: z.string(),
    insuranceID: z.number().int().nullable(),
    insuranceName: z.string().nullable(),
    cptCode: z.string(),
    revenueCode: z.string(),
    revenueDescription: z.string(),
  }),
);
export type RevenueCrosswalkRow = z.infer<typeof revenueCrosswalkRowSchema>;
export const revenueCrosswalkSearchReplySchema = deferred(() =>
  z.object({
    rows: z.array(revenueCrosswalkRowSchema),
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
);
export type RevenueCrosswalkSearchReply = z.infer<typeof revenueCrosswalkSearchReplySchema>;

export const addUpdateCptRevenueCrosswalkRequestSchema = deferred(() =>
  z
    .object({
      cptRevenueCrosswalkID: id.optional(),
      practiceID: id,
      /** Null or absent: for every payer of the practice; a payer's own entry wins over it. */
      insuranceID: id.nullable().default(null),
      cptCode,
      revenueCode: z
        .string()
        .trim()
        .regex(/^\d{4}$/, 'A revenue code is 4 digits, like 0250.'),
    })
    .strict(),
);
export type AddUpdateCptRevenueCrosswalkRequest = z.input<typeof addUpdateCptRevenueCrosswalkRequestSchema>;
export type AddUpdateCptRevenueCrosswalkInput = z.output<typeof addUpdateCptRevenueCrosswalkRequestSchema>;
export const cptRevenueCrosswalkIDSchema = deferred(() => z.object({ cptRevenueCrosswalkID: id }).strict());
export const cptRevenueCrosswalkReplySchema = deferred(() =>
  z.object({ message: z.string(), cptRevenueCrosswalkID: z.number().int() }),
);
export type CptRevenueCrosswalkReply = z.infer<typeof cptRevenueCrosswalkReplySchema>;

/** Repository/getPractices: the data role's practices, what the crosswalk commands choose from. */
export const practicesQuerySchema = deferred(() => z.object({}).strict());
export const practiceChoiceSchema = deferred(() =>
  z.object({ practiceID: z.number().int(), name: z.string(), groupID: z.number().int(), groupName: z.string() }),
);
export type PracticeChoice = z.infer<typeof practiceChoiceSchema>;
export const practicesReplySchema = deferred(() => z.object({ practices: z.array(practiceChoiceSchema) }));
export type PracticesReply = z.infer<typeof practicesReplySchema>;
