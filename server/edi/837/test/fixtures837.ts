import type { Charge837, Claim837, Coverage837, Payer837, Provider837 } from '../claim837.ts';
import type { Build837Options } from '../options837.ts';

export const OPTIONS: Build837Options = {
  sender: {
    id: 'LAKESIDEMB',
    name: 'Lakeside Medical Billing',
    contactName: 'Jerry Biller',
    phone: '(305) 555-2222',
    email: 'edi@lakeside.test',
  },
  receiver: { id: '66783JJT', name: 'Key Insurance Company' },
  interchangeControlNumber: 907,
  groupControlNumber: 41,
  now: new Date('2026-03-05T14:07:00Z'),
  usage: 'T',
};

export const KEY_INSURANCE: Payer837 = {
  insuranceID: 10,
  name: 'Key Insurance Company',
  payerID: '66783JJT',
  insuranceType: 'commercial',
  address1: null,
  city: null,
  state: null,
  zip: null,
};
export const MEDICARE: Payer837 = {
  insuranceID: 20,
  name: 'Medicare Part B',
  payerID: '00882',
  insuranceType: 'medicare',
  address1: 'PO Box 1000',
  city: 'Miami',
  state: 'FL',
  zip: '33101-1000',
};

export const DR_KILDARE: Provider837 = {
  providerType: 'individual',
  firstName: 'James',
  lastName: 'Kildare',
  npi: '1234567893',
  taxonomyCode: '207Q00000X',
};
export const DR_WELBY: Provider837 = {
  providerType: 'individual',
  firstName: 'Marcus',
  lastName: 'Welby',
  npi: '1112223338',
  taxonomyCode: '208D00000X',
};
export const DR_CASEY: Provider837 = {
  providerType: 'individual',
  firstName: 'Ben',
  lastName: 'Casey',
  npi: '1999999984',
  taxonomyCode: null,
};

export function coverage(payer: Payer837, overrides: Partial<Coverage837> = {}): Coverage837 {
  return {
    priority: 1,
    payer,
    subscriberID: 'JS00111223333',
    groupNumber: '2222-SJ',
    subscriberRelation: '18',
    subscriberFirstName: null,
    subscriberLastName: null,
    subscriberDateOfBirth: null,
    ...overrides,
  };
}

