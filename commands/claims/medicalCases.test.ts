import { describe, expect, it } from 'vitest';
import { caseHint, editedCase, withFee } from './medicalCases.ts';

describe('setting one fee of a schedule', () => {
  it('replaces the code’s plain fee and keeps its modifier fees and the other codes', () => {
    const items = [
      { cptCode: '99213', modifier: '', amountCents: 11000 },
      { cptCode: '99213', modifier: '25', amountCents: 11500 },
      { cptCode: '36415', modifier: '', amountCents: 1500 },
    ];
    expect(withFee(items, '99213', 12000)).toEqual([
      { cptCode: '99213', modifier: '25', amountCents: 11500 },
      { cptCode: '36415', modifier: '', amountCents: 1500 },
      { cptCode: '99213', modifier: '', amountCents: 12000 },
    ]);
    expect(withFee(items, '99214', 15000)).toHaveLength(4);
  });
});

describe('editing the claim’s medical case', () => {
  const current = {
    medicalCaseID: 4,
    name: 'Car accident',
    caseType: 'Accident',
    startDate: '2026-01-01',
    endDate: '2026-06-30',
  };

  it('keeps each field the biller leaves empty and takes the typed ones', () => {
    expect(editedCase(current, { name: '', caseType: ' ', startDate: '', endDate: '' })).toEqual(current);
    expect(editedCase(current, { name: 'Rear-end collision', startDate: '2026-01-03', endDate: '2026-09-30' })).toEqual(
      { ...current, name: 'Rear-end collision', startDate: '2026-01-03', endDate: '2026-09-30' },
    );
  });

  it('opens the case again when the end date is "open"', () => {
    expect(editedCase(current, { endDate: 'Open' }).endDate).toBeNull();
  });

  it('reads a case’s dates and claim count', () => {
    expect(caseHint({ startDate: '2026-01-01', endDate: null, claimCount: 1 })).toBe('2026-01-01 to open · 1 claim');
    expect(caseHint({ startDate: '2026-01-01', endDate: '2026-02-01', claimCount: 3 })).toBe(
      '2026-01-01 to 2026-02-01 · 3 claims',
    );
  });
});
