import { describe, expect, it } from 'vitest';
import { summarizeCoverage } from './coverageSummary.ts';
import type { EligibilityDocument, Member } from './model271.ts';
import { read271 } from './read271.ts';
import { reply271, reply271Segments } from './test/reply271.ts';

function subscribers(document: EligibilityDocument): Member[] {
  return document.responses[0]?.sources[0]?.receivers[0]?.subscribers ?? [];
}

function member(document: EligibilityDocument, lastName: string): Member {
  const found = subscribers(document).find((subscriber) => subscriber.lastName === lastName);
  if (found === undefined) throw new Error(`no ${lastName}`);
  return found;
}

/** What a biller would check, the same whatever the delimiters. */
function expectTheReply(document: EligibilityDocument): void {
  expect(document.problems).toEqual([]);
  expect(document.responses.map((response) => [response.controlNumber, response.reference])).toEqual([
    ['0001', '0000047110001'],
    ['0002', '0000047110002'],
  ]);
  const okafor = member(document, 'OKAFOR');
  expect(okafor).toMatchObject({
    firstName: 'GRACE',
    middleName: 'A',
    memberID: 'W123456789',
    birthDate: '1961-07-14',
  });
  expect(okafor.traces.map((trace) => [trace.type, trace.number, trace.originatorID])).toEqual([
    ['2', 'ELIG-1001', '1123456789'],
    ['1', 'PAYER-55', '9ACMEHEALT'],
  ]);
  const copay = okafor.benefits.find((benefit) => benefit.serviceTypes.length === 2);
  expect(copay?.serviceTypes).toEqual([
    { code: '98', description: 'Professional (physician) visit - office' },
    { code: 'UC', description: 'Urgent care' },
  ]);
  expect(okafor.benefits.find((benefit) => benefit.procedure.length > 0)?.procedure).toEqual(['HC', '99214']);
  expect(summarizeCoverage(okafor, '2026-03-02')).toEqual({
    active: true,
    rejections: [],
    planDescription: 'SILVER PPO 2000',
    officeVisitCopayCents: 2500,
    deductibleRemainingCents: 125050,
    outOfPocketRemainingCents: 543210,
    coinsurancePercent: 20,
  });
}

