import type { Cents } from '../../../contract/money.ts';
import type { SegmentData } from '../x12/writeX12.ts';
import { claimProblem } from './build837Error.ts';
import type { Claim837 } from './claim837.ts';
import { facilityTypeCode, isInpatient, type Kind837 } from './codes837.ts';
import { date8, icd, identifier, money } from './format837.ts';

/** HI holds at most 12 codes per segment. */
const HI_CODES = 12;
const REPLACEMENT_OR_VOID = new Set(['7', '8']);

/** CLM05-1 of an 837P: the claim's POS, else its facility's, else its first line's. */
export function placeOfService(claim: Claim837): string {
  const pos =
    claim.posCode ??
    claim.facility?.posCode ??
    claim.charges.find((charge) => charge.posCode !== null)?.posCode ??
    null;
  if (pos === null || pos.trim() === '')
    throw claimProblem(claim.claimID, 'no place of service on the claim, its facility or its lines.');
  return pos.trim();
}

function references(claim: Claim837): SegmentData[] {
  const segments: SegmentData[] = [];
  if ((claim.referralNumber ?? '').trim() !== '') segments.push(['REF', '9F', identifier(claim.referralNumber, 50)]);
  if ((claim.priorAuthorizationNumber ?? '').trim() !== '')
    segments.push(['REF', 'G1', identifier(claim.priorAuthorizationNumber, 50)]);
  if (REPLACEMENT_OR_VOID.has(claim.frequencyCode)) {
    if ((claim.originalClaimNumber ?? '').trim() === '') {
      throw claimProblem(
        claim.claimID,
        `frequency ${claim.frequencyCode} (replacement or void) needs the payer's original claim number.`,
      );
    }
    segments.push(['REF', 'F8', identifier(claim.originalClaimNumber, 50)]);
  }
  return segments;
}

function diagnosisSegments(qualifier: string, codes: readonly string[]): SegmentData[] {
  const segments: SegmentData[] = [];
  for (let start = 0; start < codes.length; start += HI_CODES) {
    segments.push(['HI', ...codes.slice(start, start + HI_CODES).map((code) => [qualifier, code])]);
  }
  return segments;
}

/** 837P 2300: CLM, REF, one HI with the principal diagnosis (ABK) then the others (ABF). */
function professional(claim: Claim837, total: Cents, diagnoses: readonly string[], pos: string): SegmentData[] {
  const [principal, ...others] = diagnoses;
  if (principal === undefined)
    throw claimProblem(claim.claimID, 'no diagnosis: an 837P needs at least the principal diagnosis.');
  if (diagnoses.length > HI_CODES)
    throw claimProblem(claim.claimID, `${diagnoses.length} diagnoses: an 837P carries at most ${HI_CODES}.`);
  return [
    ['CLM', String(claim.claimID), money(total), '', '', [pos, 'B', claim.frequencyCode], 'Y', 'A', 'Y', 'Y'],
    ...references(claim),
    ['HI', ['ABK', principal], ...others.map((code) => ['ABF', code])],
  ];
}

/** 837I 2300: CLM with the bill type, statement and admission dates, CL1, REF, then HI by qualifier. */
function institutional(claim: Claim837, total: Cents, diagnoses: readonly string[]): SegmentData[] {
  const billType = claim.facility?.billType ?? null;
  if (billType === null || billType.trim() === '')
    throw claimProblem(claim.claimID, 'no bill type on the facility: an 837I needs it (CLM05).');
  const facilityType = facilityTypeCode(billType);
  const inpatient = isInpatient(facilityType);
  const admission = claim.admission ?? null;
  if (inpatient && admission === null) {
    throw claimProblem(
      claim.claimID,
      `bill type ${billType} is inpatient: the claim needs its admission date, type and patient status.`,
    );
  }
  const [principal, ...others] = diagnoses;
  if (principal === undefined)
    throw claimProblem(claim.claimID, 'no diagnosis: an 837I needs at least the principal diagnosis.');
  if (others.length > 2 * HI_CODES)
    throw claimProblem(
      claim.claimID,
      `${others.length} other diagnoses: an 837I carries at most ${2 * HI_CODES} besides the principal.`,
    );
  const segments: SegmentData[] = [
    ['CLM', String(claim.claimID), money(total), '', '', [facilityType, 'A', claim.frequencyCode], '', 'A', 'Y', 'Y'],
    ['DTP', '434', 'RD8', `${date8(claim.dosFrom)}-${date8(claim.dosTo)}`],
  ];
  if (inpatient && admission !== null) {
    segments.push(
      admission.hour === null
        ? ['DTP', '435', 'D8', date8(admission.date)]
        : ['DTP', '435', 'DT', `${date8(admission.date)}${admission.hour}`],
    );
  }
  // CL1 is required on every 837I. Without a recorded stay, an outpatient visit is sent as what it
  // is: type and point of origin not available ('9'), patient gone home ('01').
  segments.push(
    admission === null
      ? ['CL1', '9', '9', '01']
      : ['CL1', admission.typeCode, admission.sourceCode ?? '', admission.patientStatusCode],
  );
  segments.push(...references(claim), ['HI', ['ABK', principal]]);
  // An inpatient 837I must name the admitting diagnosis; when none was recorded, the condition the
  // stay was billed for (the principal) is the closest true statement.
  if (inpatient) segments.push(['HI', ['ABJ', icd(admission?.admittingDiagnosis ?? principal)]]);
  segments.push(...diagnosisSegments('ABF', others));
  return segments;
}

/** Loop 2300 up to the provider loops; `total` is the sum of the lines written, `pos` is 837P's CLM05-1. */
export function claimHeader(
  claim: Claim837,
  kind: Kind837,
  total: Cents,
  diagnoses: readonly string[],
  pos: string,
): SegmentData[] {
  return kind === 'P' ? professional(claim, total, diagnoses, pos) : institutional(claim, total, diagnoses);
}
