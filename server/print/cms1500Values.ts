/**
 * What goes in each box of the CMS-1500 for one claim, page by page, following the NUCC 1500
 * instructions (02/12) and agreeing with what the 837P sends for the same claim: box 26 is the
 * claim ID the 837P sends as the patient control number (the payer's remittance echoes it back),
 * box 27 says the provider accepts assignment as CLM07 does.
 */
import type { BillingCharge, BillingClaim, BillingCoverage, InsuranceType } from '../services/claims/billingClaim.ts';
import { CMS1500_LINES_PER_PAGE, DIAGNOSIS_LETTERS } from './cms1500Layout.ts';
import type { FormValues } from './formPdf.ts';
import {
  billedLines,
  cityLine,
  coveragesInOrder,
  digitsOf,
  dottedICD,
  isoDay,
  moneyParts,
  ndcText,
  pagesOf,
  personName,
  phoneParts,
  providerFullName,
  quantity,
  SELF,
  spacedDate6,
  spacedDate8,
  street,
  sumCents,
  upper,
  zip,
} from './printFormat.ts';

const CHECKED = 'X';

/** Item 1's box per kind of coverage: employer and commercial plans are group health plans. */
const PROGRAM_BOX: Record<InsuranceType, string> = {
  medicare: 'medicare',
  medicaid: 'medicaid',
  tricare: 'tricare',
  commercial: 'group',
  bcbs: 'group',
  workers_comp: 'other',
  auto: 'other',
  self_pay: 'other',
};

const RELATION_BOX: Readonly<Record<string, string>> = { [SELF]: 'self', '01': 'spouse', '19': 'child' };

const REPLACEMENT_OR_VOID = new Set(['7', '8']);

type Values = Map<string, string>;

function put(values: Values, id: string, value: string | null | undefined): void {
  if (value !== null && value !== undefined && value.trim() !== '') values.set(id, value);
}

function insuredName(claim: BillingClaim, coverage: BillingCoverage): string {
  const { patient } = claim;
  return coverage.subscriberRelation === SELF
    ? personName(patient.lastName, patient.firstName, patient.middleName)
    : personName(coverage.subscriberLastName, coverage.subscriberFirstName, null);
}

function payerAndPatient(values: Values, claim: BillingClaim): void {
  const { patient, coverage } = claim;
  put(values, '2', personName(patient.lastName, patient.firstName, patient.middleName));
  put(values, '3.dob', spacedDate8(patient.dateOfBirth));
  if (patient.sex !== 'U') values.set(`3.sex.${patient.sex}`, CHECKED);
  put(values, '5', street(patient));
  put(values, '5.city', upper(patient.city));
  put(values, '5.state', upper(patient.state));
  put(values, '5.zip', zip(patient.zip));
  if (coverage === null) return;
  const { payer } = coverage;
  put(values, 'carrier.name', upper(payer.name));
  put(values, 'carrier.street', upper(payer.address1));
  if (payer.city !== null && payer.state !== null && payer.zip !== null)
    put(values, 'carrier.city', cityLine({ city: payer.city, state: payer.state, zip: payer.zip }));
  values.set(`1.${PROGRAM_BOX[payer.insuranceType]}`, CHECKED);
  put(values, '1a', coverage.subscriberID);
  put(values, '4', insuredName(claim, coverage));
  values.set(`6.${RELATION_BOX[coverage.subscriberRelation] ?? 'other'}`, CHECKED);
  const self = coverage.subscriberRelation === SELF;
  // The coverage keeps no address of a subscriber other than the patient.
  if (self) {
    put(values, '7', street(patient));
    put(values, '7.city', upper(patient.city));
    put(values, '7.state', upper(patient.state));
    put(values, '7.zip', zip(patient.zip));
  }
  put(values, '11', coverage.groupNumber);
  const insuredBirth = self ? patient.dateOfBirth : coverage.subscriberDateOfBirth;
  if (insuredBirth !== null) put(values, '11a.dob', spacedDate8(insuredBirth));
  if (self && patient.sex !== 'U') values.set(`11a.sex.${patient.sex}`, CHECKED);
  put(values, '11c', upper(payer.name));
  values.set('10a.' + (payer.insuranceType === 'workers_comp' ? 'yes' : 'no'), CHECKED);
  values.set('10b.' + (payer.insuranceType === 'auto' ? 'yes' : 'no'), CHECKED);
  values.set('10c.no', CHECKED);
  const other = coveragesInOrder(claim).find(
    (candidate) => candidate.patientInsuranceID !== coverage.patientInsuranceID,
  );
  values.set(other ? '11d.yes' : '11d.no', CHECKED);
  if (other) {
    put(values, '9', insuredName(claim, other));
    put(values, '9a', other.groupNumber ?? other.subscriberID);
    put(values, '9d', upper(other.payer.name));
  }
}

