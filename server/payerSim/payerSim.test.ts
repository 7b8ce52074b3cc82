import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build270 } from '../edi/eligibility/build270.ts';
import { summarizeCoverage } from '../edi/eligibility/coverageSummary.ts';
import { findReply } from '../edi/eligibility/findReply.ts';
import type { Build270Options, SubscriberInquiry270 } from '../edi/eligibility/inquiry270.ts';
import { read271 } from '../edi/eligibility/read271.ts';
import { EligibilityUnavailable, httpEligibilityAdapter } from '../services/eligibility/adapter.ts';
import { answer270, metCents, SIM_AMOUNTS, SIM_PLAN } from './answer.ts';
import { read270 } from './read270.ts';
import { startPayerSim, type PayerSim } from './server.ts';

const OPTIONS: Build270Options = {
  sender: { id: 'BILLINGCO' },
  receiver: { id: 'SIMPAYER' },
  interchangeControlNumber: 52,
  groupControlNumber: 52,
  reference: 'INQ-52',
  traceOriginator: '1123456789',
  now: new Date('2026-03-02T14:05:00Z'),
  usage: 'T',
};
const NOW = new Date('2026-03-02T14:05:03Z');

function inquiry(subscriber: SubscriberInquiry270): string {
  return build270(
    {
      payer: { name: 'Acme Health Plan', payerID: '60054' },
      provider: { npi: '1234567893', organizationName: 'Riverside Family Practice' },
      subscribers: [subscriber],
    },
    OPTIONS,
  );
}

const GRACE: SubscriberInquiry270 = {
  memberID: 'W1234567',
  lastName: 'Okafor',
  firstName: 'Grace',
  birthDate: '1961-07-14',
  gender: 'F',
  traceNumber: 'ELIG-1',
  serviceDate: '2026-03-02',
};

/** The simulator's 271 for the 270 text, read back: it must be clean and answer the trace. */
function ask(text270: string, trace = 'ELIG-1') {
  const read = read270(text270);
  if (!read) throw new Error('not a 270');
  const text271 = answer270(read, NOW, 7);
  const document = read271(text271);
  expect(document.problems).toEqual([]);
  const found = findReply(document, trace);
  if (!found) throw new Error(`no member answers ${trace}`);
  return { ...found, document, text271 };
}

