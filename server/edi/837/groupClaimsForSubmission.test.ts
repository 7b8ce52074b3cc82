import { describe, expect, it } from 'vitest';
import { groupClaimsForSubmission } from './groupClaimsForSubmission.ts';
import {
  coverage,
  dependentClaim,
  fourLineClaim,
  inpatientClaim,
  MEDICARE,
  outpatientClaim,
  professionalClaim,
  secondaryClaim,
} from './test/fixtures837.ts';

describe('grouping claims into 837 batches', () => {
  it('groups by payer id and claim type in the order claims come, and sets aside claims without a payer', () => {
    const medicareInpatient = { ...inpatientClaim(), claimID: 3001, coverage: coverage(MEDICARE) };
    const noCoverage = professionalClaim({ claimID: 9, coverage: null });
    const blankPayer = professionalClaim({ claimID: 10, coverage: coverage({ ...MEDICARE, payerID: ' ' }) });
    const { groups, withoutPayer } = groupClaimsForSubmission([
      fourLineClaim(),
      outpatientClaim(),
      secondaryClaim(),
      noCoverage,
      dependentClaim(),
      inpatientClaim(),
      medicareInpatient,
      blankPayer,
    ]);
    expect(
      groups.map((group) => [
        group.payerID,
        group.payerName,
        group.claimType,
        group.claims.map((claim) => claim.claimID),
      ]),
    ).toEqual([
      ['66783JJT', 'Key Insurance Company', 'professional', [1001, 1002]],
      ['66783JJT', 'Key Insurance Company', 'institutional', [2001, 2002]],
      ['00882', 'Medicare Part B', 'professional', [1004]],
      ['00882', 'Medicare Part B', 'institutional', [3001]],
    ]);
    expect(withoutPayer.map((claim) => claim.claimID)).toEqual([9, 10]);
  });
});
