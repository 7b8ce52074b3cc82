import { describe, expect, it } from 'vitest';
import type { Coverage } from '../../contract/patientCoverage.ts';
import { COVERAGE_FIELDS } from './insurances.ts';

const self = {
  patientInsuranceID: 1,
  patientID: 2,
  relationship: '18',
  subscriberFirstName: null,
  subscriberLastName: null,
  subscriberDateOfBirth: null,
  subscriberSex: null,
} as Coverage;
const field = (key: string) => {
  const found = COVERAGE_FIELDS.find((each) => each.key === key);
  if (!found) throw new Error(`No field ${key}`);
  return found;
};

describe('editing an insurance’s relationship from the palette', () => {
  it('asks for the subscriber with the relationship when the patient was the subscriber', async () => {
    expect(await field('relationship').read('spouse', self)).toMatch(/Type the subscriber after the relationship/);
    expect(await field('relationship').read('01, Rivera, Ana, 1961-04-09, F', self)).toEqual({
      relationship: '01',
      subscriberLastName: 'RIVERA',
      subscriberFirstName: 'ANA',
      subscriberDateOfBirth: '1961-04-09',
      subscriberSex: 'F',
    });
  });

  it('changes only the relationship when another person already is the subscriber, and clears them for Self', async () => {
    const spouse = { ...self, relationship: '01', subscriberLastName: 'RIVERA', subscriberFirstName: 'ANA' };
    expect(await field('relationship').read('19', spouse)).toEqual({ relationship: '19' });
    expect(await field('relationship').read('self', spouse)).toMatchObject({
      relationship: '18',
      subscriberLastName: null,
    });
    expect(await field('relationship').read('cousin', spouse)).toMatch(/X12 relationship/);
  });

  it('does not take a subscriber while the patient is their own subscriber', async () => {
    expect(await field('subscriber').read('Rivera, Ana, 1961-04-09, F', self)).toMatch(/change the relationship/);
  });
});
