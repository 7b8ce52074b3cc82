/**
 * What goes in each form locator of the UB-04 for one institutional claim, page by page, agreeing
 * with what the 837I sends for it: the practice is the billing provider (FL1, FL5, FL56), the
 * claim ID is the patient control number (FL3a), the bill type is the facility's type and
 * classification with the claim's frequency (FL4), and a visit with no recorded stay shows the
 * same admission type, source and status the 837I's CL1 sends.
 */
import { facilityTypeCode } from '../edi/837/codes837.ts';
import type { BillingCharge, BillingClaim, BillingCoverage, BillingProvider } from '../services/claims/billingClaim.ts';
import type { FormValues } from './formPdf.ts';
import {
  billedLines,
  cityLine,
  coveragesInOrder,
  date6,
  date8,
  digitsOf,
  dottedICD,
  isoDay,
  moneyParts,
  ndcText,
  pagesOf,
  personName,
  quantity,
  SELF,
  street,
  sumCents,
  upper,
  zip,
} from './printFormat.ts';
import { revenueDescription } from './revenueCodes.ts';
import { OTHER_DIAGNOSIS_LETTERS, PAYER_LINES, TOTALS_LINE, UB04_LINES_PER_PAGE } from './ub04Layout.ts';

type Values = Map<string, string>;

const REPLACEMENT_OR_VOID = new Set(['7', '8']);
/** The revenue code of the totals line. */
const TOTAL_REVENUE_CODE = '0001';

function put(values: Values, id: string, value: string | null | undefined): void {
  if (value !== null && value !== undefined && value.trim() !== '') values.set(id, value);
}

function billingProviderAndPatient(values: Values, claim: BillingClaim): void {
  const { practice, patient, facility } = claim;
  put(values, '1.name', upper(practice.name));
  put(values, '1.street', street(practice));
  put(values, '1.city', cityLine(practice));
  put(values, '1.phone', digitsOf(practice.phone));
  values.set('3a.number', String(claim.claimID));
  put(values, '3b.number', patient.accountNumber);
  if (facility?.billType) values.set('4', `0${facilityTypeCode(facility.billType)}${claim.frequencyCode}`);
  put(values, '5', digitsOf(practice.taxID));
  values.set('6.from', date6(claim.dosFrom));
  values.set('6.through', date6(claim.dosTo));
  put(values, '8b', personName(patient.lastName, patient.firstName, patient.middleName));
  put(values, '9a', street(patient));
  put(values, '9b', upper(patient.city));
  put(values, '9c', upper(patient.state));
  put(values, '9d', zip(patient.zip));
  values.set('10', date8(patient.dateOfBirth));
  values.set('11', patient.sex);
  const stay = claim.admission ?? null;
  if (stay === null) {
    values.set('14', '9');
    values.set('15', '9');
    values.set('17', '01');
    return;
  }
  values.set('12', date6(stay.date));
  put(values, '13', stay.hour?.slice(0, 2));
  values.set('14', stay.typeCode);
  put(values, '15', stay.sourceCode);
  values.set('17', stay.patientStatusCode);
  if (stay.admittingDiagnosis !== null) values.set('69', dottedICD(stay.admittingDiagnosis));
}

function insuredName(claim: BillingClaim, coverage: BillingCoverage): string {
  const { patient } = claim;
  return coverage.subscriberRelation === SELF
    ? personName(patient.lastName, patient.firstName, patient.middleName)
    : personName(coverage.subscriberLastName, coverage.subscriberFirstName, null);
}

