import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';
import { icd10CmCode } from './claimEdit.ts';

/**
 * What only an institutional claim (UB-04, 837I 005010X223A2) carries, as the claim form sends it
 * (AddEditClaim/saveClaimForm's `institutional`) and reads it back (Claims/getClaimInfoData). The
 * claim's own fields stay what both kinds share: its dates are the statement covers period (FL6),
 * its provider the attending physician (FL76), its referring provider FL78, its frequency the last
 * digit of the type of bill (FL4). The code lists are the NUBC's, the checks those of the NUBC
 * manual and the 837I guide; the server runs the same schema, so the form and a 400 say the same.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = calendarDate();

/** Type-of-bill facility type + classification digits the guide treats as inpatient (DTP*435, HI*ABJ required). */
export const INPATIENT_BILL_TYPES = ['11', '12', '18', '21', '22', '28', '41'] as const;
export function isInpatientBillType(billType: string): boolean {
  return (INPATIENT_BILL_TYPES as readonly string[]).includes(billType.slice(0, 2));
}

/** FL4's third digit: the frequency of an institutional claim. */
export const INSTITUTIONAL_FREQUENCIES = [
  { code: '1', description: 'Admit through discharge' },
  { code: '2', description: 'Interim, first claim' },
  { code: '3', description: 'Interim, continuing claim' },
  { code: '4', description: 'Interim, last claim' },
  { code: '5', description: 'Late charge only' },
  { code: '7', description: 'Replacement of prior claim' },
  { code: '8', description: 'Void of prior claim' },
  { code: '0', description: 'Non-payment / zero claim' },
] as const;

/** FL14 / CL101: priority (type) of admission or visit. */
export const ADMISSION_TYPES = [
  { code: '1', description: 'Emergency' },
  { code: '2', description: 'Urgent' },
  { code: '3', description: 'Elective' },
  { code: '4', description: 'Newborn' },
  { code: '5', description: 'Trauma' },
  { code: '9', description: 'Information not available' },
] as const;

/** FL15 / CL102: point of origin for admission or visit. */
export const ADMISSION_SOURCES = [
  { code: '1', description: 'Non-health care facility (home, physician referral)' },
  { code: '2', description: 'Clinic or physician office' },
  { code: '4', description: 'Transfer from a hospital' },
  { code: '5', description: 'Transfer from a SNF, ICF or assisted living' },
  { code: '6', description: 'Transfer from another health care facility' },
  { code: '8', description: 'Court / law enforcement' },
  { code: '9', description: 'Information not available' },
  { code: 'D', description: 'Transfer from one unit to another in the same hospital' },
  { code: 'E', description: 'Transfer from an ambulatory surgery center' },
  { code: 'F', description: 'Transfer from hospice' },
  { code: 'G', description: 'Transfer from a designated disaster alternate care site' },
] as const;

/** FL17 / CL103: patient discharge status (the common codes). */
export const PATIENT_STATUSES = [
  { code: '01', description: 'Discharged to home or self care' },
  { code: '02', description: 'Discharged to a short-term general hospital' },
  { code: '03', description: 'Discharged to a SNF' },
  { code: '04', description: 'Discharged to a facility providing custodial or supportive care' },
  { code: '05', description: 'Discharged to a designated cancer center or children’s hospital' },
  { code: '06', description: 'Discharged to home under a home health organisation' },
  { code: '07', description: 'Left against medical advice' },
  { code: '09', description: 'Admitted as an inpatient to this hospital' },
  { code: '20', description: 'Expired' },
  { code: '21', description: 'Discharged to court / law enforcement' },
  { code: '30', description: 'Still a patient' },
  { code: '43', description: 'Discharged to a federal health care facility' },
  { code: '50', description: 'Hospice - home' },
  { code: '51', description: 'Hospice - medical facility' },
  { code: '61', description: 'Swing bed in this hospital' },
  { code: '62', description: 'Discharged to an inpatient rehabilitation facility' },
  { code: '63', description: 'Discharged to a long term care hospital' },
  { code: '64', description: 'Discharged to a nursing facility (Medicaid)' },
  { code: '65', description: 'Discharged to a psychiatric hospital' },
  { code: '66', description: 'Discharged to a critical access hospital' },
  { code: '70', description: 'Discharged to another type of health care institution' },
] as const;

