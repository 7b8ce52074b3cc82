/**
 * The demographic verifier: offline rules a claim's patient must meet (a US state, a ZIP that is
 * five or nine digits and lies in that state, a ten-digit phone, a date of birth that is neither
 * in the future nor before 1900), as findings in the biller's words. A save is refused with them.
 */
import { addressProblems } from '../../../contract/addressRules.ts';
import type { DemographicFinding } from '../../../contract/patientRecord.ts';
import { FIRST_YEAR, isRealDay } from '../../../contract/scalars.ts';

export interface Demographics {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  dateOfBirth?: string | null | undefined;
  sex?: string | null | undefined;
  address1?: string | null | undefined;
  address2?: string | null | undefined;
  city?: string | null | undefined;
  state?: string | null | undefined;
  zip?: string | null | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
}

const NAME = /^[A-Za-z][A-Za-z .'-]*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const blank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

/** The phone's digits, without a leading US country code. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

function nameFindings(patient: Demographics): DemographicFinding[] {
  const findings: DemographicFinding[] = [];
  for (const [field, label] of [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
  ] as const) {
    const value = patient[field] ?? '';
    if (blank(value)) findings.push({ field, message: `${label} is missing.` });
    else if (!NAME.test(value.trim()))
      findings.push({ field, message: `${label} may hold only letters, spaces, hyphens, apostrophes and periods.` });
  }
  return findings;
}

function birthFinding(dateOfBirth: string | null | undefined, today: string): DemographicFinding | null {
  const field = 'dateOfBirth';
  if (blank(dateOfBirth)) return { field, message: 'Date of birth is missing.' };
  const day = (dateOfBirth ?? '').trim();
  if (!isRealDay(day)) return { field, message: `Date of birth "${day}" is not a date (YYYY-MM-DD).` };
  if (day > today) return { field, message: 'Date of birth is in the future.' };
  if (Number(day.slice(0, 4)) < FIRST_YEAR) return { field, message: `Date of birth is before ${FIRST_YEAR}.` };
  return null;
}

function addressFindings(patient: Demographics): DemographicFinding[] {
  const problems = addressProblems(
    {
      address1: patient.address1 ?? '',
      address2: patient.address2 ?? null,
      city: patient.city ?? '',
      state: patient.state ?? '',
      zip: patient.zip ?? '',
    },
    'mailing',
  );
  return problems.map((message) => ({
    field: /street/.test(message)
      ? 'address1'
      : /city/.test(message)
        ? 'city'
        : /state code/.test(message)
          ? 'state'
          : 'zip',
    message,
  }));
}

/** Every finding about the demographics, empty when they pass. `today` is YYYY-MM-DD. */
export function demographicFindings(patient: Demographics, today: string): DemographicFinding[] {
  const findings = nameFindings(patient);
  const birth = birthFinding(patient.dateOfBirth, today);
  if (birth) findings.push(birth);
  if (!['M', 'F', 'U'].includes((patient.sex ?? '').trim().toUpperCase()))
    findings.push({ field: 'sex', message: 'Sex is M, F or U.' });
  findings.push(...addressFindings(patient));
  if (!blank(patient.phone) && phoneDigits(patient.phone ?? '').length !== 10)
    findings.push({ field: 'phone', message: `Phone "${patient.phone ?? ''}" must have 10 digits.` });
  if (!blank(patient.email) && !EMAIL.test((patient.email ?? '').trim()))
    findings.push({ field: 'email', message: `E-mail "${patient.email ?? ''}" is not an e-mail address.` });
  return findings;
}
