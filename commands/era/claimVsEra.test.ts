import { describe, expect, it } from 'vitest';
import { POSTED_REASON } from '../../src/features/eraDetail/index.ts';
import type { ComparedLine } from '../../src/features/panes/index.ts';
import { eraLineReason } from './claimVsEra.ts';

const era = (posted: boolean): ComparedLine['era'] => ({
  eraLineID: 7,
  eraCheckID: 3,
  traceNumber: 'T1',
  posted,
  procedure: { cptCode: '99213', modifiers: [] },
  billed: 100,
  allowed: 80,
  paid: 80,
  adjustments: [],
  remarks: [],
});

const line = (chargeID: number | null, answer: ComparedLine['era']): ComparedLine => ({
  rowNumber: chargeID ?? -7,
  lineNumber: chargeID === null ? null : 2,
  chargeID,
  procedure: { cptCode: '99213', modifiers: [] },
  units: 1,
  dosFrom: '2026-01-02',
  dosTo: '2026-01-02',
  billed: 100,
  paid: 0,
  payerPaid: 0,
  patientPaid: 0,
  adjusted: 0,
  balance: 100,
  adjustments: [],
  era: answer,
  differences: [],
  outcome: 'to post',
});

describe('Claim vs ERA commands on the cursor row', () => {
  it('link only an unposted ERA line that no charge has, and unlink only a linked one', () => {
    expect(eraLineReason(line(null, era(false)), false)).toBeNull();
    expect(eraLineReason(line(10, era(false)), false)).toBe(
      'This ERA line is linked to line 2 already (X unlinks it).',
    );
    expect(eraLineReason(line(10, era(false)), true)).toBeNull();
    expect(eraLineReason(line(null, era(false)), true)).toBe('This ERA line is not linked to a charge (L links it).');
  });

  it('refuse rows without an ERA answer, a posted check, and no row at all', () => {
    expect(eraLineReason(line(10, null), null)).toBe('No ERA line answered this charge yet.');
    expect(eraLineReason(line(10, era(true)), null)).toBe(POSTED_REASON);
    expect(eraLineReason(null, null)).toBe('Open the Claim vs ERA workspace and move to a line first.');
    expect(eraLineReason(line(10, era(false)), null)).toBeNull();
  });
});
