import { describe, expect, it } from 'vitest';
import { denialQuery, lastPage, lineReasons, lineText, NO_FILTERS, pageText, reasonsText } from './denialText.ts';

describe('denial management as the biller reads it', () => {
  const reasons = [
    { reasonCode: '16', description: 'Claim/service lacks information', claimCount: 2, deniedCents: 100 },
    { reasonCode: '50', description: null, claimCount: 1, deniedCents: 50 },
  ];

  it('names each reason code with its CARC text when the report has it', () => {
    expect(reasonsText(['16', '50'], reasons)).toBe('16 Claim/service lacks information; 50');
    expect(reasonsText([], reasons)).toBe('');
  });

  it('sends only the filters set, and leaves out a date not finished', () => {
    expect(denialQuery(NO_FILTERS, 1)).toEqual({ pageNumber: 1, pageSize: 100 });
    expect(denialQuery({ insuranceID: 4, reasonCode: '16', dosFrom: '2026-02-01', dosTo: '2026-0' }, 3)).toEqual({
      pageNumber: 3,
      pageSize: 100,
      insuranceID: 4,
      reasonCode: '16',
      dosFrom: '2026-02-01',
    });
  });

  it('says where the page sits and how many pages there are', () => {
    expect(pageText(1, 0, 0)).toBe('No denied claims');
    expect(pageText(2, 50, 150)).toBe('Claims 101–150 of 150');
    expect(pageText(1, 100, 1234)).toBe('Claims 1–100 of 1,234');
    expect([lastPage(0), lastPage(100), lastPage(101)]).toEqual([1, 1, 2]);
  });

  it('reads a denied line with its code and modifiers, and its group-reason codes', () => {
    expect(lineText({ chargeID: 9, lineNumber: 2, cptCode: '36415', modifiers: ['59'] })).toBe('Line 2 · 36415-59');
    expect(lineText({ chargeID: null, lineNumber: null, cptCode: null, modifiers: [] })).toBe('Whole claim');
    const denial = {
      groupCode: 'CO',
      reasonCode: '16',
      description: 'Claim/service lacks information',
      postingDate: '2026-03-01',
    };
    expect(lineReasons({ denials: [denial, { ...denial, reasonCode: '50', description: null }] })).toBe(
      'CO-16 Claim/service lacks information; CO-50',
    );
    expect(lineReasons({ denials: [{ ...denial, groupCode: null, reasonCode: null }] })).toBe(
      'no reason code Claim/service lacks information',
    );
  });
});
