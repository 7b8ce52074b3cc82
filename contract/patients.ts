import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/** A patient as the workspace's Patient pane shows it (Patient/getPatientInfoByID). */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const patientIDQuerySchema = deferred(() => z.object({ patientID: id }).strict());
export type PatientIDQuery = z.input<typeof patientIDQuerySchema>;

export const patientInsuranceSchema = deferred(() =>
  z.object({
    priority: z.number().int(),
    payerName: z.string(),
    subscriberID: z.string(),
    groupNumber: z.string().nullable(),
    effectiveFrom: z.string(),
    effectiveTo: z.string().nullable(),
    active: z.boolean(),
  }),
);
export type PatientInsurance = z.infer<typeof patientInsuranceSchema>;

export const patientInfoReplySchema = deferred(() =>
  z.object({
    patientID: z.number().int(),
    accountNumber: z.string(),
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    dateOfBirth: z.string(),
    sex: z.string(),
    address1: z.string(),
    address2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    practiceName: z.string(),
    /** For the edit screen: the practice the patient is registered at, and whether the record is active. */
    practiceID: z.number().int(),
    active: z.boolean(),
    insurances: z.array(patientInsuranceSchema),
    /** From the patient's ledger rows, in cents. */
    totals: z.object({
      claims: z.number().int(),
      charges: z.number().int(),
      paid: z.number().int(),
      adjusted: z.number().int(),
      balance: z.number().int(),
    }),
  }),
);
export type PatientInfoReply = z.infer<typeof patientInfoReplySchema>;