describe('payer simulator answers', () => {
  it('active coverage with the office co-pay, what remains of the deductible and out-of-pocket, and co-insurance', () => {
    const { member, response } = ask(inquiry(GRACE));
    expect(response.reference).toBe('INQ-52');
    expect(member.memberID).toBe('W1234567');
    expect(member.birthDate).toBe('1961-07-14');
    const met = metCents('W1234567');
    expect(met).toBe(670_00);
    expect(summarizeCoverage(member, '2026-03-02')).toEqual({
      active: true,
      rejections: [],
      planDescription: SIM_PLAN,
      officeVisitCopayCents: SIM_AMOUNTS.copayIn,
      deductibleRemainingCents: SIM_AMOUNTS.deductibleIn - met,
      outOfPocketRemainingCents: SIM_AMOUNTS.outOfPocketIn - met,
      coinsurancePercent: SIM_AMOUNTS.coinsuranceIn,
    });
    const outOfNetwork = member.benefits.filter((benefit) => benefit.inNetwork.code === 'N');
    expect(
      outOfNetwork.map((benefit) => [
        benefit.benefit.code,
        benefit.timePeriod.code,
        benefit.amountCents,
        benefit.percent,
      ]),
    ).toEqual([
      ['B', '27', SIM_AMOUNTS.copayOut, null],
      ['C', '23', SIM_AMOUNTS.deductibleOut, null],
      ['C', '29', SIM_AMOUNTS.deductibleOut - met, null],
      ['G', '23', SIM_AMOUNTS.outOfPocketOut, null],
      ['G', '29', SIM_AMOUNTS.outOfPocketOut - met, null],
      ['A', '', null, SIM_AMOUNTS.coinsuranceOut],
    ]);
    expect(member.dates.map((date) => [date.qualifier.code, date.from])).toEqual([
      ['346', '2026-01-01'],
      ['347', '2026-12-31'],
    ]);
  });

  it('a member id ending in 9 is not found (AAA 75) and says nothing of coverage', () => {
    const { member } = ask(inquiry({ ...GRACE, memberID: 'W1234569' }));
    const summary = summarizeCoverage(member, '2026-03-02');
    expect(summary.active).toBeNull();
    expect(summary.rejections.map((aaa) => [aaa.validRequest, aaa.reason.code, aaa.followUp.code])).toEqual([
      [false, '75', 'C'],
    ]);
    expect(member.benefits).toEqual([]);
  });

  it('a member id ending in 8 has inactive coverage (EB*6)', () => {
    const { member } = ask(inquiry({ ...GRACE, memberID: 'W1234568' }));
    expect(member.benefits.map((benefit) => benefit.benefit.code)).toEqual(['6']);
    expect(summarizeCoverage(member, '2026-03-02')).toMatchObject({ active: false, rejections: [] });
  });

  it('a birth date before 1900 does not match (AAA 71); one that is not a date, or after the visit, is invalid (AAA 58)', () => {
    const old = ask(inquiry({ ...GRACE, birthDate: '1899-12-31' }));
    expect(old.member.rejections.map((aaa) => aaa.reason.code)).toEqual(['71']);
    const text = inquiry(GRACE);
    for (const dob of ['19610231', '20270101']) {
      const bad = ask(text.replace('DMG*D8*19610714', `DMG*D8*${dob}`));
      expect(bad.member.rejections.map((aaa) => aaa.reason.code)).toEqual(['58']);
      expect(summarizeCoverage(bad.member, '2026-03-02').active).toBeNull();
    }
  });

  it('a dependent is answered in the dependent loop under the subscriber, with the dependent trace echoed there', () => {
    const text = inquiry({
      ...GRACE,
      traceNumber: null,
      dependent: { lastName: 'Okafor', firstName: 'Ada', birthDate: '2015-11-30', gender: 'F', traceNumber: 'ELIG-2' },
    });
    const { member, document } = ask(text, 'ELIG-2');
    expect(member.level).toBe('dependent');
    expect([member.firstName, member.birthDate, member.relationship]).toEqual(['ADA', '2015-11-30', '19']);
    expect(summarizeCoverage(member, '2026-03-02').active).toBe(true);
    const subscriber = document.responses[0]?.sources[0]?.receivers[0]?.subscribers[0];
    expect(subscriber?.memberID).toBe('W1234567');
    expect(subscriber?.benefits).toEqual([]);
    expect(subscriber?.dependents).toHaveLength(1);
  });

  it('the same inquiry always gets the same answer', () => {
    const text = inquiry(GRACE);
    expect(ask(text).text271).toBe(ask(text).text271);
  });
});

describe('payer simulator over HTTP, through the eligibility adapter', () => {
  let sim: PayerSim;
  beforeAll(async () => {
    sim = await startPayerSim({ port: 0, now: () => NOW });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('answers a POSTed 270 with its 271', async () => {
    const adapter = httpEligibilityAdapter({ url: sim.url, name: 'payer simulator', contentType: 'text/plain' });
    const document = read271(await adapter.ask(inquiry(GRACE)));
    expect(document.problems).toEqual([]);
    expect(summarizeCoverage(findReply(document, 'ELIG-1')?.member ?? fail(), '2026-03-02').active).toBe(true);
  });

  it('a body without a 270 is refused, and the biller is told in one line', async () => {
    const adapter = httpEligibilityAdapter({ url: sim.url, name: 'payer simulator' });
    await expect(adapter.ask('hello')).rejects.toThrow(
      new EligibilityUnavailable('The payer simulator refused the eligibility check (HTTP 400); try again later.'),
    );
  });

  it('a payer that cannot be reached is said so', async () => {
    const closed = await startPayerSim({ port: 0 });
    await closed.close();
    const adapter = httpEligibilityAdapter({ url: closed.url, name: 'clearinghouse' });
    await expect(adapter.ask(inquiry(GRACE))).rejects.toThrow(
      'The clearinghouse could not be reached for the eligibility check; try again later.',
    );
  });
});

function fail(): never {
  throw new Error('no reply');
}
