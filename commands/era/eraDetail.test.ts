import { describe, expect, it } from 'vitest';
import type { ChargeLine } from '../../contract/claimDetail.ts';
import {
  adjustmentText,
  chargeChoices,
  claimPostingText,
  claimIDProblem,
  LINK_CLAIM_FIRST,
  linkClaimReason,
  linkLineReason,
  openClaimReason,
  POSTED_CLAIM_REASON,
  POSTED_REASON,
  postCheckReason,
  procedureText,
  providerAdjustmentsText,
  unlinkLineReason,
} from '../../src/features/eraDetail/index.ts';
import { onDetailScreen, openDetailReason } from './eraDetail.ts';

const charge = (over: Partial<ChargeLine>): ChargeLine => ({
  chargeID: 7,
  lineNumber: 1,
  cptCode: '99213',
  modifiers: [],
  units: 1,
  charge: 12_500,
  diagnosisPointers: [1],
  dosFrom: '2026-03-02',
  dosTo: '2026-03-02',
  status: 'Submitted',
  paid: 0,
  adjusted: 0,
  balance: 12_500,
  insurancePaid: 0,
  patientPaid: 0,
  ...over,
});

const unposted = { status: 'unposted' };
const posted = { status: 'posted' };

describe('the ERA detail screen’s words', () => {
  it('says an adjustment the way billers do, and a procedure with its modifiers', () => {
    expect(adjustmentText({ group: 'CO', reason: '45', amount: 3000 })).toBe('CO-45 $30.00');
    expect(procedureText({ procedureCode: '99213', modifiers: ['25', '59'] })).toBe('99213 25 59');
    expect(providerAdjustmentsText({ providerAdjustments: [] })).toBe('None');
    expect(
      providerAdjustmentsText({
        providerAdjustments: [{ reason: 'WO', reference: 'A1', amount: -500, claimID: null, posted: false }],
      }),
    ).toBe('WO A1 -$5.00');
  });

  it('takes a claim ID of digits only', () => {
    expect(claimIDProblem('1042')).toBeNull();
    expect(claimIDProblem(' 1042 ')).toBeNull();
    expect(claimIDProblem('')).toBe('Type the claim ID, digits only.');
    expect(claimIDProblem('CLM-1')).toBe('Type the claim ID, digits only.');
  });

  it('lists the linked claim’s open charges with line, code, modifiers, DOS and amount', () => {
    const choices = chargeChoices(
      [
        charge({}),
        charge({
          chargeID: 8,
          lineNumber: 2,
          cptCode: '97110',
          modifiers: ['GP'],
          paid: 9000,
          adjusted: 3500,
          balance: 0,
        }),
        charge({ chargeID: 9, lineNumber: 3, modifiers: ['25'], charge: 5000, paid: 3000, balance: 2000 }),
        charge({ chargeID: 10, lineNumber: 4, status: 'Draft', balance: 0 }),
      ],
      41,
    );
    expect(choices).toEqual([
      { value: '7', label: 'Line 1 · 99213 · 03/02/2026 · $125.00', hint: 'Submitted, balance $125.00' },
      { value: '9', label: 'Line 3 · 99213 25 · 03/02/2026 · $50.00', hint: 'Submitted, balance $20.00' },
      { value: '10', label: 'Line 4 · 99213 · 03/02/2026 · $125.00', hint: 'Draft, balance $0.00' },
    ]);
    expect(chargeChoices([charge({ paid: 12_500, balance: 0 })], 41)).toEqual([
      { value: 'none', label: 'Claim 41 has no open charge to link.' },
    ]);
  });
});

describe('why an ERA detail command cannot run', () => {
  const unmatched = { check: unposted, claim: { claimID: null } };
  const matched = { check: unposted, claim: { claimID: 41 } };

  it('refuses every change on a posted check', () => {
    const row = { check: posted, claim: { claimID: 41 } };
    expect(linkClaimReason(row)).toBe(POSTED_REASON);
    expect(linkLineReason(row, { chargeID: null })).toBe(POSTED_REASON);
    expect(unlinkLineReason(row, { chargeID: 7 })).toBe(POSTED_REASON);
    expect(postCheckReason(row)).toBe('This ERA check is posted.');
  });

  it('links a line only once its ERA claim is linked to one of our claims', () => {
    expect(linkLineReason(unmatched, { chargeID: null })).toBe(LINK_CLAIM_FIRST);
    expect(LINK_CLAIM_FIRST).toBe('Link the ERA claim to one of our claims first (L on the claims list).');
    expect(linkLineReason(matched, { chargeID: null })).toBeNull();
    expect(linkLineReason(matched, null)).toBe('The ERA claim has no service line.');
    expect(linkClaimReason(unmatched)).toBeNull();
    expect(linkClaimReason(null)).toBe('No ERA claim is under the cursor.');
  });

  it('unlinks only a linked line, and opens only a matched claim', () => {
    expect(unlinkLineReason(matched, { chargeID: null })).toBe('The ERA line is not linked to a charge.');
    expect(unlinkLineReason(matched, { chargeID: 7 })).toBeNull();
    expect(openClaimReason(unmatched)).toBe('The ERA claim is not linked to one of our claims (L links it).');
    expect(openClaimReason(matched)).toBeNull();
  });

  it('opens the detail from the ERA screen’s cursor check only', () => {
    expect(openDetailReason('/app/all-claims', 3)).toBe('Open the ERA screen first (g e).');
    expect(openDetailReason('/app/era-search', null)).toBe('No ERA check is under the cursor.');
    expect(openDetailReason('/app/era-search', 3)).toBeNull();
    expect(onDetailScreen({ route: '/app/era-detail/12' })).toBe(true);
    expect(onDetailScreen({ route: '/app/era-detail/' })).toBe(false);
  });
});

describe('how an ERA claim stands', () => {
  const claim = (
    over: Partial<{
      posted: boolean;
      heldReason: string | null;
      suggestedClaimID: number | null;
      claimID: number | null;
    }>,
  ) => ({ posted: false, heldReason: null, suggestedClaimID: null, claimID: 41, ...over });
  it('says posted, to post, held with the reason, or unmatched with the suggested claim', () => {
    expect(claimPostingText(claim({ posted: true }))).toBe('Posted');
    expect(claimPostingText(claim({}))).toBe('To post');
    expect(claimPostingText(claim({ heldReason: 'Claim 41: the posting it reverses was not found.' }))).toBe(
      'Held: Claim 41: the posting it reverses was not found.',
    );
    expect(claimPostingText(claim({ claimID: null, heldReason: 'Matches none of our claims.' }))).toBe(
      'Unmatched: to link',
    );
    expect(
      claimPostingText(claim({ claimID: null, suggestedClaimID: 77, heldReason: 'Not matched to claim 77: …' })),
    ).toBe('Unmatched: suggested claim 77');
  });

  it('refuses changes on a posted ERA claim of a check not wholly posted', () => {
    const row = { check: { status: 'partial' }, claim: { claimID: 41, posted: true } };
    expect(linkClaimReason(row)).toBe(POSTED_CLAIM_REASON);
    expect(linkLineReason(row, { chargeID: null })).toBe(POSTED_CLAIM_REASON);
    expect(linkClaimReason({ check: { status: 'partial' }, claim: { claimID: null, posted: false } })).toBeNull();
  });
});