/** HI01-9 / FL67's shaded column: present on admission. */
export const POA_INDICATORS = [
  { code: 'Y', description: 'Yes, present at admission' },
  { code: 'N', description: 'No, not present at admission' },
  { code: 'U', description: 'Documentation insufficient' },
  { code: 'W', description: 'Clinically undetermined' },
  { code: '1', description: 'Exempt from POA reporting' },
] as const;

/** HI holds 12 codes a segment and the 837I two segments of each kind; the UB-04 fewer (the form prints what fits). */
export const MAX_CONDITION_CODES = 24;
export const MAX_OCCURRENCE_CODES = 24;
export const MAX_OCCURRENCE_SPANS = 24;
export const MAX_VALUE_CODES = 24;

/** A patient status meaning the patient left (was discharged, transferred or died): a final inpatient claim then has its discharge hour. */
export const STILL_A_PATIENT = '30';

const codeOf = (list: readonly { code: string }[]) => list.map((entry) => entry.code) as [string, ...string[]];
const twoCharacters = (what: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{2}$/, `A ${what} is two letters or digits, like 01.`);
const hour = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^([01][0-9]|2[0-3])$/, `The ${what} is an hour code from 00 to 23.`)
    .nullable()
    .default(null);
const icd = icd10CmCode(
  'The admitting diagnosis is an ICD-10-CM code: a letter, a digit, then 1 to 5 letters or digits.',
);

export const occurrenceCodeSchema = deferred(() =>
  z.object({ code: twoCharacters('occurrence code'), date: isoDate }).strict(),
);
export const occurrenceSpanSchema = deferred(() =>
  z.object({ code: twoCharacters('occurrence span code'), from: isoDate, through: isoDate }).strict(),
);
export const valueCodeSchema = deferred(() =>
  z
    .object({
      code: twoCharacters('value code'),
      amountCents: z
        .number()
        .int('A value code amount is in whole cents.')
        .min(-99_999_999, 'A value code amount is at most $999,999.99.')
        .max(99_999_999, 'A value code amount is at most $999,999.99.'),
    })
    .strict(),
);
export type ValueCode = z.infer<typeof valueCodeSchema>;
export type OccurrenceCode = z.infer<typeof occurrenceCodeSchema>;
export type OccurrenceSpan = z.infer<typeof occurrenceSpanSchema>;

function noRepeats<T>(items: readonly T[], key: (item: T) => string): boolean {
  const keys = items.map(key);
  return new Set(keys).size === keys.length;
}

