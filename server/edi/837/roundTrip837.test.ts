import { describe, expect, it } from 'vitest';
import { readX12 } from '../x12/readX12.ts';
import { build837 } from './build837.ts';
import type { Claim837 } from './claim837.ts';
import type { Build837Options } from './options837.ts';
import {
  dependentClaim,
  fourLineClaim,
  inpatientClaim,
  institutionalSecondaryClaim,
  OPTIONS,
  outpatientClaim,
  replacementClaim,
  secondaryClaim,
} from './test/fixtures837.ts';
import { loops837 } from './test/loops837.ts';

/** Writes the batch, reads it back with our own reader and checks what every 837 we send must satisfy. */
function roundTrip(claims: Claim837[], options: Build837Options = OPTIONS): void {
  const text = build837(claims, options);
  const document = readX12(text);
  expect(document.errors).toEqual([]);
  expect(document.interchanges).toHaveLength(1);
  const [interchange] = document.interchanges;
  if (interchange === undefined) throw new Error('no interchange');
  const implementation = claims[0]?.claimType === 'institutional' ? '005010X223A2' : '005010X222A1';

  expect(interchange.controlNumber).toBe(String(options.interchangeControlNumber).padStart(9, '0'));
  expect(interchange.header.elements().join('*')).toHaveLength(105);
  expect(interchange.usage).toBe(options.usage);
  expect(interchange.groups).toHaveLength(1);
  const [group] = interchange.groups;
  expect(group?.controlNumber).toBe(String(options.groupControlNumber));
  expect(group?.version).toBe(implementation);

  const written: string[] = [];
  group?.transactions.forEach((transaction, index) => {
    expect(transaction.controlNumber).toBe(String(index + 1).padStart(4, '0'));
    expect(transaction.implementationReference).toBe(implementation);
    const { levels, claims: read } = loops837(transaction);

    // HL ids count up from 1 inside each transaction; every parent is an earlier level one step up.
    const byID = new Map(levels.map((level) => [level.id, level]));
    levels.forEach((level, position) => {
      expect(level.id).toBe(String(position + 1));
      const expectedParent = { '20': undefined, '22': '20', '23': '22' }[level.code];
      if (level.code === '20') expect(level.parent).toBe('');
      else expect(byID.get(level.parent)?.code).toBe(expectedParent);
      if (level.parent !== '') expect(Number(level.parent)).toBeLessThan(Number(level.id));
      expect(level.hasChildren).toBe(levels.some((other) => other.parent === level.id));
    });

    for (const claim of read) {
      written.push(claim.clm.element(1));
      const source = claims.find((candidate) => String(candidate.claimID) === claim.clm.element(1));
      if (source === undefined) throw new Error(`unknown claim ${claim.clm.element(1)}`);
      const self = source.coverage?.subscriberRelation === '18';
      expect(claim.level.code).toBe(self ? '22' : '23');

      const amounts = claim.lines.map(
        (line) => line.segments[1]?.cents(implementation === '005010X222A1' ? 2 : 3) ?? Number.NaN,
      );
      expect(claim.clm.cents(2)).toBe(amounts.reduce((sum, amount) => sum + amount, 0));

      const billed = source.charges.filter((charge) => charge.chargeStatus !== 'void');
      expect(claim.lines.map((line) => line.lx.element(1))).toEqual(billed.map((_, index) => String(index + 1)));
      expect(
        claim.lines.map((line) =>
          line.segments
            .filter((segment) => segment.is(0, 'REF') && segment.is(1, '6R'))
            .map((segment) => segment.element(2)),
        ),
      ).toEqual(billed.map((charge) => [charge.lineControlNumber]));
      expect(claim.lines.map((line) => line.segments[1]?.id)).toEqual(
        billed.map(() => (implementation === '005010X222A1' ? 'SV1' : 'SV2')),
      );
      if (source.primary !== null)
        expect(claim.lines.map((line) => line.segments.filter((segment) => segment.id === 'SVD').length)).toEqual(
          billed.map(() => 1),
        );
    }
  });
  expect(written.sort()).toEqual(claims.map((claim) => String(claim.claimID)).sort());
  expect(interchange.trailer?.element(1)).toBe('1');
}

describe('every generated 837 reads back whole', () => {
  it.each([
    ['a professional claim with four lines, modifiers, an NDC and a void line', [fourLineClaim()]],
    ['a patient who is not the subscriber', [dependentClaim()]],
    ['a replacement claim', [replacementClaim()]],
    ['a secondary claim with COB loops', [secondaryClaim()]],
    ['an institutional outpatient claim', [outpatientClaim()]],
    ['an institutional inpatient claim', [inpatientClaim()]],
    ['an institutional secondary claim with COB loops', [institutionalSecondaryClaim()]],
    ['three professional claims of one payer', [fourLineClaim(), dependentClaim(), replacementClaim()]],
    ['two institutional claims of one payer', [outpatientClaim(), inpatientClaim()]],
  ])('%s', (_, claims) => {
    roundTrip(claims);
  });

  it('splits a batch into transactions and restarts the HL numbers in each', () => {
    const claims = [fourLineClaim(), dependentClaim(), replacementClaim()];
    roundTrip(claims, { ...OPTIONS, claimsPerTransaction: 2 });
    const group = readX12(build837(claims, { ...OPTIONS, claimsPerTransaction: 2 })).interchanges[0]?.groups[0];
    expect(group?.transactions.map((transaction) => transaction.controlNumber)).toEqual(['0001', '0002']);
    expect(group?.trailer?.element(1)).toBe('2');
  });

  it('writes one billing provider level per practice, its claims under it', () => {
    const other = dependentClaim();
    const claims = [
      fourLineClaim(),
      { ...other, practice: { ...other.practice, practiceID: 2, npi: '1811111119' } },
      replacementClaim(),
    ];
    roundTrip(claims);
    const transaction = readX12(build837(claims, OPTIONS)).interchanges[0]?.groups[0]?.transactions[0];
    if (transaction === undefined) throw new Error('no transaction');
    const { levels, claims: read } = loops837(transaction);
    expect(levels.filter((level) => level.code === '20')).toHaveLength(2);
    expect(read.map((claim) => claim.clm.element(1))).toEqual(['1001', '1003', '1002']);
  });

  it('reads back without line breaks too', () => {
    const text = build837([fourLineClaim()], { ...OPTIONS, lineBreaks: false });
    expect(text).not.toContain('\n');
    expect(readX12(text).errors).toEqual([]);
  });
});