/** FL50-65: one line per payer in the order they pay; the billed payer's line carries the authorisation. */
function payers(values: Values, claim: BillingClaim): void {
  coveragesInOrder(claim)
    .slice(0, PAYER_LINES.length)
    .forEach((coverage, index) => {
      const at = (locator: string) => `${locator}.${PAYER_LINES[index] ?? ''}`;
      put(values, at('50'), upper(coverage.payer.name));
      put(values, at('51'), coverage.payer.payerID);
      values.set(at('52'), 'Y');
      values.set(at('53'), 'Y');
      if (claim.primary !== null && claim.primary.payer.insuranceID === coverage.payer.insuranceID) {
        const paid = moneyParts(claim.primary.paidCents);
        values.set(at('54'), paid.dollars);
        values.set(at('54c'), paid.cents);
      }
      put(values, at('58'), insuredName(claim, coverage));
      values.set(at('59'), coverage.subscriberRelation);
      put(values, at('60'), coverage.subscriberID);
      put(values, at('62'), coverage.groupNumber);
      if (coverage.patientInsuranceID !== claim.coverage?.patientInsuranceID) return;
      put(values, at('63'), claim.priorAuthorizationNumber);
      if (REPLACEMENT_OR_VOID.has(claim.frequencyCode)) put(values, at('64'), claim.originalClaimNumber);
    });
  put(values, '56.npi', digitsOf(claim.practice.npi));
}

function physician(values: Values, locator: string, provider: BillingProvider, qualifier: string | null): void {
  put(values, `${locator}.npi`, digitsOf(provider.npi));
  if (qualifier !== null) values.set(`${locator}.type`, qualifier);
  put(values, `${locator}.last`, upper(provider.lastName));
  put(values, `${locator}.first`, upper(provider.firstName));
}

function diagnosesAndPhysicians(values: Values, claim: BillingClaim): void {
  values.set('66', '0');
  const [principal, ...others] = claim.diagnoses;
  if (principal !== undefined) values.set('67', dottedICD(principal.icdCode));
  others.forEach((diagnosis, index) => {
    const letter = OTHER_DIAGNOSIS_LETTERS[index];
    if (letter !== undefined) values.set(`67${letter}`, dottedICD(diagnosis.icdCode));
  });
  physician(values, '76', claim.provider, null);
  if (claim.referringProvider !== null) physician(values, '78', claim.referringProvider, 'DN');
}

function revenueLine(values: Values, line: number, charge: BillingCharge): void {
  const at = (locator: string) => `${locator}.${line}`;
  put(values, at('42'), charge.revenueCode);
  put(values, at('43'), ndcText(charge) ?? revenueDescription(charge.revenueCode));
  put(values, at('44'), [charge.cptCode, ...charge.modifiers.slice(0, 4)].join(''));
  values.set(at('45'), date6(charge.dosFrom));
  values.set(at('46'), quantity(charge.units));
  const { dollars, cents } = moneyParts(charge.chargeCents);
  values.set(at('47'), dollars);
  values.set(at('47c'), cents);
}

/**
 * The claim's UB-04 pages: 22 revenue lines a page. Line 23 of every page numbers it and dates
 * the form; the totals are on the last page only, as the NUBC manual has them.
 */
export function ub04Pages(claim: BillingClaim, now: Date): FormValues[] {
  const header: Values = new Map();
  billingProviderAndPatient(header, claim);
  payers(header, claim);
  diagnosesAndPhysicians(header, claim);
  const lines = billedLines(claim);
  const pages = pagesOf(lines, UB04_LINES_PER_PAGE);
  return pages.map((page, index) => {
    const values: Values = new Map(header);
    page.forEach((charge, line) => revenueLine(values, line + 1, charge));
    values.set('23.page', String(index + 1));
    values.set('23.of', String(pages.length));
    values.set(`45.${TOTALS_LINE}`, date6(isoDay(now)));
    if (index === pages.length - 1) {
      const total = moneyParts(sumCents(lines));
      values.set(`42.${TOTALS_LINE}`, TOTAL_REVENUE_CODE);
      values.set(`47.${TOTALS_LINE}`, total.dollars);
      values.set(`47c.${TOTALS_LINE}`, total.cents);
    }
    return values;
  });
}
