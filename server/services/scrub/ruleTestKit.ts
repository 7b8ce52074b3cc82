/**
 * Claims and contexts for rule tests: `aClaim()` passes every rule, and each test changes the one
 * thing its rule looks at.
 */
import type {
  BillingCharge,
  BillingClaim,
  BillingCoverage,
  BillingPayer,
  BillingProvider,
} from '../claims/billingClaim.ts';
import { icdKey, scrubContextOf, type ScrubReference } from './scrubContext.ts';
import type { RuleHit, ScrubContext, ScrubRule } from './types.ts';

export const TODAY = '2026-03-15';

export function aProvider(overrides: Partial<BillingProvider> = {}): BillingProvider {
  return {
    providerID: 10,
    providerType: 'individual',
    firstName: 'ANN',
    lastName: 'LEE',
    npi: '1234567893',
    taxonomyCode: '207Q00000X',
    ...overrides,
  };
}

export function aPayer(overrides: Partial<BillingPayer> = {}): BillingPayer {
  return {
    insuranceID: 30,
    name: 'Aetna',
    payerID: '60054',
    insuranceType: 'commercial',
    timelyFilingDays: 90,
    address1: 'PO Box 981106',
    city: 'El Paso',
    state: 'TX',
    zip: '79998-1106',
    ...overrides,
  };
}

export function aCoverage(overrides: Partial<BillingCoverage> = {}): BillingCoverage {
  return {
    patientInsuranceID: 40,
    priority: 1,
    payer: aPayer(),
    subscriberID: 'W123456789',
    groupNumber: 'G100',
    subscriberRelation: '18',
    subscriberFirstName: 'JANE',
    subscriberLastName: 'SMITH',
    subscriberDateOfBirth: '1980-02-03',
    effectiveFrom: '2025-01-01',
    effectiveTo: null,
    ...overrides,
  };
}

export function aCharge(overrides: Partial<BillingCharge> = {}): BillingCharge {
  return {
    chargeID: 501,
    lineNumber: 1,
    cptCode: '99213',
    modifiers: [],
    units: 1,
    chargeCents: 12_500,
    diagnosisPointers: [1, 2],
    dosFrom: '2026-03-02',
    dosTo: '2026-03-02',
    posCode: null,
    renderingProvider: aProvider(),
    revenueCode: null,
    ndcCode: null,
    ndcUnits: null,
    ndcUnitType: null,
    chargeStatus: 'active',
    lineControlNumber: 'L0000000501',
    ...overrides,
  };
}

/** A clean claim: two lines (an office visit and a blood draw), two diagnoses, primary commercial coverage. */
export function aClaim(overrides: Partial<BillingClaim> = {}): BillingClaim {
  const charges = overrides.charges ?? [
    aCharge(),
    aCharge({
      chargeID: 502,
      lineNumber: 2,
      cptCode: '36415',
      chargeCents: 1_500,
      diagnosisPointers: [1],
      lineControlNumber: 'L0000000502',
    }),
  ];
  return {
    claimID: 900,
    groupID: 1,
    claimType: 'professional',
    claimStatusID: 1,
    scrubStatusID: 1,
    submitStatusID: 1,
    dosFrom: '2026-03-02',
    dosTo: '2026-03-02',
    posCode: '11',
    frequencyCode: '1',
    originalClaimNumber: null,
    referralNumber: null,
    priorAuthorizationNumber: null,
    totalChargeCents: charges
      .filter((charge) => charge.chargeStatus !== 'void')
      .reduce((sum, charge) => sum + charge.chargeCents, 0),
    createdAt: '2026-03-03T15:00:00Z',
    practice: {
      practiceID: 2,
      groupID: 1,
      name: 'Lakeside Family Medicine',
      npi: '2000000002',
      taxID: '741234567',
      taxonomyCode: '207Q00000X',
      phone: '5125550100',
      address1: '1200 Lakeshore Dr',
      address2: 'Suite 200',
      city: 'Austin',
      state: 'TX',
      zip: '78701-1234',
    },
    facility: null,
    patient: {
      patientID: 20,
      accountNumber: 'LMB0001',
      firstName: 'JANE',
      middleName: null,
      lastName: 'SMITH',
      dateOfBirth: '1980-02-03',
      sex: 'F',
      address1: '2 Oak St',
      address2: null,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    },
    provider: aProvider(),
    referringProvider: null,
    supervisingProvider: null,
    coverage: aCoverage(),
    otherCoverages: [],
    primary: null,
    diagnoses: [
      { sequence: 1, icdCode: 'E119' },
      { sequence: 2, icdCode: 'I10' },
    ],
    ...overrides,
    charges,
  };
}

export function aReference(overrides: Partial<ScrubReference> = {}): ScrubReference {
  return {
    today: TODAY,
    icdCodes: new Map([
      [icdKey('E119', 2026), true],
      [icdKey('I10', 2026), true],
      [icdKey('E11', 2026), false],
    ]),
    icdYearsLoaded: new Set([2026, 2027]),
    hcpcsCodes: new Map([
      ['J1100', null],
      ['G0008', null],
      ['Q0091', '2025-12-31'],
    ]),
    hcpcsLoaded: true,
    placesOfService: new Set(['02', '10', '11', '21', '22']),
    duplicates: new Map(),
    ...overrides,
  };
}

export function aContext(overrides: Partial<ScrubReference> = {}): ScrubContext {
  return scrubContextOf(aReference(overrides));
}

export function hitsOf(rule: ScrubRule, claim: BillingClaim, context: ScrubContext = aContext()): RuleHit[] {
  return rule.check(claim, context);
}
