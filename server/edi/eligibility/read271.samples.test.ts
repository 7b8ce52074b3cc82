import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { summarizeCoverage } from './coverageSummary.ts';
import type { EligibilityDocument, Member } from './model271.ts';
import { read271 } from './read271.ts';

const SAMPLES = fileURLToPath(new URL('./samples/', import.meta.url));
const sample = (name: string): EligibilityDocument => read271(readFileSync(`${SAMPLES}${name}`, 'utf8'));

function onlySubscriber(document: EligibilityDocument): Member {
  const subscriber = document.responses[0]?.sources[0]?.receivers[0]?.subscribers[0];
  if (subscriber === undefined) throw new Error('no subscriber');
  return subscriber;
}

const SERVICE_LIST = ['1', '33', '35', '47', '86', '88', '98', 'AL', 'MH', 'UC'];

describe('271 samples', () => {
  it('reads a subscriber with active coverage, a primary care provider and in- and out-of-network co-pays', () => {
    const document = sample('271_5010_lfh_subscriber_active_coverage_copays.271');
    expect(document.problems).toEqual([]);
    const [response] = document.responses;
    expect(response).toMatchObject({ controlNumber: '0001', purpose: '11', reference: '10001234', date: '2013-10-31' });
    const source = response?.sources[0];
    expect(source).toMatchObject({ name: 'PAYER C', idQualifier: 'PI', id: '12345', entity: { code: 'PR' } });
    expect(source?.receivers[0]).toMatchObject({ name: 'DOE', firstName: 'JOHN', idQualifier: 'XX', id: '1467857193' });

    const subscriber = onlySubscriber(document);
    expect(subscriber).toMatchObject({
      level: 'subscriber',
      lastName: 'DOE',
      firstName: 'JOHN',
      memberID: '00000000001',
      birthDate: '1970-01-01',
      gender: 'M',
      address: ['1500 ANYHOO AVENUE', 'APT 215'],
      city: 'SAN MATEO',
      postalCode: '94401',
      dependents: [],
    });
    expect(subscriber.traces).toMatchObject([{ type: '2', number: '930000000000', originatorID: '9800000004' }]);
    expect(subscriber.dates).toMatchObject([
      { qualifier: { code: '346', description: 'Plan begin' }, from: '2021-01-01' },
    ]);

    const [plan, primaryCare, services, inNetwork, outOfNetwork] = subscriber.benefits;
    expect(subscriber.benefits).toHaveLength(5);
    expect(plan).toMatchObject({
      benefit: { code: '1', description: 'Active coverage' },
      serviceTypes: [{ code: '30', description: 'Health benefit plan coverage' }],
      planDescription: 'GOLD 123 PLAN',
    });
    expect(primaryCare?.benefit.code).toBe('L');
    expect(primaryCare?.relatedEntities).toMatchObject([
      { entity: { code: '1P' }, name: 'DOE', firstName: 'JOHN', idQualifier: 'XX', id: '1467857193' },
    ]);
    expect(services?.serviceTypes.map((type) => type.code)).toEqual(SERVICE_LIST);
    expect(services?.serviceTypes[6]).toEqual({ code: '98', description: 'Professional (physician) visit - office' });
    expect(inNetwork).toMatchObject({
      benefit: { code: 'B', description: 'Co-payment' },
      insuranceType: { code: 'HM' },
      timePeriod: { code: '27', description: 'Visit' },
      amountCents: 1000,
      inNetwork: { code: 'Y', description: 'In network' },
    });
    expect(outOfNetwork).toMatchObject({ amountCents: 3000, inNetwork: { code: 'N', description: 'Out of network' } });

    expect(summarizeCoverage(subscriber, '2024-03-04')).toMatchObject({
      active: true,
      planDescription: 'GOLD 123 PLAN',
      officeVisitCopayCents: 1000,
      deductibleRemainingCents: null,
      rejections: [],
    });
    // Before the plan began (DTP*346 2021-01-01) the coverage is not in force.
    expect(summarizeCoverage(subscriber, '2020-12-31').active).toBe(false);
  });

  it('hangs the dependent under its subscriber with its own trace, plan date and co-pays', () => {
    const document = sample('271_5010_lfh_dependent_coverage.271');
    expect(document.problems).toEqual([]);
    const subscriber = onlySubscriber(document);
    expect(subscriber).toMatchObject({ hl: '3', memberID: '00000000001', birthDate: '1970-01-01', benefits: [] });
    expect(subscriber.traces).toEqual([]);
    expect(subscriber.dependents).toHaveLength(1);
    const [dependent] = subscriber.dependents;
    expect(dependent).toMatchObject({
      level: 'dependent',
      hl: '4',
      lastName: 'DOE',
      firstName: 'JAMES',
      memberID: '00000000002',
      birthDate: '2015-01-01',
    });
    expect(dependent?.traces).toMatchObject([{ type: '2', number: '930000000000', originatorID: '9800000004' }]);
    expect(dependent?.dates).toMatchObject([{ qualifier: { code: '346' }, from: '2021-01-01', to: '2021-01-01' }]);
    expect(
      dependent?.benefits.map((benefit) => [benefit.benefit.code, benefit.amountCents, benefit.inNetwork.code]),
    ).toEqual([
      ['1', null, ''],
      ['L', null, ''],
      ['1', null, ''],
      ['B', 1000, 'Y'],
      ['B', 3000, 'N'],
    ]);
    if (dependent === undefined) throw new Error('no dependent');
    expect(summarizeCoverage(dependent, '2022-06-01')).toMatchObject({ active: true, officeVisitCopayCents: 1000 });
  });

  it('reads a rejection at the provider level and reports the SE whose control number differs from its ST', () => {
    const document = sample('271_5010_lfh_rejected_request_aaa_se_mismatch.271');
    expect(document.problems).toEqual([
      {
        message: "SE at segment 10 carries control number '4323', its ST at segment 3 has '4321'.",
        segmentID: 'SE',
        position: 10,
        line: 10,
      },
    ]);
    const receiver = document.responses[0]?.sources[0]?.receivers[0];
    expect(receiver).toMatchObject({ name: 'BONE AND JOIN CLINIC', idQualifier: 'SV', id: '2000035', subscribers: [] });
    expect(receiver?.rejections).toEqual([
      {
        loop: '2100B',
        validRequest: true,
        reason: { code: '50', description: 'Provider ineligible for inquiries' },
        followUp: { code: 'N', description: 'Resubmission not allowed' },
        position: 9,
      },
    ]);
    expect(document.responses[0]?.sources[0]?.rejections).toEqual([]);
  });

  it('reports the inquiry sample as not a reply', () => {
    const document = sample('270_5010_lfh_subscriber_health_benefit_inquiry.270');
    expect(document.responses).toEqual([]);
    expect(document.problems).toMatchObject([
      { segmentID: 'ST', line: 3, message: 'Transaction set 270 is not an eligibility reply (271).' },
    ]);
  });
});
