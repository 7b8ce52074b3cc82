import { z } from 'zod';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';

/**
 * The NUBC revenue codes an institutional (UB-04) claim line carries (MedicalCase/getRevenueCodes),
 * and the revenue code the practice's CPT-revenue crosswalk gives a code for a patient's payer
 * (MedicalCase/getRevenueCodesForCPT): the payer's own entry first, then the practice-wide one.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** At most this many codes in one answer (the table holds about 540). */
export const MAX_REVENUE_CODES = 1_000;

export const revenueCodesQuerySchema = deferred(() =>
  z
    .object({
      /** Digits: the codes starting with them, with or without the leading 0 (25 finds 0250-0259); words: descriptions holding them. */
      searchValue: z.string().trim().max(60, 'A revenue code search is at most 60 characters.').optional(),
    })
    .strict(),
);
export type RevenueCodesQuery = z.input<typeof revenueCodesQuerySchema>;
export type RevenueCodesInput = z.output<typeof revenueCodesQuerySchema>;

export const revenueCodeSchema = deferred(() => z.object({ code: z.string(), description: z.string() }));
export type RevenueCode = z.infer<typeof revenueCodeSchema>;
export const revenueCodesReplySchema = deferred(() => z.array(revenueCodeSchema));
export type RevenueCodesReply = z.infer<typeof revenueCodesReplySchema>;

export const revenueCodesForCptQuerySchema = deferred(() =>
  z
    .object({
      practiceID: id,
      /** The claim's coverage; absent for a self-pay claim, which takes the practice-wide entry. */
      patientInsuranceID: id.optional(),
      cptCode: z
        .string()
        .trim()
        .toUpperCase()
        .regex(
          /^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/,
          'Enter a CPT code (5 digits, or 4 digits and F, T or U) or a HCPCS code (a letter A to V and 4 digits).',
        ),
    })
    .strict(),
);
export type RevenueCodesForCptQuery = z.input<typeof revenueCodesForCptQuerySchema>;
export type RevenueCodesForCptInput = z.output<typeof revenueCodesForCptQuerySchema>;

/** Where the revenue code came from: the payer's own crosswalk entry or the practice-wide one. */
export const REVENUE_CODE_SOURCES = ['payer', 'practice'] as const;
export type RevenueCodeSource = (typeof REVENUE_CODE_SOURCES)[number];

export const crosswalkedRevenueCodeSchema = deferred(() =>
  z.object({
    cptRevenueCrosswalkID: z.number().int(),
    revenueCode: z.string(),
    description: z.string(),
    source: z.enum(REVENUE_CODE_SOURCES),
    insuranceID: z.number().int().nullable(),
    insuranceName: z.string().nullable(),
  }),
);
export type CrosswalkedRevenueCode = z.infer<typeof crosswalkedRevenueCodeSchema>;

/** `revenueCode` is the one a new line takes (the first of `codes`), null when the crosswalk has none. */
export const revenueCodesForCptReplySchema = deferred(() =>
  z.object({
    cptCode: z.string(),
    insuranceID: z.number().int().nullable(),
    revenueCode: z.string().nullable(),
    description: z.string().nullable(),
    codes: z.array(crosswalkedRevenueCodeSchema),
  }),
);
export type RevenueCodesForCptReply = z.infer<typeof revenueCodesForCptReplySchema>;
