/** Hand-made claims for the form tests: every box has a value a test can look for. */
import type {
  BillingCharge,
  BillingClaim,
  BillingCoverage,
  BillingPayer,
  BillingProvider,
} from '../../services/claims/billingClaim.ts';

export const PRINT_NOW = new Date('2026-03-05T14:07:00Z');

export const KEY_INSURANCE: BillingPayer = {
  insuranceID: 10,
  name: 'Key Insurance Company',
  payerID: '66783',
  insuranceType: 'commercial',
  timelyFilingDays: 180,
  address1: 'PO Box 4500',
  city: 'Tampa',
  state: 'FL',
  zip: '33601-4500',
};
export const MEDICARE: BillingPayer = {
  insuranceID: 20,
  name: 'Medicare Part B',
  payerID: '00882',
  insuranceType: 'medicare',
  timelyFilingDays: 365,
  address1: null,
  city: null,
  state: null,
  zip: null,
};

export const DR_KILDARE: BillingProvider = {
  providerID: 1,
  providerType: 'individual',
  firstName: 'James',
  lastName: 'Kildare',
  npi: '1234567893',
  taxonomyCode: '207Q00000X',
};
export const DR_WELBY: BillingProvider = {
  providerID: 2,
  providerType: 'individual',
  firstName: 'Marcus',
  lastName: 'Welby',
  npi: '1112223338',
  taxonomyCode: null,
};

export function coverage(payer: BillingPayer, overrides: Partial<BillingCoverage> = {}): BillingCoverage {
  return {
    patientInsuranceID: payer.insuranceID * 10,
    priority: 1,
    payer,
    subscriberID: 'JS00111223333',
    groupNumber: '2222-SJ',
    subscriberRelation: '18',
    subscriberFirstName: null,
    subscriberLastName: null,
    subscriberDateOfBirth: null,
    effectiveFrom: '2025-01-01',
    effectiveTo: null,
    ...overrides,
  };
}

export function charge(lineNumber: number, overrides: Partial<BillingCharge> = {}): BillingCharge {
  return {
    chargeID: 5000 + lineNumber,
    lineNumber,
    cptCode: '99213',
    modifiers: [],
    units: 1,
    chargeCents: 4000,
    diagnosisPointers: [1],
    dosFrom: '2026-02-10',
    dosTo: '2026-02-10',
    posCode: '11',
    renderingProvider: DR_KILDARE,
    revenueCode: null,
    ndcCode: null,
    ndcUnits: null,
    ndcUnitType: null,
    chargeStatus: 'active',
    lineControlNumber: `LC${5000 + lineNumber}`,
    ...overrides,
  };
}

/** A self-insured commercial patient seen in the office, referred, with a J-code and its NDC. */
export function professionalClaim(overrides: Partial<BillingClaim> = {}): BillingClaim {
  return {
    claimID: 26463774,
    groupID: 1,
    claimType: 'professional',
    claimStatusID: 1,
    scrubStatusID: 1,
    submitStatusID: 1,
    dosFrom: '2026-02-10',
    dosTo: '2026-02-12',
    posCode: '11',
    frequencyCode: '1',
    originalClaimNumber: null,
    referralNumber: null,
    priorAuthorizationNumber: 'AUTH-123',
    totalChargeCents: 28275,
    createdAt: '2026-02-13T10:00:00Z',
    practice: {
      practiceID: 1,
      groupID: 1,
      name: 'Ben Kildare Service',
      npi: '1912301953',
      taxID: '58-7654321',
      taxonomyCode: '203BF0100Y',
      phone: '3055552222',
      address1: '234 Seaway St',
      address2: null,
      city: 'Miami',
      state: 'FL',
      zip: '33111-0000',
    },
    facility: {
      facilityID: 3,
      name: 'Seaway Surgery Center',
      npi: '1497758544',
      posCode: '24',
      billType: null,
      address1: '10 Harbor Rd',
      address2: null,
      city: 'Miami',
      state: 'FL',
      zip: '331110001',
    },
    patient: {
      patientID: 7,
      accountNumber: 'ACC-0007',
      firstName: 'Jane',
      middleName: 'Quinn',
      lastName: 'Smith',
      dateOfBirth: '1973-05-01',
      sex: 'F',
      address1: '236 N Main St',
      address2: 'Apt 4',
      city: 'Miami',
      state: 'FL',
      zip: '33413',
    },
    provider: DR_KILDARE,
    referringProvider: DR_WELBY,
    supervisingProvider: null,
    coverage: coverage(KEY_INSURANCE),
    otherCoverages: [],
    primary: null,
    diagnoses: [
      { sequence: 1, icdCode: 'E119' },
      { sequence: 2, icdCode: 'I10' },
      { sequence: 3, icdCode: 'M5450' },
    ],
    charges: [
      charge(1, { cptCode: '99214', modifiers: ['25'], chargeCents: 15000, diagnosisPointers: [1, 2] }),
      charge(2, { cptCode: '20610', modifiers: ['RT', '59', 'XS', 'GA'], chargeCents: 12050, diagnosisPointers: [3] }),
      charge(3, {
        cptCode: 'J1100',
        chargeCents: 1225,
        units: 2.5,
        ndcCode: '0641-0367-21',
        ndcUnits: 0.75,
        ndcUnitType: 'ML',
        diagnosisPointers: [3, 1],
      }),
      charge(4, { chargeStatus: 'void', chargeCents: 99999 }),
    ],
    ...overrides,
  };
}

/** Nine billed lines of $10.00 .. $90.00: a first page of six and a second of three. */
export function nineLineClaim(): BillingClaim {
  return professionalClaim({
    claimID: 3009,
    charges: Array.from({ length: 9 }, (_, index) =>
      charge(index + 1, { cptCode: `9921${index % 5}`, chargeCents: (index + 1) * 1000 }),
    ),
  });
}

/** A hospital outpatient visit (bill type 131) on revenue codes, a drug line with its NDC. */
export function institutionalClaim(overrides: Partial<BillingClaim> = {}): BillingClaim {
  return professionalClaim({
    claimID: 2001,
    claimType: 'institutional',
    posCode: '22',
    referringProvider: DR_WELBY,
    facility: {
      facilityID: 4,
      name: 'Lakeside General Hospital',
      npi: '1669452766',
      posCode: '22',
      billType: '131',
      address1: '1 Hospital Way',
      address2: null,
      city: 'Miami',
      state: 'FL',
      zip: '33125',
    },
    admission: {
      date: '2026-02-10',
      hour: '0815',
      typeCode: '1',
      sourceCode: '7',
      patientStatusCode: '01',
      admittingDiagnosis: 'R079',
    },
    charges: [
      charge(1, { revenueCode: '0450', cptCode: '99284', modifiers: ['25'], chargeCents: 125000 }),
      charge(2, { revenueCode: '0300', cptCode: '80053', chargeCents: 18075 }),
      charge(3, {
        revenueCode: '0636',
        cptCode: 'J1100',
        chargeCents: 4000,
        ndcCode: '00641036721',
        ndcUnits: 1,
        ndcUnitType: 'ML',
      }),
      charge(4, { revenueCode: '0250', cptCode: '', chargeCents: 777, chargeStatus: 'void' }),
    ],
    ...overrides,
  });
}
