import { describe, expect, it } from 'vitest';
import { parseRelationship, parseSubscriber, subscriberText } from './coverageText.ts';
import type { Coverage } from '../../contract/patientCoverage.ts';

describe('a coverage as typed in the palette', () => {
  it('reads the subscriber on one line and says how to type it when it cannot', () => {
    expect(parseSubscriber('Smith, Mark, 1950-06-01, m')).toEqual({
      subscriberLastName: 'SMITH',
      subscriberFirstName: 'MARK',
      subscriberDateOfBirth: '1950-06-01',
      subscriberSex: 'M',
    });
    expect(parseSubscriber('Smith, Mark')).toMatch(/LAST, FIRST, YYYY-MM-DD, M\/F\/U/);
    expect(parseSubscriber('Smith, Mark, 1950-02-30, M')).toMatch(/a day that exists/);
    expect(parseSubscriber('Smith, Mark, 1950-06-01, X')).toMatch(/M, F or U/);
  });

  it('takes a relationship by its X12 code or its name, and nothing else', () => {
    expect(parseRelationship('18')).toBe('18');
    expect(parseRelationship('spouse')).toBe('01');
    expect(parseRelationship('g8')).toBe('G8');
    expect(parseRelationship('cousin')).toBe('');
  });

  it('shows the patient as their own subscriber, another person by name, birth date and sex', () => {
    const coverage = {
      relationship: '01',
      subscriberLastName: 'SMITH',
      subscriberFirstName: 'MARK',
      subscriberDateOfBirth: '1950-06-01',
      subscriberSex: 'M',
    } as Coverage;
    expect(subscriberText(coverage)).toBe('SMITH, MARK, 1950-06-01, M');
    expect(subscriberText({ ...coverage, relationship: '18' })).toBe('Patient (self)');
  });
});
