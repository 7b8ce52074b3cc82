import { z } from 'zod';
import { deferred } from './deferred.ts';

/**
 * AddEditClaim/editCharge: the coding of one charge line. Money is not here: a change of amount
 * writes ledger rows and goes through its own call.
 */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const MAX_MODIFIERS = 4;
const MAX_DIAGNOSIS_POINTERS = 4;
const POINTER_RANGE = 'A diagnosis pointer is a whole number from 1 to 12.';
const UNITS_RANGE = 'Units must be a whole number from 1 to 9999.';

const modifier = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2}$/, 'A modifier is two letters or digits, like 25 or LT.');

const diagnosisPointer = z.number().int(POINTER_RANGE).min(1, POINTER_RANGE).max(12, POINTER_RANGE);

export const editChargeRequestSchema = deferred(() =>
  z
    .object({
      chargeID: id,
      // The format (CPT or HCPCS) is checked by the server, which names the code in its refusal.
      cptCode: z
        .string()
        .trim()
        .toUpperCase()
        .min(1, 'Enter the procedure code.')
        .max(10, 'A procedure code has 5 characters.')
        .optional(),
      modifiers: z
        .array(modifier)
        .max(MAX_MODIFIERS, `A charge line takes at most ${MAX_MODIFIERS} modifiers.`)
        .optional(),
      units: z.number().int(UNITS_RANGE).min(1, UNITS_RANGE).max(9999, UNITS_RANGE).optional(),
      diagnosisPointers: z
        .array(diagnosisPointer)
        .min(1, `Point the line at 1 to ${MAX_DIAGNOSIS_POINTERS} diagnoses.`)
        .max(MAX_DIAGNOSIS_POINTERS, `Point the line at 1 to ${MAX_DIAGNOSIS_POINTERS} diagnoses.`)
        .refine((pointers) => new Set(pointers).size === pointers.length, 'A line points at each diagnosis only once.')
        .optional(),
      /** null clears the line's own place of service, so the claim's applies. */
      posCode: z
        .string()
        .trim()
        .regex(/^\d{2}$/, 'A place of service is a 2-digit code, like 11.')
        .nullable()
        .optional(),
    })
    .strict()
    .refine(
      (body) =>
        body.cptCode !== undefined ||
        body.modifiers !== undefined ||
        body.units !== undefined ||
        body.diagnosisPointers !== undefined ||
        body.posCode !== undefined,
      {
        message:
          'Nothing to change: give a procedure code, modifiers, units, diagnosis pointers or a place of service.',
      },
    ),
);
export type EditChargeRequest = z.input<typeof editChargeRequestSchema>;
export type EditChargeInput = z.output<typeof editChargeRequestSchema>;

export const editChargeReplySchema = deferred(() =>
  z.object({ message: z.string(), chargeID: z.number().int(), claimID: z.number().int() }),
);
export type EditChargeReply = z.infer<typeof editChargeReplySchema>;

/** The coding of a charge line as an edit sees it; modifiers in order, without the empty slots. */
export interface ChargeCoding {
  cptCode: string;
  modifiers: string[];
  units: number;
  diagnosisPointers: number[];
  posCode: string | null;
}

/** The detail of a 'charge edited' DNA event: only the fields whose value changed. */
export interface ChargeEditedDetail {
  chargeID: number;
  lineNumber: number;
  changes: Partial<
    Record<keyof ChargeCoding, { from: ChargeCoding[keyof ChargeCoding]; to: ChargeCoding[keyof ChargeCoding] }>
  >;
}
