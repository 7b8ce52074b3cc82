import { describe, expect, it } from 'vitest';
import {
  chargeAmountRule,
  chargesRequiredRule,
  claimTotalRule,
  noLineOnHoldRule,
  unitsPositiveRule,
} from './charges.ts';
import { duplicateLineRule } from './duplicates.ts';
import { placeOfServiceRule } from './placeOfService.ts';
import { aCharge, aClaim, aContext, hitsOf } from './ruleTestKit.ts';

describe('at least one billed line', () => {
  it('passes a claim with lines', () => expect(hitsOf(chargesRequiredRule, aClaim())).toEqual([]));
  it('fails a claim without lines or with only void ones', () => {
    expect(hitsOf(chargesRequiredRule, aClaim({ charges: [] }))).toEqual([
      { field: 'charges', message: 'The claim has no charge lines.' },
    ]);
    expect(hitsOf(chargesRequiredRule, aClaim({ charges: [aCharge({ chargeStatus: 'void' })] }))).toEqual([
      { field: 'charges', message: 'Every charge line of the claim is void.' },
    ]);
  });
});

describe('charge > 0 and units > 0', () => {
  it('passes positive amounts and units', () => {
    expect(hitsOf(chargeAmountRule, aClaim())).toEqual([]);
    expect(hitsOf(unitsPositiveRule, aClaim())).toEqual([]);
  });
  it('fails a $0.00 line and a line with 0 units, but not a void one', () => {
    const claim = aClaim({
      charges: [
        aCharge({ chargeCents: 0, units: 0 }),
        aCharge({ chargeID: 502, lineNumber: 2, chargeCents: 0, units: 0, chargeStatus: 'void' }),
      ],
    });
    expect(hitsOf(chargeAmountRule, claim)).toEqual([
      { field: 'charges[0].chargeCents', chargeID: 501, message: 'Line 1 (99213) charges $0.00.' },
    ]);
    expect(hitsOf(unitsPositiveRule, claim)).toEqual([
      { field: 'charges[0].units', chargeID: 501, message: 'Line 1 (99213) has 0 units.' },
    ]);
  });
});

describe('line on hold', () => {
  it('passes active lines and a void one', () => {
    expect(
      hitsOf(
        noLineOnHoldRule,
        aClaim({ charges: [aCharge(), aCharge({ chargeID: 502, lineNumber: 2, chargeStatus: 'void' })] }),
      ),
    ).toEqual([]);
  });
  it('fails each line on hold, so the claim is not sent with it', () => {
    const claim = aClaim({
      charges: [aCharge(), aCharge({ chargeID: 502, lineNumber: 2, cptCode: '36415', chargeStatus: 'hold' })],
    });
    expect(hitsOf(noLineOnHoldRule, claim)).toEqual([
      { field: 'charges[1].chargeStatus', chargeID: 502, message: 'Line 2 (36415) is on hold.' },
    ]);
  });
});

describe('claim total', () => {
  it('passes a total equal to the sum of the lines that are not void', () => {
    const claim = aClaim({
      charges: [aCharge(), aCharge({ chargeID: 502, lineNumber: 2, chargeCents: 9_900, chargeStatus: 'void' })],
    });
    expect(claim.totalChargeCents).toBe(12_500);
    expect(hitsOf(claimTotalRule, claim)).toEqual([]);
  });
  it('fails a total that counts a void line', () => {
    const claim = aClaim({
      totalChargeCents: 22_400,
      charges: [aCharge(), aCharge({ chargeID: 502, lineNumber: 2, chargeCents: 9_900, chargeStatus: 'void' })],
    });
    expect(hitsOf(claimTotalRule, claim)).toEqual([
      { field: 'totalChargeCents', message: 'The claim total is $224.00, but its lines add up to $125.00.' },
    ]);
  });
  it('leaves a claim with only void lines to CHARGES_REQUIRED', () => {
    expect(
      hitsOf(
        claimTotalRule,
        aClaim({ totalChargeCents: 9_900, charges: [aCharge({ chargeCents: 9_900, chargeStatus: 'void' })] }),
      ),
    ).toEqual([]);
  });
});

describe('duplicate line', () => {
  it('passes lines the context knows no repeat of', () => expect(hitsOf(duplicateLineRule, aClaim())).toEqual([]));
  it('warns on a line repeating one on another claim or on the same claim', () => {
    const context = aContext({
      duplicates: new Map([
        [501, { claimID: 777, lineNumber: 3 }],
        [502, { claimID: 900, lineNumber: 1 }],
      ]),
    });
    expect(hitsOf(duplicateLineRule, aClaim(), context)).toEqual([
      { field: 'charges[0]', chargeID: 501, message: 'Line 1 (99213) on 2026-03-02 repeats line 3 of claim 777.' },
      { field: 'charges[1]', chargeID: 502, message: 'Line 2 (36415) on 2026-03-02 repeats line 1 of this claim.' },
    ]);
  });
});

describe('place of service', () => {
  it('passes a listed code, and an institutional claim without one', () => {
    expect(hitsOf(placeOfServiceRule, aClaim())).toEqual([]);
    expect(hitsOf(placeOfServiceRule, aClaim({ claimType: 'institutional', posCode: null }))).toEqual([]);
  });
  it('fails a professional claim without one, and a line with an unknown one', () => {
    expect(hitsOf(placeOfServiceRule, aClaim({ posCode: null }))).toEqual([
      { field: 'posCode', message: 'The claim has no place of service.' },
    ]);
    expect(hitsOf(placeOfServiceRule, aClaim({ posCode: '98', charges: [aCharge({ posCode: '97' })] }))).toEqual([
      { field: 'posCode', message: 'The place of service "98" is not on the CMS list.' },
      { field: 'charges[0].posCode', chargeID: 501, message: 'Line 1: place of service "97" is not on the CMS list.' },
    ]);
  });
});