describe('read271 on a reply written to the guide', () => {
  it('reads deductibles, remaining amounts, co-pays and co-insurance in and out of network', () => {
    const document = read271(reply271());
    expectTheReply(document);
    const okafor = member(document, 'OKAFOR');
    const deductibles = okafor.benefits
      .filter((benefit) => benefit.benefit.code === 'C')
      .map((benefit) => [
        benefit.coverageLevel.code,
        benefit.timePeriod.description,
        benefit.amountCents,
        benefit.inNetwork.description,
      ]);
    expect(deductibles).toEqual([
      ['IND', 'Calendar year', 200000, 'In network'],
      ['IND', 'Remaining', 125050, 'In network'],
      ['IND', 'Calendar year', 400000, 'Out of network'],
      ['IND', 'Remaining', 400000, 'Out of network'],
      ['FAM', 'Remaining', 310000, 'In network'],
    ]);
    const coinsurance = okafor.benefits.filter((benefit) => benefit.benefit.code === 'A');
    expect(coinsurance.map((benefit) => [benefit.percent, benefit.inNetwork.code])).toEqual([
      [20, 'Y'],
      [40, 'N'],
    ]);
    expect(okafor.dates.map((date) => [date.qualifier.description, date.from])).toEqual([
      ['Plan begin', '2026-01-01'],
      ['Plan end', '2026-12-31'],
    ]);
  });

  it('keeps a benefit line’s dates, message, quantity and related entity (another payer) with it', () => {
    const okafor = member(read271(reply271()), 'OKAFOR');
    const vision = okafor.benefits.find((benefit) => benefit.benefit.code === 'F');
    expect(vision).toMatchObject({
      benefit: { description: 'Limitations' },
      serviceTypes: [{ code: 'AL', description: 'Vision (optometry)' }],
      quantityQualifier: { code: 'VS', description: 'Visits' },
      quantity: 2,
      messages: ['ONE ROUTINE EYE EXAM PER YEAR'],
    });
    expect(vision?.dates).toMatchObject([{ qualifier: { code: '292' }, from: '2026-01-01', to: '2026-12-31' }]);
    const otherPayer = okafor.benefits.find((benefit) => benefit.benefit.code === 'R');
    expect(otherPayer).toMatchObject({
      benefit: { description: 'Other or additional payer' },
      insuranceType: { code: 'C1', description: 'Commercial' },
      references: [{ qualifier: 'IG', value: 'BR-4471', description: 'Insurance policy number' }],
    });
    expect(otherPayer?.relatedEntities).toEqual([
      {
        entity: { code: 'PRP', description: 'Primary payer' },
        entityType: '2',
        name: 'BLUE RIVER INSURANCE',
        firstName: '',
        idQualifier: 'PI',
        id: '77001',
        position: expect.any(Number) as number,
        address: ['PO BOX 9'],
        city: 'AUSTIN',
        state: 'TX',
        postalCode: '78701',
        contacts: [{ qualifier: 'TE', number: '8005551212' }],
      },
    ]);
    // The plan's dates do not hold a day after it ended.
    expect(summarizeCoverage(okafor, '2027-01-04').active).toBe(false);
  });

  it('reads inactive coverage and a dependent whose benefit the payer rejects (2110D)', () => {
    const document = read271(reply271());
    const lindqvist = member(document, 'LINDQVIST');
    expect(lindqvist.references).toEqual([{ qualifier: '6P', value: 'GRP-7', description: 'ACME GROUP' }]);
    expect(lindqvist.benefits[0]).toMatchObject({
      benefit: { code: '6', description: 'Inactive' },
      planDescription: 'BRONZE HMO',
    });
    expect(summarizeCoverage(lindqvist, '2026-03-02').active).toBe(false);

    const [mia] = lindqvist.dependents;
    expect(mia).toMatchObject({
      level: 'dependent',
      lastName: 'LINDQVIST',
      firstName: 'MIA',
      memberID: '',
      birthDate: '2015-11-30',
      gender: 'F',
      relationship: '19',
    });
    expect(mia?.traces.map((trace) => trace.number)).toEqual(['ELIG-1002']);
    expect(mia?.rejections).toEqual([]);
    const cannotProcess = mia?.benefits[1];
    expect(cannotProcess?.benefit).toEqual({ code: 'V', description: 'Cannot process' });
    expect(cannotProcess?.rejections).toMatchObject([
      {
        loop: '2110D',
        validRequest: false,
        reason: { code: '62', description: 'Date of service not within allowable inquiry period' },
        followUp: { code: 'C', description: 'Please correct and resubmit' },
      },
    ]);
    if (mia === undefined) throw new Error('no dependent');
    const summary = summarizeCoverage(mia, '2026-03-02');
    expect(summary.active).toBe(false);
    expect(summary.rejections.map((rejection) => rejection.reason.code)).toEqual(['62']);
  });

  it('reads a subscriber the payer cannot find (2100C) and a reply the payer cannot give (2100A)', () => {
    const document = read271(reply271());
    const nobody = member(document, 'NOBODY');
    expect(
      nobody.rejections.map((rejection) => [rejection.loop, rejection.reason.code, rejection.reason.description]),
    ).toEqual([
      ['2100C', '72', 'Invalid/missing subscriber/insured ID'],
      ['2100C', '75', 'Subscriber/insured not found'],
    ]);
    expect(nobody.traces.map((trace) => trace.number)).toEqual(['ELIG-1003']);
    expect(summarizeCoverage(nobody, '2026-03-02')).toMatchObject({ active: null, officeVisitCopayCents: null });

    const unanswered = document.responses[1];
    expect(unanswered?.sources[0]?.receivers).toEqual([]);
    expect(unanswered?.sources[0]?.rejections).toMatchObject([
      {
        loop: '2100A',
        validRequest: true,
        reason: { code: '42', description: 'Unable to respond at current time' },
        followUp: { code: 'P', description: 'Please resubmit original transaction' },
      },
    ]);
  });

  it('reads the envelope of each reply: who sent it, to whom, test or production, and its delimiters', () => {
    const document = read271(reply271({ element: '|', component: '>', repetition: '}', segment: '\n', lineBreak: '' }));
    expect(document.responses[1]).toMatchObject({
      sender: 'CLEARINGHSE',
      receiver: 'BILLINGCO',
      usage: 'T',
      delimiters: { element: '|', component: '>', repetition: '}', segment: '\n' },
      interchangeControlNumber: '000000912',
      groupControlNumber: '91',
      controlNumber: '0002',
      implementationReference: '005010X279A1',
      date: '2026-03-02',
      time: '140613',
    });
  });

  it.each([
    { element: '|', component: '>', repetition: '}', segment: '\n', lineBreak: '' },
    { element: '!', component: '\\', repetition: '`', segment: "'", lineBreak: '\r\n' },
    { element: '*', component: ':', repetition: '^', segment: '~', lineBreak: '' },
  ])('reads the same reply with element $element, component $component, repetition $repetition', (delimiters) => {
    expectTheReply(read271(reply271(delimiters)));
  });

  it('reports a truncated file and keeps what it could read', () => {
    const text = reply271();
    const document = read271(text.slice(0, text.indexOf('HL*5*4*23*0')));
    expect(document.problems).toHaveLength(1);
    expect(document.problems[0]?.message).toMatch(/without its SE: it looks truncated/);
    expect(member(document, 'LINDQVIST').benefits[0]?.benefit.code).toBe('6');
  });

  it('never throws on a file cut anywhere, and reports every cut before its last trailer', () => {
    const text = reply271();
    const lastTrailer = text.lastIndexOf('IEA');
    for (let end = 0; end < text.length; end += 3) {
      const document = read271(text.slice(0, end));
      if (end < lastTrailer) expect(document.problemCount, `cut at ${end}`).toBeGreaterThan(0);
    }
  });

  it('reports bad values and out-of-place segments instead of throwing, and reads on', () => {
    const segments = reply271Segments().map((segment) =>
      segment === 'DMG*D8*19610714*F'
        ? 'DMG*D8*19611314*F'
        : segment === 'EB*C*IND*30*PR**29*1250.5*****Y'
          ? 'EB*C*IND*30*PR**29*12X0*****Y'
          : segment === 'HL*5*4*23*0'
            ? 'HL*5*9*23*0'
            : segment,
    );
    const document = read271(`${segments.join('~\n')}~\n`);
    const line = (segment: string) => segments.indexOf(segment) + 1;
    expect(document.problems.map((problem) => [problem.segmentID, problem.line, problem.message])).toEqual([
      ['DMG', line('DMG*D8*19611314*F'), 'Date of birth (DMG02) is not a date: "19611314".'],
      ['EB', line('EB*C*IND*30*PR**29*12X0*****Y'), 'Benefit amount (EB07) is not an amount: "12X0".'],
      ['HL', line('HL*5*9*23*0'), 'HL 5 is a dependent whose parent (HL02 "9") is not a subscriber level.'],
    ]);
    expect(member(document, 'OKAFOR').birthDate).toBeNull();
    expect(member(document, 'LINDQVIST').dependents).toEqual([]);
    expect(member(document, 'NOBODY').rejections).toHaveLength(2);
  });

  it('reports a file that is not a 271', () => {
    const document = read271(reply271().replace(/ST\*271/g, 'ST*270'));
    expect(document.responses).toEqual([]);
    expect(document.problems.map((problem) => problem.message)).toEqual([
      'Transaction set 270 is not an eligibility reply (271).',
      'Transaction set 270 is not an eligibility reply (271).',
    ]);
    expect(read271('hello').problems.length).toBeGreaterThan(0);
  });
});
