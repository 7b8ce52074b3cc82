import { SELF, type CoverageFields } from './patientCoverage.ts';

/**
 * The checks of a coverage a biller types, in the biller's words, shared by the form (before it
 * sends) and the server (which decides). Each returns null or one problem.
 */

// Medicare Beneficiary Identifier: 11 positions, letters without S, L, O, I, B, Z.
const MBI_LETTER = '[AC-HJKMNP-RT-Y]';
const MBI = new RegExp(
  `^[1-9]${MBI_LETTER}[0-9AC-HJKMNP-RT-Y][0-9]${MBI_LETTER}[0-9AC-HJKMNP-RT-Y][0-9]${MBI_LETTER}${MBI_LETTER}[0-9]{2}$`,
);
const MEMBER_ID = /^[A-Z0-9][A-Z0-9-]*$/;
const GROUP_NUMBER = /^[A-Z0-9][A-Z0-9 -]*$/;

/** A member ID as stored: upper case; a Medicare MBI without the dashes it is printed with. */
export function normalMemberID(subscriberID: string, insuranceType: string): string {
  const upper = subscriberID.trim().toUpperCase();
  return insuranceType === 'medicare' ? upper.replace(/[-\s]/g, '') : upper;
}

export function memberIDProblem(subscriberID: string, insuranceType: string): string | null {
  const id = normalMemberID(subscriberID, insuranceType);
  if (id.length < 2) return 'A member ID has at least 2 characters.';
  if (insuranceType === 'medicare')
    return MBI.test(id) ? null : 'A Medicare member ID is an 11-character MBI, such as 1EG4-TE5-MK73.';
  return MEMBER_ID.test(id) ? null : 'A member ID has only letters, digits and hyphens.';
}

export function groupNumberProblem(groupNumber: string | null): string | null {
  if (groupNumber === null || groupNumber === '') return null;
  return GROUP_NUMBER.test(groupNumber.toUpperCase())
    ? null
    : 'A group number has only letters, digits, spaces and hyphens.';
}

/** Every problem of a coverage's fields against its payer's type, on `today` (YYYY-MM-DD). */
export function coverageProblems(fields: CoverageFields, insuranceType: string, today: string): string[] {
  const problems: (string | null)[] = [
    memberIDProblem(fields.subscriberID, insuranceType),
    groupNumberProblem(fields.groupNumber),
    fields.effectiveTo !== null && fields.effectiveTo < fields.effectiveFrom
      ? 'The coverage ends (termination date) before it starts (effective date).'
      : null,
  ];
  if (fields.relationship !== SELF) {
    const missing = [
      fields.subscriberFirstName ? null : 'first name',
      fields.subscriberLastName ? null : 'last name',
      fields.subscriberDateOfBirth ? null : 'date of birth',
      fields.subscriberSex ? null : 'sex',
    ].filter((part): part is string => part !== null);
    problems.push(
      missing.length > 0
        ? `When the subscriber is not the patient, give the subscriber’s ${missing.join(', ')}.`
        : null,
      fields.subscriberDateOfBirth !== null && fields.subscriberDateOfBirth > today
        ? 'The subscriber’s date of birth is in the future.'
        : null,
    );
  }
  return problems.filter((problem): problem is string => problem !== null);
}
