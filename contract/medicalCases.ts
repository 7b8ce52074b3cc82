import { z } from 'zod';
import { calendarDate, numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * Medical cases: an episode of care (an accident, a pregnancy, a course of therapy) that groups a
 * patient's claims, so a payer sees them as one case.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const isoDate = calendarDate();
const caseFields = {
  name: z.string().trim().min(1, 'Name the medical case.').max(100, 'A case name is at most 100 characters.'),
  caseType: z
    .string()
    .trim()
    .min(1, 'Give the case type (e.g. Accident, Pregnancy, Therapy).')
    .max(50, 'A case type is at most 50 characters.'),
  startDate: isoDate,
  endDate: isoDate.nullable().default(null),
};
const datesInOrder = (body: { startDate: string; endDate: string | null }) =>
  body.endDate === null || body.endDate >= body.startDate;
const datesMessage = { message: 'The case ends before it starts.', path: ['endDate'] };

export const saveMedicalCaseRequestSchema = deferred(() =>
  z
    .object({ patientID: id, ...caseFields })
    .strict()
    .refine(datesInOrder, datesMessage),
);
export type SaveMedicalCaseRequest = z.input<typeof saveMedicalCaseRequestSchema>;
export type SaveMedicalCaseInput = z.output<typeof saveMedicalCaseRequestSchema>;
/** The spec's reply: 'Successfully Added Medical Case {id}' with the new id as pkid. */
export const saveMedicalCaseReplySchema = deferred(() => z.object({ message: z.string(), pkid: z.number().int() }));
export type SaveMedicalCaseReply = z.infer<typeof saveMedicalCaseReplySchema>;

/** Replaces the case's own fields; the patient stays. */
export const updateMedicalCaseRequestSchema = deferred(() =>
  z
    .object({ medicalCaseID: id, ...caseFields })
    .strict()
    .refine(datesInOrder, datesMessage),
);
export type UpdateMedicalCaseRequest = z.input<typeof updateMedicalCaseRequestSchema>;
export type UpdateMedicalCaseInput = z.output<typeof updateMedicalCaseRequestSchema>;

export const medicalCaseIDRequestSchema = deferred(() => z.object({ medicalCaseID: id }).strict());

export const linkMedicalCaseRequestSchema = deferred(() =>
  z
    .object({
      medicalCaseID: id,
      claimIDS: z
        .array(id)
        .min(1, 'Pick at least one claim to link.')
        .max(1000, 'Link at most 1000 claims at once.')
        .refine((ids) => new Set(ids).size === ids.length, 'Each claim is listed once.'),
    })
    .strict(),
);
export type LinkMedicalCaseRequest = z.input<typeof linkMedicalCaseRequestSchema>;
export type LinkMedicalCaseInput = z.output<typeof linkMedicalCaseRequestSchema>;

export const unlinkMedicalCaseRequestSchema = deferred(() => z.object({ claimID: id }).strict());

/** The other medical-case writes: the client shows the server's message (SPEC). */
export const medicalCaseMessageReplySchema = deferred(() =>
  z.object({ message: z.string(), medicalCaseID: z.number().int() }),
);
export type MedicalCaseMessageReply = z.infer<typeof medicalCaseMessageReplySchema>;

export const patientMedicalCasesQuerySchema = deferred(() => z.object({ patientID: id }).strict());
export const medicalCaseSchema = deferred(() =>
  z.object({
    medicalCaseID: z.number().int(),
    patientID: z.number().int(),
    name: z.string(),
    caseType: z.string(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    /** Claims linked to the case now. */
    claimCount: z.number().int(),
  }),
);
export type MedicalCase = z.infer<typeof medicalCaseSchema>;
export const patientMedicalCasesReplySchema = deferred(() => z.object({ medicalCases: z.array(medicalCaseSchema) }));
export type PatientMedicalCasesReply = z.infer<typeof patientMedicalCasesReplySchema>;

/**
 * MedicalCase/getMedicalCaseDetailByID: one case with the claims linked to it, found by its id or
 * by one of its claims (the claim screen knows only the claim). A claim in no case answers null.
 */
export const medicalCaseDetailQuerySchema = deferred(() =>
  z
    .object({ medicalCaseID: id.optional(), claimID: id.optional() })
    .strict()
    .refine((query) => (query.medicalCaseID === undefined) !== (query.claimID === undefined), {
      message: 'Give a medical case ID or a claim ID, one of the two.',
    }),
);
export type MedicalCaseDetailQuery = z.input<typeof medicalCaseDetailQuerySchema>;

export const medicalCaseClaimSchema = deferred(() =>
  z.object({
    claimID: z.number().int(),
    dosFrom: z.string(),
    claimStatus: z.string(),
    totalCents: z.number().int(),
    balanceCents: z.number().int(),
  }),
);
export type MedicalCaseClaim = z.infer<typeof medicalCaseClaimSchema>;
export const medicalCaseDetailSchema = deferred(() =>
  medicalCaseSchema.unwrap().extend({ claims: z.array(medicalCaseClaimSchema) }),
);
export type MedicalCaseDetail = z.infer<typeof medicalCaseDetailSchema>;
export const medicalCaseDetailReplySchema = deferred(() =>
  z.object({ medicalCase: medicalCaseDetailSchema.nullable() }),
);
export type MedicalCaseDetailReply = z.infer<typeof medicalCaseDetailReplySchema>;
