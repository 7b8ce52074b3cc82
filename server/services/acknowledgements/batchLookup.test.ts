import { describe, expect, it } from 'vitest';
import { build837 } from '../../edi/837/build837.ts';
import { fourLineClaim, inpatientClaim, OPTIONS, outpatientClaim } from '../../edi/837/test/fixtures837.ts';
import { claimIDOf, claimsBySet, claimsOfBatch } from './batchLookup.ts';

describe('finding the claims an acknowledgement answers in the 837 we sent', () => {
  it('reads the claims of each transaction set of an 837I, as a 999 names them by ST02', () => {
    const outpatient = outpatientClaim();
    const inpatient = { ...inpatientClaim(), claimID: outpatient.claimID + 1 };
    const text = build837([outpatient, inpatient], { ...OPTIONS, claimsPerTransaction: 1 });
    expect(text).toContain('ST*837*0002*005010X223A2');
    expect([...claimsBySet(text)]).toEqual([
      ['1', [outpatient.claimID]],
      ['2', [inpatient.claimID]],
    ]);
  });

  it('reads every claim of one 837P transaction set', () => {
    const first = fourLineClaim();
    const second = { ...fourLineClaim(), claimID: first.claimID + 7 };
    expect([...claimsBySet(build837([first, second], OPTIONS))]).toEqual([['1', [first.claimID, second.claimID]]]);
  });

  it('reads the claims by transaction set and by the billing provider NPI they were sent under, from one reading', () => {
    const first = fourLineClaim();
    const second = { ...fourLineClaim(), claimID: first.claimID + 1 };
    const third = {
      ...fourLineClaim(),
      claimID: first.claimID + 2,
      practice: { ...first.practice, practiceID: first.practice.practiceID + 1, npi: '1669452766' },
    };
    const text = build837([first, second, third], { ...OPTIONS, claimsPerTransaction: 2 });
    const { bySet, byBillingProvider } = claimsOfBatch(text);
    expect([...bySet]).toEqual([
      ['1', [first.claimID, second.claimID]],
      ['2', [third.claimID]],
    ]);
    expect([...byBillingProvider]).toEqual([
      [first.practice.npi, [first.claimID, second.claimID]],
      ['1669452766', [third.claimID]],
    ]);
  });

  it('takes the first of TRN02, REF*D9 and REF*EJ that is one of our claim IDs', () => {
    expect(claimIDOf('1001', 'CH-9')).toBe(1001);
    expect(claimIDOf('PCN-A', '', '1004')).toBe(1004);
    expect(claimIDOf('X', '0', '')).toBeNull();
  });
});
