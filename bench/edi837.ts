import { pathToFileURL } from 'node:url';
import { build837 } from '../server/edi/837/build837.ts';
import type { Build837Options } from '../server/edi/837/options837.ts';
import { readX12 } from '../server/edi/x12/readX12.ts';
import type {
  BillingCharge,
  BillingClaim,
  BillingPayer,
  BillingProvider,
} from '../server/services/claims/billingClaim.ts';
import { print, summarise, timeSync } from './stats.ts';

const CLAIMS = Number(process.env.BENCH_837_CLAIMS ?? 5_000);

const PAYER: BillingPayer = {
  insuranceID: 1,
  name: 'Synthetic Health Plan',
  payerID: 'SYN01',
  insuranceType: 'commercial',
  timelyFilingDays: 365,
  address1: null,
  city: null,
  state: null,
  zip: null,
};
const PROVIDERS: BillingProvider[] = [
  {
    providerID: 1,
    providerType: 'individual',
    firstName: 'James',
    lastName: 'Kildare',
    npi: '1234567893',
    taxonomyCode: '207Q00000X',
  },
  {
    providerID: 2,
    providerType: 'individual',
    firstName: 'Marcus',
    lastName: 'Welby',
    npi: '1112223338',
    taxonomyCode: '208D00000X',
  },
];
const CODES = ['99213', '99214', '36415', '85025', '80053', '93000', '97110', 'J1100'];

function syntheticCharge(claimID: number, line: number): BillingCharge {
  const code = CODES[(claimID + line) % CODES.length] ?? '99213';
  const drug = code === 'J1100';
  return {
    chargeID: claimID * 10 + line,
    lineNumber: line,
    cptCode: code,
    modifiers: line === 1 && claimID % 3 === 0 ? ['25'] : [],
    units: 1 + (line % 2),
    chargeCents: 2500 + ((claimID * 37 + line * 101) % 20000),
    diagnosisPointers: line === 1 ? [1, 2] : [1],
    dosFrom: '2026-02-10',
    dosTo: '2026-02-10',
    posCode: '11',
    renderingProvider: PROVIDERS[claimID % 2] ?? null,
    revenueCode: null,
    ndcCode: drug ? '00641036721' : null,
    ndcUnits: drug ? 1 : null,
    ndcUnitType: drug ? 'ML' : null,
    chargeStatus: 'active',
    lineControlNumber: `${claimID}-${line}`,
  };
}

/** Claims as loadBillingClaims returns them: three or four lines, a quarter of patients on a parent's plan. */
function syntheticClaim(claimID: number): BillingClaim {
  const charges = Array.from({ length: 3 + (claimID % 2) }, (_, index) => syntheticCharge(claimID, index + 1));
  const dependent = claimID % 4 === 0;
  return {
    claimID,
    groupID: 1,
    claimType: 'professional',
    claimStatusID: 1,
    scrubStatusID: 1,
    submitStatusID: 1,
    dosFrom: '2026-02-10',
    dosTo: '2026-02-10',
    posCode: '11',
    frequencyCode: '1',
    originalClaimNumber: null,
    referralNumber: null,
    priorAuthorizationNumber: claimID % 5 === 0 ? `AUTH${claimID}` : null,
    totalChargeCents: charges.reduce((sum, charge) => sum + charge.chargeCents, 0),
    createdAt: '2026-02-11T09:00:00Z',
    practice: {
      practiceID: 1 + (claimID % 3),
      groupID: 1,
      name: 'Lakeside Medical Group',
      npi: '1912301953',
      taxID: '587654321',
      taxonomyCode: '207Q00000X',
      phone: '3055550100',
      address1: '234 Seaway St',
      address2: null,
      city: 'Miami',
      state: 'FL',
      zip: '331110000',
    },
    facility: null,
    patient: {
      patientID: claimID,
      accountNumber: `A${claimID}`,
      firstName: 'Pat',
      middleName: null,
      lastName: `Synthetic${claimID}`,
      dateOfBirth: '1980-01-01',
      sex: 'F',
      address1: '1 Main St',
      address2: null,
      city: 'Miami',
      state: 'FL',
      zip: '33101',
    },
    provider: PROVIDERS[claimID % 2] ?? (PROVIDERS[0] as BillingProvider),
    referringProvider: null,
    supervisingProvider: null,
    coverage: {
      patientInsuranceID: claimID,
      priority: 1,
      payer: PAYER,
      subscriberID: `W${claimID}01`,
      groupNumber: 'GRP1',
      subscriberRelation: dependent ? '19' : '18',
      subscriberFirstName: dependent ? 'Parent' : null,
      subscriberLastName: dependent ? `Synthetic${claimID}` : null,
      subscriberDateOfBirth: dependent ? '1955-01-01' : null,
      effectiveFrom: '2025-01-01',
      effectiveTo: null,
    },
    otherCoverages: [],
    primary: null,
    diagnoses: [
      { sequence: 1, icdCode: 'E119' },
      { sequence: 2, icdCode: 'I10' },
    ],
    charges,
  };
}

const OPTIONS: Build837Options = {
  sender: { id: 'LAKESIDEMB', name: 'Lakeside Medical Billing', contactName: 'EDI Desk', phone: '3055552222' },
  receiver: { id: 'SYN01', name: 'Synthetic Health Plan' },
  interchangeControlNumber: 1,
  groupControlNumber: 1,
  now: new Date('2026-03-05T14:07:00Z'),
  usage: 'T',
};

/**
 * An 837P of 5,000 claims (issue 4 target: under 2 s), the file read back as a check. `ms` is the
 * first build in the process, what one submission costs a freshly started server; `warm` are the
 * builds after it.
 */
export function benchBuild837(): void {
  const claims = Array.from({ length: CLAIMS }, (_, index) => syntheticClaim(index + 1));
  let text = '';
  const ms = timeSync(() => {
    text = build837(claims, OPTIONS);
  });
  const document = readX12(text);
  if (document.errors.length > 0) throw new Error(document.errors[0]?.message);
  const warm = Array.from({ length: 5 }, () => timeSync(() => build837(claims, OPTIONS)));
  print({ bench: '837P build', claims: CLAIMS, ms: Math.round(ms), bytes: text.length, warm: summarise(warm) });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) benchBuild837();
