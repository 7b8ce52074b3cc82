import { describe, expect, it } from 'vitest';
import { eventSummary } from './claimHistory.tsx';

describe('claim history lines', () => {
  it('says what a charge edit changed, from and to', () => {
    expect(eventSummary({ action: 'charge edited', detail: { chargeID: 9, lineNumber: 1, changes: { diagnosisPointers: { from: [3], to: [1] }, modifiers: { from: [], to: ['25', '59'] } } } })).toBe(
      'Line 1: diagnosis pointers 3 → 1, modifiers none → 25 59',
    );
  });

  it('counts a scrub’s findings under its outcome, and names a submission’s batch', () => {
    expect(eventSummary({ action: 'scrubbed', detail: { errors: 1, warnings: 2, scrubStatusID: 3 } })).toBe('Failed: 1 error, 2 warnings');
    expect(eventSummary({ action: 'submitted', detail: { submissionBatchID: 4, file: '837P_60054_000000004.x12' } })).toBe('Batch 4, file 837P_60054_000000004.x12');
  });

  it('shows a status change by name, and any other detail as key: value', () => {
    expect(eventSummary({ action: 'status changed', detail: { fromStatusID: 2, toStatusID: 10 } })).toBe('Ready to Submit → Closed');
    expect(eventSummary({ action: 'note.added', detail: { noteTypeID: 2 } })).toBe('noteTypeID: 2');
    expect(eventSummary({ action: 'created', detail: null })).toBe('');
  });
});