export function charge(lineNumber: number, overrides: Partial<Charge837> = {}): Charge837 {
  return {
    chargeID: 5000 + lineNumber,
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

/** A self-insured commercial patient seen in the office; every fixture below starts from it. */
export function professionalClaim(overrides: Partial<Claim837> = {}): Claim837 {
  return {
    claimID: 26463774,
    claimType: 'professional',
    dosFrom: '2026-02-10',
    dosTo: '2026-02-12',
    posCode: '11',
    frequencyCode: '1',
    originalClaimNumber: null,
    referralNumber: null,
    priorAuthorizationNumber: null,
    practice: {
      practiceID: 1,
      name: 'Ben Kildare Service',
      npi: '1912301953',
      taxID: '58-7654321',
      taxonomyCode: '203BF0100Y',
      address1: '234 Seaway St',
      address2: null,
      city: 'Miami',
      state: 'FL',
      zip: '33111-0000',
    },
    facility: null,
    patient: {
      firstName: 'Jane',
      middleName: null,
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
    referringProvider: null,
    supervisingProvider: null,
    coverage: coverage(KEY_INSURANCE),
    otherCoverages: [],
    primary: null,
    diagnoses: [
      { sequence: 1, icdCode: 'J02.9' },
      { sequence: 2, icdCode: 'Z0000' },
    ],
    charges: [charge(1)],
    ...overrides,
  };
}

/** Four billed lines (modifiers, a J-code with its NDC, a date range, another rendering provider) and a void one. */
export function fourLineClaim(): Claim837 {
  return professionalClaim({
    claimID: 1001,
    referralNumber: 'REF-77',
    priorAuthorizationNumber: 'AUTH*123',
    referringProvider: DR_WELBY,
    supervisingProvider: DR_CASEY,
    facility: {
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
    diagnoses: [
      { sequence: 2, icdCode: 'E11.9' },
      { sequence: 1, icdCode: 'I10' },
      { sequence: 3, icdCode: 'M54.50' },
    ],
    charges: [
      charge(1, { cptCode: '99214', modifiers: ['25'], chargeCents: 15000, diagnosisPointers: [1, 2] }),
      charge(2, { cptCode: '20610', modifiers: ['RT', '59', 'XS', 'GA'], chargeCents: 22050, diagnosisPointers: [3] }),
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
      charge(5, {
        cptCode: '97110',
        modifiers: ['GP'],
        units: 3,
        chargeCents: 9000,
        dosFrom: '2026-02-11',
        dosTo: '2026-02-12',
        posCode: '22',
        renderingProvider: DR_WELBY,
        diagnosisPointers: [2],
      }),
    ],
  });
}

/** A child on a parent's plan: HL 23 with PAT. */
export function dependentClaim(): Claim837 {
  return professionalClaim({
    claimID: 1002,
    patient: {
      firstName: 'Ted',
      middleName: 'Q',
      lastName: 'Smith',
      dateOfBirth: '2012-05-01',
      sex: 'M',
      address1: '236 N Main St',
      address2: null,
      city: 'Miami',
      state: 'FL',
      zip: '33413',
    },
    coverage: coverage(KEY_INSURANCE, {
      subscriberRelation: '19',
      subscriberFirstName: 'Jane',
      subscriberLastName: 'Smith',
      subscriberDateOfBirth: '1973-05-01',
    }),
  });
}

/** A replacement of a claim the payer knows as PCN-0042 (frequency 7, REF*F8). */
export function replacementClaim(): Claim837 {
  return professionalClaim({ claimID: 1003, frequencyCode: '7', originalClaimNumber: 'PCN-0042' });
}

/** Billed to Medicare as secondary after Key Insurance paid: 2320/2330A/2330B and 2430 per paid line. */
export function secondaryClaim(): Claim837 {
  const primary = coverage(KEY_INSURANCE, { priority: 1, subscriberID: 'KEY-555', groupNumber: 'G-1' });
  return professionalClaim({
    claimID: 1004,
    coverage: coverage(MEDICARE, { priority: 2, subscriberID: '1EG4TE5MK73', groupNumber: null }),
    otherCoverages: [primary],
    medicareSecondaryType: {
      code: '43',
      reason:
        'The primary payer Key Insurance Company is an employer group health plan (commercial) and the patient is under 65 on 2026-02-10.',
    },
    charges: [charge(1, { chargeCents: 10000 }), charge(2, { cptCode: '36415', chargeCents: 2500 })],
    primary: {
      payer: KEY_INSURANCE,
      paidCents: 7000,
      paidDate: '2026-03-01',
      adjustments: [{ groupCode: 'OA', reasonCode: '23', amountCents: 500 }],
      lines: [
        {
          chargeID: 5001,
          paidCents: 6000,
          adjustments: [
            { groupCode: 'CO', reasonCode: '45', amountCents: 2000 },
            { groupCode: 'PR', reasonCode: '1', amountCents: 1500 },
            { groupCode: 'PR', reasonCode: '2', amountCents: 500 },
          ],
        },
        { chargeID: 5002, paidCents: 1000, adjustments: [{ groupCode: 'CO', reasonCode: '45', amountCents: 1500 }] },
      ],
    },
  });
}

/** A hospital outpatient visit (bill type 131) billed on revenue codes. */
export function outpatientClaim(): Claim837 {
  return professionalClaim({
    claimID: 2001,
    claimType: 'institutional',
    posCode: '22',
    facility: {
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
    ],
  });
}

/** An inpatient stay (bill type 111) with its admission: DTP*435, CL1 and HI*ABJ. */
export function inpatientClaim(): Claim837 {
  return professionalClaim({
    claimID: 2002,
    claimType: 'institutional',
    posCode: '21',
    dosFrom: '2026-02-01',
    dosTo: '2026-02-04',
    facility: {
      name: 'Lakeside General Hospital',
      npi: '1669452766',
      posCode: '21',
      billType: '111',
      address1: '1 Hospital Way',
      address2: null,
      city: 'Miami',
      state: 'FL',
      zip: '33125',
    },
    admission: {
      date: '2026-02-01',
      hour: '0815',
      typeCode: '1',
      sourceCode: '7',
      patientStatusCode: '01',
      admittingDiagnosis: 'R07.9',
    },
    diagnoses: Array.from({ length: 14 }, (_, index) => ({ sequence: index + 1, icdCode: `I2${index % 10}.${index}` })),
    charges: [
      charge(1, {
        revenueCode: '0120',
        cptCode: '',
        units: 3,
        chargeCents: 450000,
        dosFrom: '2026-02-01',
        dosTo: '2026-02-04',
      }),
      charge(2, { revenueCode: '0250', cptCode: '', units: 12, chargeCents: 36010 }),
    ],
  });
}

/** The outpatient visit billed to Medicare (Part A) after Key Insurance answered every line, with the liability told at claim level. */
export function institutionalSecondaryClaim(): Claim837 {
  const outpatient = outpatientClaim();
  return {
    ...outpatient,
    claimID: 2004,
    coverage: coverage(MEDICARE, { priority: 2, subscriberID: '1EG4TE5MK73', groupNumber: null }),
    otherCoverages: [coverage(KEY_INSURANCE, { priority: 1, subscriberID: 'KEY-555', groupNumber: 'G-1' })],
    primary: {
      payer: KEY_INSURANCE,
      paidCents: 100000,
      paidDate: '2026-03-01',
      patientLiabilityCents: 20000,
      adjustments: [{ groupCode: 'PR', reasonCode: '1', amountCents: 20000 }],
      lines: outpatient.charges.map((line) => ({
        chargeID: line.chargeID,
        paidCents: Math.round(line.chargeCents * 0.9),
        adjustments: [
          { groupCode: 'CO', reasonCode: '45', amountCents: line.chargeCents - Math.round(line.chargeCents * 0.9) },
        ],
      })),
    },
  };
}

export const ALL_FIXTURES = {
  fourLineClaim,
  dependentClaim,
  replacementClaim,
  secondaryClaim,
  outpatientClaim,
  inpatientClaim,
  institutionalSecondaryClaim,
};
