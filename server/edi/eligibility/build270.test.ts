import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../x12/envelope.ts';
import { readX12 } from '../x12/readX12.ts';
import { build270 } from './build270.ts';
import { Build270Error, type Build270Options, type Inquiry270 } from './inquiry270.ts';

const OPTIONS: Build270Options = {
  sender: { id: 'BILLINGCO' },
  receiver: { id: 'CLEARINGHSE', qualifier: '30' },
  interchangeControlNumber: 4711,
  groupControlNumber: 38,
  traceOriginator: '1123456789',
  now: new Date('2026-03-02T14:05:00Z'),
  usage: 'T',
};

const INQUIRY: Inquiry270 = {
  payer: { name: 'Acme Health Plan', payerID: '60054' },
  provider: { npi: '1234567893', organizationName: 'Riverside Family Practice' },
  subscribers: [
    {
      memberID: 'W123456789',
      lastName: 'Okafor',
      firstName: 'Grace',
      birthDate: '1961-07-14',
      gender: 'F',
      traceNumber: 'ELIG-1001',
      serviceDate: '2026-03-02',
    },
    {
      memberID: 'X99887766',
      lastName: 'Lindqvist',
      firstName: 'Per',
      groupNumber: 'GRP-7',
      serviceTypes: ['98', '30', 'AL'],
      dependent: {
        lastName: 'Lindqvist',
        firstName: 'Mia',
        birthDate: '2015-11-30',
        gender: 'F',
        traceNumber: 'ELIG-1002',
      },
    },
  ],
};

function transactionOf(text: string): Transaction {
  const document = readX12(text);
  expect(document.errors).toEqual([]);
  const group = document.interchanges[0]?.groups[0];
  expect(group).toMatchObject({ code: 'HS', version: '005010X279A1' });
  const transaction = group?.transactions[0];
  if (transaction === undefined) throw new Error('no transaction');
  return transaction;
}

const lines = (transaction: Transaction) => transaction.segments.map((segment) => segment.elements().join('*'));

