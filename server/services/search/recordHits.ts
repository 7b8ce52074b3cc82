/**
 * How a claim or a patient reads in the palette. One wording for search results and recents, so
 * a record looks the same wherever the biller meets it.
 */
import type { RecordHit } from '../../../contract/search.ts';

export interface ClaimHitRow {
  id: number;
  patient_name: string;
  dos_from: string;
  status: string;
  practice: string;
}

export interface PatientHitRow {
  id: number;
  last_name: string;
  first_name: string;
  account_number: string;
  date_of_birth: string;
  practice: string;
}

/** Columns of a ClaimHitRow over `claims c`; the query joins claim_statuses cs and practices pr. */
export const CLAIM_HIT_COLUMNS = `c.claim_id AS id, c.patient_name, c.dos_from, cs.name AS status, pr.name AS practice`;
export const CLAIM_HIT_JOINS = `JOIN claim_statuses cs ON cs.claim_status_id = c.claim_status_id JOIN practices pr ON pr.practice_id = c.practice_id`;

/** Columns of a PatientHitRow over `patients p`; the query joins practices pr. */
export const PATIENT_HIT_COLUMNS = `p.patient_id AS id, p.last_name, p.first_name, p.account_number, p.date_of_birth, pr.name AS practice`;
export const PATIENT_HIT_JOINS = `JOIN practices pr ON pr.practice_id = p.practice_id`;

export function claimHit(row: ClaimHitRow): RecordHit {
  return {
    type: 'claim',
    id: row.id,
    label: `Claim ${row.id}`,
    detail: `${row.patient_name} · DOS ${row.dos_from} · ${row.status} · ${row.practice}`,
  };
}

export function patientHit(row: PatientHitRow): RecordHit {
  return {
    type: 'patient',
    id: row.id,
    label: `${row.last_name}, ${row.first_name}`,
    detail: `Account ${row.account_number} · DOB ${row.date_of_birth} · ${row.practice}`,
  };
}