/** Items 17-23: the referring (else supervising) provider, diagnoses, resubmission, authorisation. */
function claimInformation(values: Values, claim: BillingClaim): void {
  const referrer = claim.referringProvider ?? claim.supervisingProvider;
  if (referrer !== null) {
    values.set('17.qual', claim.referringProvider !== null ? 'DN' : 'DQ');
    put(values, '17.name', providerFullName(referrer));
    put(values, '17b.npi', digitsOf(referrer.npi));
  }
  values.set('21.ind', '0');
  for (const diagnosis of claim.diagnoses) {
    const letter = DIAGNOSIS_LETTERS[diagnosis.sequence - 1];
    if (letter !== undefined) put(values, `21.${letter}`, dottedICD(diagnosis.icdCode));
  }
  if (REPLACEMENT_OR_VOID.has(claim.frequencyCode)) {
    values.set('22.code', claim.frequencyCode);
    put(values, '22.ref', claim.originalClaimNumber);
  }
  put(values, '23', claim.priorAuthorizationNumber ?? claim.referralNumber);
}

function providers(values: Values, claim: BillingClaim, now: Date): void {
  const { practice, facility } = claim;
  put(values, '25.number', digitsOf(practice.taxID));
  values.set('25.ein', CHECKED);
  values.set('26.number', String(claim.claimID));
  values.set('27.yes', CHECKED);
  values.set('31.signed', 'SIGNATURE ON FILE');
  values.set('31.date', spacedDate6(isoDay(now)));
  if (facility !== null) {
    put(values, '32.name', upper(facility.name));
    put(values, '32.street', street(facility));
    put(values, '32.city', cityLine(facility));
    put(values, '32a.npi', digitsOf(facility.npi));
  }
  const practicePhone = phoneParts(practice.phone);
  put(values, '33.areaCode', practicePhone.areaCode);
  put(values, '33.phone', practicePhone.number);
  put(values, '33.name', upper(practice.name));
  put(values, '33.street', street(practice));
  put(values, '33.city', cityLine(practice));
  put(values, '33a.npi', digitsOf(practice.npi));
  if (practice.taxonomyCode !== null) put(values, '33b.id', `ZZ${practice.taxonomyCode}`);
}

function serviceLine(values: Values, line: number, charge: BillingCharge, claim: BillingClaim): void {
  const at = (field: string) => `24.${line}.${field}`;
  const rendering = charge.renderingProvider ?? claim.provider;
  put(values, at('supplemental'), ndcText(charge));
  if (rendering.taxonomyCode !== null) {
    values.set(at('qualShaded'), 'ZZ');
    values.set(at('idShaded'), rendering.taxonomyCode);
  }
  values.set(at('from'), spacedDate6(charge.dosFrom));
  values.set(at('to'), spacedDate6(charge.dosTo));
  put(values, at('pos'), charge.posCode ?? claim.posCode ?? claim.facility?.posCode);
  put(values, at('cpt'), charge.cptCode);
  charge.modifiers.slice(0, 4).forEach((modifier, index) => put(values, at(`mod${index + 1}`), modifier));
  put(
    values,
    at('pointer'),
    charge.diagnosisPointers
      .slice(0, 4)
      .map((pointer) => DIAGNOSIS_LETTERS[pointer - 1] ?? '')
      .join(''),
  );
  const { dollars, cents } = moneyParts(charge.chargeCents);
  values.set(at('charges'), dollars);
  values.set(at('cents'), cents);
  values.set(at('units'), quantity(charge.units));
  put(values, at('npi'), digitsOf(rendering.npi));
}

/**
 * The claim's CMS-1500 pages: six billed lines a page, every page with the claim's header boxes.
 * Box 28 totals the page's own lines; the last page's carries the claim's total (with the amount
 * paid), the lines of all pages summed so the form always adds up to what it lists.
 */
export function cms1500Pages(claim: BillingClaim, now: Date): FormValues[] {
  const header: Values = new Map();
  payerAndPatient(header, claim);
  claimInformation(header, claim);
  providers(header, claim, now);
  const lines = billedLines(claim);
  const pages = pagesOf(lines, CMS1500_LINES_PER_PAGE);
  return pages.map((page, index) => {
    const values: Values = new Map(header);
    const last = index === pages.length - 1;
    if (pages.length > 1) values.set('page', `PAGE ${index + 1} OF ${pages.length}`);
    page.forEach((charge, line) => serviceLine(values, line + 1, charge, claim));
    const total = moneyParts(last ? sumCents(lines) : sumCents(page));
    values.set('28.dollars', total.dollars);
    values.set('28.cents', total.cents);
    if (last && claim.primary !== null) {
      const paid = moneyParts(claim.primary.paidCents);
      values.set('29.dollars', paid.dollars);
      values.set('29.cents', paid.cents);
    }
    return values;
  });
}
