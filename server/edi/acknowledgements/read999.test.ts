import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { read999 } from './read999.ts';

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');

describe('reading 999 implementation acknowledgments', () => {
  it('reads two 999s in one interchange with | elements, > components and an apostrophe ending segments', () => {
    const document = read999(sample('999_5010_partially_accepted_two_sets_pipe.999'));
    expect(document.problems).toEqual([]);
    expect(document.acknowledgements).toHaveLength(2);
    const [partial, rejected] = document.acknowledgements;
    expect(partial).toMatchObject({
      functionalID: 'HC',
      groupControlNumber: '17',
      version: '005010X222A1',
      status: { code: 'P', description: 'Partially accepted, at least one transaction set was rejected' },
      included: 2,
      received: 2,
      accepted: 1,
    });
    expect(partial?.transactions.map((set) => [set.controlNumber, set.status.code])).toEqual([
      ['0001', 'A'],
      ['0002', 'R'],
    ]);
    const failing = partial?.transactions[1];
    expect(failing?.errors.map((error) => error.code)).toEqual(['5', 'I5']);
    expect(failing?.segments).toHaveLength(2);
    expect(failing?.segments[0]).toMatchObject({
      segmentID: 'NM1',
      segmentPosition: '8',
      loop: '2010BA',
      error: { code: '8', description: 'Segment has data element errors' },
      context: ['CLM01>1002'],
      elements: [
        { elementPosition: '9', reference: '67', error: { code: '1', description: 'Required data element missing' } },
      ],
    });
    expect(failing?.segments[1]?.elements[0]).toMatchObject({
      elementPosition: '3',
      error: { code: '8', description: 'Invalid date' },
      badValue: '20261341',
    });
    expect(failing?.segments[1]?.context).toEqual(['SITUATIONAL TRIGGER SV1 19 2400']);
    expect(rejected).toMatchObject({
      groupControlNumber: '18',
      version: '005010X223A2',
      status: { code: 'R' },
      accepted: 0,
    });
    expect(rejected?.transactions[0]?.segments[0]?.elements[0]).toMatchObject({
      elementPosition: '5',
      componentPosition: '1',
      reference: '1331',
      error: { code: '7', description: 'Invalid code value' },
      badValue: '99',
    });
  });

  it('reads a group rejected without any AK2, with its group error codes', () => {
    const document = read999(sample('999_5010_rejected_group_no_ak2.999'));
    expect(document.problems).toEqual([]);
    const [answer] = document.acknowledgements;
    expect(answer).toMatchObject({ groupControlNumber: '19', status: { code: 'R' }, transactions: [] });
    expect(answer?.errors.map((error) => error.description)).toEqual([
      'Functional group version not supported',
      'Number of included transaction sets does not match actual count',
    ]);
  });

  it('names what is wrong in a broken 999 and goes on: an IK4 without IK3, a missing AK9, a bad count', () => {
    const text = [
      'ISA*00*          *00*          *ZZ*CH             *ZZ*US             *261127*1530*^*00501*000000001*0*P*:~',
      'GS*FA*CH*US*20261127*1530*1*X*005010X231A1~',
      'ST*999*0001*005010X231A1~',
      'AK1*HC*5*005010X222A1~',
      'AK2*837*0001*005010X222A1~',
      'IK4*2*66*7~',
      'IK5*Q~',
      'SE*6*0001~',
      'GE*1*1~',
      'IEA*1*000000001~',
    ].join('\n');
    const document = read999(text);
    expect(document.problems.map((problem) => problem.message)).toEqual([
      'IK4 (element error) without the IK3 of its segment before it.',
      'IK501 "Q" is not an acknowledgment code (A, E, M, R, W, X).',
      'The 999 has no AK9 (the functional group response trailer).',
    ]);
    expect(document.problems[0]?.line).toBe(6);
    expect(document.acknowledgements[0]?.groupControlNumber).toBe('5');
  });

  it('says so when the file is another transaction set', () => {
    const text = [
      'ISA*00*          *00*          *ZZ*CH             *ZZ*US             *261127*1530*^*00501*000000001*0*P*:~',
      'GS*HN*CH*US*20261127*1530*1*X*005010X214~',
      'ST*277*0001*005010X214~',
      'SE*2*0001~',
      'GE*1*1~',
      'IEA*1*000000001~',
    ].join('');
    const document = read999(text);
    expect(document.acknowledgements).toEqual([]);
    expect(document.problems[0]?.message).toBe('Transaction set 277 is not an implementation acknowledgment (999).');
  });

  it('reports a count that does not match through the envelope reader', () => {
    const text = sample('999_5010_rejected_group_no_ak2.999').replace('SE*4*0001', 'SE*9*0001');
    expect(read999(text).problems[0]?.message).toMatch(/counts 9 segments, the transaction has 4/);
  });
});
