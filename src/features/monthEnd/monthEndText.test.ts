import { describe, expect, it } from 'vitest';
import type { PracticeMonthEnd } from '../../../contract/monthEnd.ts';
import { lockConfirmText, monthEnd, monthFrom, monthLabel, monthRange, parseMonth } from './monthEndText.ts';

const practice = (name: string, wouldLock: string[], endArCents: number): PracticeMonthEnd => ({
  practiceID: name.length,
  practiceName: name,
  lockedThrough: null,
  lockedAt: null,
  lockedBy: null,
  monthLocked: wouldLock.length === 0,
  wouldLock,
  figures: {
    chargesCents: 0,
    paymentsCents: 0,
    insurancePaidCents: 0,
    patientPaidCents: 0,
    adjustmentsCents: 0,
    refundsCents: 0,
    startArCents: 0,
    endArCents,
  },
});

describe('the monthly summary’s months and words', () => {
  it('reads a month as a biller types it, and refuses what is none', () => {
    expect(parseMonth('2026-10')).toBe('2026-10-01');
    expect(parseMonth('2026-10-17')).toBe('2026-10-01');
    expect(parseMonth('10/2026')).toBe('2026-10-01');
    expect(parseMonth('October 2026')).toBe('2026-10-01');
    expect(parseMonth('oct 2026')).toBe('2026-10-01');
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('sometime')).toBeNull();
  });

  it('counts months across a year and ends a month on its last day', () => {
    expect(monthFrom('2026-01-15', -1)).toBe('2025-12-01');
    expect(monthFrom('2026-11-27', -5)).toBe('2026-06-01');
    expect(monthEnd('2026-02-01')).toBe('2026-02-28');
    expect(monthEnd('2028-02-01')).toBe('2028-02-29');
    expect(monthEnd('2026-12-01')).toBe('2026-12-31');
    expect(monthLabel('2026-10-01')).toBe('October 2026');
    expect(monthRange(['2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01'])).toBe('October 2025 to January 2026');
    expect(monthRange(['2026-08-01', '2026-09-01'])).toBe('August and September 2026');
  });

  it('names in the confirm step the practices, the end AR each keeps and the open months locked with the month', () => {
    expect(
      lockConfirmText('2026-10-01', [
        practice('Lakeside Family Medicine', ['2026-08-01', '2026-09-01', '2026-10-01'], 400_946),
        practice('Hill Country Internal Medicine', ['2026-08-01', '2026-09-01', '2026-10-01'], 147_750),
        practice('Capital Orthopaedic Associates', ['2026-10-01'], 404_835),
        practice('Already Closed Clinic', [], 0),
      ]),
    ).toBe(
      'Lock October 2026 for Lakeside Family Medicine (end AR $4,009.46) and Hill Country Internal Medicine (end AR $1,477.50), with the 2 open months before it, August and September 2026; Capital Orthopaedic Associates (end AR $4,048.35). Nothing can be posted with a date in a locked month afterwards.',
    );
    expect(lockConfirmText('2026-10-01', [practice('Already Closed Clinic', [], 0)])).toBe(
      'October 2026 is locked already for every practice chosen.',
    );
  });
});
