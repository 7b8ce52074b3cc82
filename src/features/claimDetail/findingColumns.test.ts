import { describe, expect, it } from 'vitest';
import type { ScrubFinding } from '../../../contract/scrub.ts';
import { findingPlace } from './claimOnScreen.ts';
import { flaggedDiagnoses, flaggedFacts, findingCounts } from './findingColumns.tsx';

const finding = (
  field: string,
  severity: ScrubFinding['severity'] = 'error',
  lineNumber: number | null = null,
): ScrubFinding => ({
  ruleID: 'R',
  severity,
  field,
  chargeID: lineNumber === null ? null : lineNumber * 10,
  lineNumber,
  message: 'm',
  fix: 'f',
  scrubbedAt: '2026-03-15T12:00:00Z',
});

describe('scrub findings beside the fields they concern', () => {
  it('marks the header fact a claim-level finding is about, an error over a warning', () => {
    const flagged = flaggedFacts([
      finding('coverage.subscriberID'),
      finding('practice.npi', 'warning'),
      finding('practice.zip'),
      finding('charges[0].modifiers', 'error', 1),
    ]);
    expect([...flagged]).toEqual([
      ['Subscriber ID', 'error'],
      ['Practice', 'error'],
    ]);
  });

  it('marks diagnoses by their place on the claim', () => {
    expect([...flaggedDiagnoses([finding('diagnoses[1]', 'warning'), finding('diagnoses[0]')])]).toEqual([
      [2, 'warning'],
      [1, 'error'],
    ]);
  });

  it('says where a finding is in the biller’s words, and counts them', () => {
    expect(findingPlace(finding('charges[1].diagnosisPointers', 'error', 2))).toBe('Line 2 · diagnosis pointers');
    expect(findingPlace(finding('practice.npi'))).toBe('Billing provider · NPI');
    expect(findingPlace(finding('diagnoses[2]'))).toBe('Diagnosis 3');
    expect(findingCounts([finding('a'), finding('b', 'warning'), finding('c', 'warning')])).toBe('1 error, 2 warnings');
  });
});
