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
  const billType = claim.institutional?.billType ?? facility?.billType ?? null;
  if (billType) values.set('4', `0${facilityTypeCode(billType)}${claim.frequencyCode}`);
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
  const ub = claim.institutional ?? null;
  if (ub !== null) {
    values.set('14', ub.admissionTypeCode ?? '9');
    put(values, '15', ub.admissionSourceCode);
    put(values, '16', ub.dischargeHour?.slice(0, 2));
    values.set('17', ub.patientStatusCode);
  }
  if (stay === null) {
    if (ub !== null) return;
    values.set('14', '9');
    values.set('15', '9');
    values.set('17', '01');
    return;
  }
  values.set('12', date6(stay.date));
  put(values, '13', stay.hour?.slice(0, 2));
  if (ub === null) {
    values.set('14', stay.typeCode);
    put(values, '15', stay.sourceCode);
    values.set('17', stay.patientStatusCode);
  }
  if (stay.admittingDiagnosis !== null) values.set('69', dottedICD(stay.admittingDiagnosis));
}

const OCCURRENCE_LOCATORS = ['31', '32', '33', '34'];
const SPAN_LOCATORS = ['35', '36'];
const VALUE_LOCATORS = ['39', '40', '41'];
const CONDITION_LOCATORS = Array.from({ length: 11 }, (_, index) => String(18 + index));

/**
 * FL18-28 condition codes, FL31-34 occurrence codes and dates (lines a and b, across first),
 * FL35-36 occurrence spans, FL39-41 value codes and amounts (lines a-d, across first); what does
 * not fit the paper is still on the 837I.
 */
function ubCodes(values: Values, claim: BillingClaim): void {
  const ub = claim.institutional ?? null;
  if (ub === null) return;
  ub.conditionCodes.slice(0, CONDITION_LOCATORS.length).forEach((code, index) => {
    values.set(CONDITION_LOCATORS[index] ?? '', code);
  });
  ub.occurrenceCodes.slice(0, 2 * OCCURRENCE_LOCATORS.length).forEach((occurrence, index) => {
    const locator = OCCURRENCE_LOCATORS[index % OCCURRENCE_LOCATORS.length] ?? '';
    values.set(
      `${locator}.${index < OCCURRENCE_LOCATORS.length ? 'a' : 'b'}`,
      `${occurrence.code}  ${date6(occurrence.date)}`,
    );
  });
  ub.occurrenceSpans.slice(0, 2 * SPAN_LOCATORS.length).forEach((span, index) => {
    const locator = SPAN_LOCATORS[index % SPAN_LOCATORS.length] ?? '';
    values.set(
      `${locator}.${index < SPAN_LOCATORS.length ? 'a' : 'b'}`,
      `${span.code}  ${date6(span.from)}  ${date6(span.through)}`,
    );
  });
  ub.valueCodes.slice(0, 4 * VALUE_LOCATORS.length).forEach((value, index) => {
    const locator = VALUE_LOCATORS[index % VALUE_LOCATORS.length] ?? '';
    const line = ['a', 'b', 'c', 'd'][Math.floor(index / VALUE_LOCATORS.length)] ?? 'a';
    const amount = moneyParts(value.amountCents);
    values.set(`${locator}.${line}`, `${value.code}  ${amount.dollars}.${amount.cents}`);
  });
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
  // The present-on-admission indicator prints in the shaded end of each diagnosis box.
  const withPOA = (diagnosis: BillingClaim['diagnoses'][number]) =>
    diagnosis.poa ? `${dottedICD(diagnosis.icdCode)} ${diagnosis.poa}` : dottedICD(diagnosis.icdCode);
  const [principal, ...others] = claim.diagnoses;
  if (principal !== undefined) values.set('67', withPOA(principal));
  others.forEach((diagnosis, index) => {
    const letter = OTHER_DIAGNOSIS_LETTERS[index];
    if (letter !== undefined) values.set(`67${letter}`, withPOA(diagnosis));
  });
  physician(values, '76', claim.provider, null);
  const operating = claim.institutional?.operatingProvider ?? null;
  const otherOperating = claim.institutional?.otherOperatingProvider ?? null;
  if (operating !== null) physician(values, '77', operating, null);
  if (claim.referringProvider !== null) physician(values, '78', claim.referringProvider, 'DN');
  if (otherOperating !== null) physician(values, '79', otherOperating, 'ZZ');
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
  if ((charge.nonCoveredCents ?? 0) > 0) {
    const nonCovered = moneyParts(charge.nonCoveredCents ?? 0);
    values.set(at('48'), nonCovered.dollars);
    values.set(at('48c'), nonCovered.cents);
  }
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
  ubCodes(header, claim);
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
      const nonCovered = lines.reduce((sum, charge) => sum + (charge.nonCoveredCents ?? 0), 0);
      if (nonCovered > 0) {
        const parts = moneyParts(nonCovered);
        values.set(`48.${TOTALS_LINE}`, parts.dollars);
        values.set(`48c.${TOTALS_LINE}`, parts.cents);
      }
    }
    return values;
  });
}
