import { describe, expect, it } from 'vitest';
import type { BillingClaim, BillingInstitutional } from '../claims/billingClaim.ts';
import {
  attendingIsPersonRule,
  billTypeRequiredRule,
  dischargeHourRule,
  inpatientAdmissionRule,
  INSTITUTIONAL_RULES,
  nonCoveredWithinChargeRule,
  patientStatusFrequencyRule,
  presentOnAdmissionRule,
  revenueCodeRequiredRule,
} from './institutional.ts';
import { aCharge, aClaim, aCoverage, aPayer, aProvider, hitsOf } from './ruleTestKit.ts';

const ub = (overrides: Partial<BillingInstitutional> = {}): BillingInstitutional => ({
  billType: '11',
  admissionTypeCode: '1',
  admissionSourceCode: '2',
  patientStatusCode: '01',
  dischargeHour: '1400',
  operatingProvider: null,
  otherOperatingProvider: null,
  conditionCodes: [],
  occurrenceCodes: [],
  occurrenceSpans: [],
  valueCodes: [],
  ...overrides,
});

/** An inpatient stay billed admit through discharge that passes every institutional rule. */
const stay = (overrides: Partial<BillingClaim> = {}): BillingClaim =>
  aClaim({
    claimType: 'institutional',
    posCode: null,
    frequencyCode: '1',
    institutional: ub(),
    admission: {
      date: '2026-02-01',
      hour: '0800',
      typeCode: '1',
      sourceCode: '2',
      patientStatusCode: '01',
      admittingDiagnosis: null,
    },
    diagnoses: [{ sequence: 1, icdCode: 'E119', poa: 'Y' }],
    charges: [aCharge({ revenueCode: '0120' })],
    ...overrides,
  });

const messages = (claim: BillingClaim) =>
  INSTITUTIONAL_RULES.flatMap((rule) => hitsOf(rule, claim).map((hit) => `${rule.id}: ${hit.message}`));

describe('the scrubber’s UB-04 rules', () => {
  it('pass a complete inpatient stay, and ask nothing of a professional claim', () => {
    expect(messages(stay())).toEqual([]);
    expect(messages(aClaim())).toEqual([]);
  });

  it('want a type of bill on the claim or its facility', () => {
    expect(hitsOf(billTypeRequiredRule, stay({ institutional: null, facility: null }))).toEqual([
      { field: 'institutional.billType', message: 'The claim has no type of bill, and neither has its facility.' },
    ]);
  });

  it('want an inpatient bill’s admission, and a final one’s discharge hour', () => {
    expect(hitsOf(inpatientAdmissionRule, stay({ admission: null }))[0]?.message).toBe(
      'Bill type 111 is inpatient but has no admission date.',
    );
    expect(hitsOf(dischargeHourRule, stay({ institutional: ub({ dischargeHour: null }) }))[0]?.message).toBe(
      'Bill type 111 is a final inpatient bill (patient status 01) with no discharge hour.',
    );
    // An outpatient visit needs neither.
    const outpatient = stay({ institutional: ub({ billType: '13', dischargeHour: null }), admission: null });
    expect(messages(outpatient)).toEqual([]);
  });

  it('hold the patient status to the frequency', () => {
    expect(
      hitsOf(
        patientStatusFrequencyRule,
        stay({ institutional: ub({ patientStatusCode: '30', dischargeHour: null }) }),
      )[0]?.message,
    ).toBe('Patient status 30 (still a patient) is on bill type 111, which says the patient was discharged.');
    expect(hitsOf(patientStatusFrequencyRule, stay({ frequencyCode: '2' }))[0]?.message).toBe(
      'Bill type 112 is an interim bill but the patient status 01 says discharged: use 30.',
    );
  });

  it('want a revenue code on every line, non-covered charges within the line, and a person attending', () => {
    const lines = stay({
      charges: [
        aCharge({ chargeID: 1, lineNumber: 1, revenueCode: null }),
        aCharge({ chargeID: 2, lineNumber: 2, revenueCode: '0300', chargeCents: 1_000, nonCoveredCents: 1_500 }),
        aCharge({ chargeID: 3, lineNumber: 3, revenueCode: null, chargeStatus: 'void' }),
      ],
    });
    expect(hitsOf(revenueCodeRequiredRule, lines).map((hit) => hit.chargeID)).toEqual([1]);
    expect(hitsOf(nonCoveredWithinChargeRule, lines).map((hit) => hit.chargeID)).toEqual([2]);
    expect(
      hitsOf(
        attendingIsPersonRule,
        stay({ provider: aProvider({ providerType: 'organization', lastName: 'CLINIC' }) }),
      ),
    ).toHaveLength(1);
  });

  it('warn when a Medicare inpatient bill leaves a diagnosis without POA', () => {
    const medicare = aCoverage({ payer: aPayer({ insuranceType: 'medicare' }) });
    const claim = stay({
      coverage: medicare,
      diagnoses: [
        { sequence: 1, icdCode: 'E119', poa: 'Y' },
        { sequence: 2, icdCode: 'I10' },
      ],
    });
    expect(presentOnAdmissionRule.severity).toBe('warning');
    expect(hitsOf(presentOnAdmissionRule, claim)).toEqual([
      { field: 'diagnoses[1].poa', message: 'Diagnosis 2 (I10) has no present-on-admission indicator.' },
    ]);
    expect(hitsOf(presentOnAdmissionRule, { ...claim, coverage: aCoverage() })).toEqual([]);
  });
});
