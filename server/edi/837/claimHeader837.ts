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

/** HI01-9: a diagnosis with its present-on-admission indicator when one was reported. */
function withPOA(qualifier: string, code: string, poa: string | null | undefined): string[] {
  const indicator = (poa ?? '').trim();
  return indicator === '' ? [qualifier, code] : [qualifier, code, '', '', '', '', '', '', indicator];
}

function codeSegments(codes: readonly string[][]): SegmentData[] {
  const segments: SegmentData[] = [];
  for (let start = 0; start < codes.length; start += HI_CODES)
    segments.push(['HI', ...codes.slice(start, start + HI_CODES)]);
  return segments;
}

/** Home health (32x, 33x) sends its start of care as the admission date on outpatient claims too. */
const HOME_HEALTH = new Set(['32', '33']);

/**
 * 837I 2300: CLM with the type of bill (facility type and classification, then the frequency),
 * the discharge hour, statement and admission dates, CL1, REF, then HI in the guide's order:
 * principal (ABK), admitting (ABJ), other diagnoses (ABF), occurrence spans (BI), occurrences
 * (BH), values (BE), conditions (BG). The type of bill is the claim's own when the claim form kept
 * its UB-04 fields, else its facility's.
 */
function institutional(claim: Claim837, total: Cents, diagnoses: readonly string[]): SegmentData[] {
  const ub = claim.institutional ?? null;
  const billType = ub?.billType ?? claim.facility?.billType ?? null;
  if (billType === null || billType.trim() === '')
    throw claimProblem(claim.claimID, 'no type of bill on the claim or its facility: an 837I needs it (CLM05).');
  const facilityType = facilityTypeCode(billType);
  const inpatient = isInpatient(facilityType);
  const admission = claim.admission ?? null;
  if (inpatient && admission === null) {
    throw claimProblem(
      claim.claimID,
      `bill type ${facilityType}${claim.frequencyCode} is inpatient: the claim needs its admission date, type and patient status.`,
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
  const poa = [...claim.diagnoses].sort((left, right) => left.sequence - right.sequence).map((dx) => dx.poa);
  const segments: SegmentData[] = [
    ['CLM', String(claim.claimID), money(total), '', '', [facilityType, 'A', claim.frequencyCode], '', 'A', 'Y', 'Y'],
  ];
  if (inpatient && ub?.dischargeHour) segments.push(['DTP', '096', 'TM', ub.dischargeHour]);
  segments.push(['DTP', '434', 'RD8', `${date8(claim.dosFrom)}-${date8(claim.dosTo)}`]);
  if (admission !== null && (inpatient || HOME_HEALTH.has(facilityType))) {
    segments.push(
      admission.hour === null
        ? ['DTP', '435', 'D8', date8(admission.date)]
        : ['DTP', '435', 'DT', `${date8(admission.date)}${admission.hour}`],
    );
  }
  // CL1 is required on every 837I. Without a recorded stay, an outpatient visit is sent as what it
  // is: type and point of origin not available ('9'), patient gone home ('01').
  if (ub !== null)
    segments.push(['CL1', ub.admissionTypeCode ?? '9', ub.admissionSourceCode ?? '', ub.patientStatusCode]);
  else
    segments.push(
      admission === null
        ? ['CL1', '9', '9', '01']
        : ['CL1', admission.typeCode, admission.sourceCode ?? '', admission.patientStatusCode],
    );
  segments.push(...references(claim), ['HI', withPOA('ABK', principal, poa[0])]);
  // An inpatient 837I must name the admitting diagnosis; when none was recorded, the condition the
  // stay was billed for (the principal) is the closest true statement.
  if (inpatient) segments.push(['HI', ['ABJ', icd(admission?.admittingDiagnosis ?? principal)]]);
  segments.push(...codeSegments(others.map((code, index) => withPOA('ABF', code, poa[index + 1]))));
  if (ub !== null) {
    segments.push(
      ...codeSegments(
        ub.occurrenceSpans.map((span) => ['BI', span.code, 'RD8', `${date8(span.from)}-${date8(span.through)}`]),
      ),
      ...codeSegments(ub.occurrenceCodes.map((occurrence) => ['BH', occurrence.code, 'D8', date8(occurrence.date)])),
      ...codeSegments(ub.valueCodes.map((value) => ['BE', value.code, '', '', money(value.amountCents)])),
      ...codeSegments(ub.conditionCodes.map((code) => ['BG', code])),
    );
  }
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