describe('build270', () => {
  it('writes an inquiry that our X12 reader reads back with its HL parents, levels and SE count', () => {
    const text = build270(INQUIRY, OPTIONS);
    const transaction = transactionOf(text);
    expect(transaction).toMatchObject({ setID: '270', controlNumber: '0001', implementationReference: '005010X279A1' });
    // The reader checks SE01 against the segments it counted; here it is also read directly.
    expect(transaction.trailer?.element(1)).toBe(String(transaction.to - transaction.from + 2));
    expect(lines(transaction)).toEqual([
      'BHT*0022*13*0000047110001*20260302*1405',
      'HL*1**20*1',
      'NM1*PR*2*ACME HEALTH PLAN*****PI*60054',
      'HL*2*1*21*1',
      'NM1*1P*2*RIVERSIDE FAMILY PRACTICE*****XX*1234567893',
      'HL*3*2*22*0',
      'TRN*1*ELIG-1001*1123456789',
      'NM1*IL*1*OKAFOR*GRACE****MI*W123456789',
      'DMG*D8*19610714*F',
      'DTP*291*D8*20260302',
      'EQ*30',
      'HL*4*2*22*1',
      'NM1*IL*1*LINDQVIST*PER****MI*X99887766',
      'REF*6P*GRP-7',
      'HL*5*4*23*0',
      'TRN*1*ELIG-1002*1123456789',
      'NM1*03*1*LINDQVIST*MIA',
      'DMG*D8*20151130*F',
      'EQ*98',
      'EQ*30',
      'EQ*AL',
    ]);
    const interchange = readX12(text).interchanges[0];
    expect(interchange?.groups[0]?.controlNumber).toBe('38');
    expect(interchange).toMatchObject({ controlNumber: '000004711', usage: 'T', version: '00501' });
    expect(interchange?.receiver).toEqual({ qualifier: '30', id: 'CLEARINGHSE' });
    expect(text.split('\n')[0]).toHaveLength(106);
  });

  it('gives every HL a parent that exists and is the level above it, and says which levels have children', () => {
    const transaction = transactionOf(build270(INQUIRY, { ...OPTIONS, lineBreaks: false }));
    const levels = new Map<string, string>();
    const hls = transaction.segments.filter((segment) => segment.id === 'HL');
    for (const hl of hls) {
      const [, id = '', parent = '', code = '', children = ''] = hl.elements();
      const above = { '20': '', '21': '20', '22': '21', '23': '22' }[code];
      expect(parent === '' ? '' : levels.get(parent)).toBe(above);
      const next = hls[hls.indexOf(hl) + 1];
      expect(children).toBe(next?.element(2) === id ? '1' : '0');
      levels.set(id, code);
    }
    expect([...levels.values()]).toEqual(['20', '21', '22', '22', '23']);
  });

  it('writes the same loops as the guide-based sample for a subscriber inquiry', () => {
    const sampleText = readFileSync(
      fileURLToPath(new URL('./samples/270_5010_lfh_subscriber_health_benefit_inquiry.270', import.meta.url)),
      'utf8',
    );
    const ids = (transaction: Transaction) => transaction.segments.map((segment) => segment.id);
    const ours = transactionOf(build270({ ...INQUIRY, subscribers: INQUIRY.subscribers.slice(0, 1) }, OPTIONS));
    expect(ids(ours)).toEqual(ids(transactionOf(sampleText)));
  });

  it('writes a person as the provider and a range of service dates', () => {
    const transaction = transactionOf(
      build270(
        {
          ...INQUIRY,
          provider: { npi: '1234567893', lastName: 'Nguyen', firstName: 'Anh' },
          subscribers: [{ memberID: 'M1', lastName: 'Doe', serviceDate: '2026-03-01', serviceDateTo: '2026-03-31' }],
        },
        OPTIONS,
      ),
    );
    expect(lines(transaction)).toContain('NM1*1P*1*NGUYEN*ANH****XX*1234567893');
    expect(lines(transaction)).toContain('DTP*291*RD8*20260301-20260331');
  });

  it('asks about at most 99 patients per transaction set, each set with its own hierarchy and count', () => {
    const subscribers = Array.from({ length: 100 }, (_, index) => ({
      memberID: `M${index + 1}`,
      lastName: `Patient ${index + 1}`,
    }));
    const document = readX12(build270({ ...INQUIRY, subscribers }, OPTIONS));
    expect(document.errors).toEqual([]);
    const transactions = document.interchanges[0]?.groups[0]?.transactions ?? [];
    expect(transactions.map((transaction) => transaction.controlNumber)).toEqual(['0001', '0002']);
    const members = (transaction: Transaction) =>
      transaction.segments
        .filter((segment) => segment.id === 'NM1' && segment.is(1, 'IL'))
        .map((segment) => segment.element(9));
    expect(members(transactions[0] as Transaction)).toHaveLength(99);
    expect(members(transactions[1] as Transaction)).toEqual(['M100']);
    expect(lines(transactions[1] as Transaction).filter((line) => line.startsWith('HL*'))).toEqual([
      'HL*1**20*1',
      'HL*2*1*21*1',
      'HL*3*2*22*0',
    ]);
    expect(lines(transactions[1] as Transaction)[0]).toBe('BHT*0022*13*0000047110002*20260302*1405');
  });

  it('refuses an inquiry it cannot write and names every problem', () => {
    const attempt = () =>
      build270(
        {
          payer: { name: 'Acme', payerID: ' ' },
          provider: { npi: '1234567890', organizationName: 'Clinic' },
          subscribers: [
            { memberID: '', lastName: 'Doe', birthDate: '1980-02-30', serviceDate: '03/02/2026' },
            {
              memberID: 'M2',
              lastName: 'Roe',
              birthDate: '2027-01-01',
              dependent: { lastName: 'Roe', firstName: '', birthDate: '' },
            },
          ],
        },
        OPTIONS,
      );
    expect(attempt).toThrow(Build270Error);
    try {
      attempt();
    } catch (error) {
      expect((error as Build270Error).problems).toEqual([
        "The payer's ID is missing.",
        "The provider's NPI has a wrong check digit (the last digit should be 3).",
        'Subscriber 1 (Doe): the member ID is missing.',
        "Subscriber 1 (Doe): the subscriber's date of birth 1980-02-30 is not a calendar date.",
        'Subscriber 1 (Doe): the date of service "03/02/2026" is not a date (YYYY-MM-DD).',
        "Subscriber 2 (Roe): the subscriber's date of birth 2027-01-01 is in the future.",
        "Subscriber 2 (Roe): the dependent's first name is missing.",
        "Subscriber 2 (Roe): the dependent's date of birth is missing.",
      ]);
    }
  });

  it('asks for the trace originator when a trace number is given without it', () => {
    expect(() => build270(INQUIRY, { ...OPTIONS, traceOriginator: '' })).toThrow(/originator/);
  });
});