/** The UB-04 part of the claim form's request. */
export const institutionalDetailsSchema = deferred(() =>
  z
    .object({
      /** Facility type + classification (FL4's 2nd and 3rd digits, e.g. 13 hospital outpatient); the claim's frequency is the 4th. */
      billType: z
        .string()
        .trim()
        .transform((code) => code.replace(/^0(?=\d{2,3}$)/, '').slice(0, 2))
        .pipe(
          z
            .string()
            .regex(
              /^[1-9][1-9]$/,
              'The type of bill is the facility type and classification, like 13 (hospital outpatient) or 11 (hospital inpatient).',
            ),
        ),
      admissionDate: isoDate.nullable().default(null),
      admissionHour: hour('admission hour'),
      admissionType: z
        .enum(codeOf(ADMISSION_TYPES), 'The admission type is 1, 2, 3, 4, 5 or 9 (NUBC priority of admission).')
        .nullable()
        .default(null),
      admissionSource: z
        .enum(codeOf(ADMISSION_SOURCES), 'The point of origin is one of the NUBC codes 1-9 or D-G.')
        .nullable()
        .default(null),
      dischargeHour: hour('discharge hour'),
      patientStatus: z.enum(
        codeOf(PATIENT_STATUSES),
        'The patient status is a 2-digit NUBC discharge status, like 01 (home) or 30 (still a patient).',
      ),
      admittingDiagnosis: icd.nullable().default(null),
      operatingProviderID: id.nullable().default(null),
      otherOperatingProviderID: id.nullable().default(null),
      /** Present on admission, one per diagnosis in the claim's order; null where not reported. */
      poa: z
        .array(z.enum(codeOf(POA_INDICATORS), 'Present on admission is Y, N, U, W or 1 (exempt).').nullable())
        .default([]),
      conditionCodes: z
        .array(twoCharacters('condition code'))
        .max(MAX_CONDITION_CODES, `A claim takes at most ${MAX_CONDITION_CODES} condition codes.`)
        .refine((codes) => new Set(codes).size === codes.length, 'Each condition code goes on the claim once.')
        .default([]),
      occurrenceCodes: z
        .array(occurrenceCodeSchema)
        .max(MAX_OCCURRENCE_CODES, `A claim takes at most ${MAX_OCCURRENCE_CODES} occurrence codes.`)
        .refine(
          (codes) => noRepeats(codes, (code) => `${code.code}|${code.date}`),
          'An occurrence code and date go on the claim once.',
        )
        .default([]),
      occurrenceSpans: z
        .array(occurrenceSpanSchema)
        .max(MAX_OCCURRENCE_SPANS, `A claim takes at most ${MAX_OCCURRENCE_SPANS} occurrence spans.`)
        .default([]),
      valueCodes: z
        .array(valueCodeSchema)
        .max(MAX_VALUE_CODES, `A claim takes at most ${MAX_VALUE_CODES} value codes.`)
        .refine((codes) => noRepeats(codes, (code) => code.code), 'Each value code goes on the claim once.')
        .default([]),
    })
    .strict()
    .superRefine((details, ctx) => {
      details.occurrenceSpans.forEach((span, index) => {
        if (span.through < span.from)
          ctx.addIssue({
            code: 'custom',
            path: ['occurrenceSpans', index, 'through'],
            message: `Occurrence span ${span.code}: the through date is before the from date.`,
          });
      });
      if (isInpatientBillType(details.billType)) {
        const missing = [
          details.admissionDate === null ? 'admission date' : null,
          details.admissionType === null ? 'admission type' : null,
          details.admissionSource === null ? 'point of origin' : null,
        ].filter((name): name is string => name !== null);
        const first =
          details.admissionDate === null
            ? 'admissionDate'
            : details.admissionType === null
              ? 'admissionType'
              : 'admissionSource';
        if (missing.length > 0)
          ctx.addIssue({
            code: 'custom',
            path: [first],
            message: `Bill type ${details.billType}x is inpatient: it needs the ${missing.join(', ')}.`,
          });
      }
      if (details.admissionHour !== null && details.admissionDate === null)
        ctx.addIssue({
          code: 'custom',
          path: ['admissionHour'],
          message: 'An admission hour goes with an admission date.',
        });
      if (details.admissionType === null && details.admissionSource !== null)
        ctx.addIssue({
          code: 'custom',
          path: ['admissionType'],
          message: 'A point of origin goes with the admission type (use 9 when it is not known).',
        });
      if (details.dischargeHour !== null && details.patientStatus === STILL_A_PATIENT)
        ctx.addIssue({
          code: 'custom',
          path: ['dischargeHour'],
          message: 'Patient status 30 is still a patient: there is no discharge hour.',
        });
    }),
);
export type InstitutionalDetails = z.input<typeof institutionalDetailsSchema>;
export type InstitutionalDetailsInput = z.output<typeof institutionalDetailsSchema>;

/** The UB-04 part of a stored claim, as Claims/getClaimInfoData reads it. */
export const institutionalInfoSchema = deferred(() =>
  z.object({
    billType: z.string(),
    admissionDate: z.string().nullable(),
    admissionHour: z.string().nullable(),
    admissionType: z.string().nullable(),
    admissionSource: z.string().nullable(),
    dischargeHour: z.string().nullable(),
    patientStatus: z.string(),
    admittingDiagnosis: z.string().nullable(),
    operatingProviderID: z.number().int().nullable(),
    operatingProviderName: z.string().nullable(),
    otherOperatingProviderID: z.number().int().nullable(),
    otherOperatingProviderName: z.string().nullable(),
    poa: z.array(z.string().nullable()),
    conditionCodes: z.array(z.string()),
    occurrenceCodes: z.array(z.object({ code: z.string(), date: z.string() })),
    occurrenceSpans: z.array(z.object({ code: z.string(), from: z.string(), through: z.string() })),
    valueCodes: z.array(z.object({ code: z.string(), amountCents: z.number().int() })),
  }),
);
export type InstitutionalInfo = z.infer<typeof institutionalInfoSchema>;
