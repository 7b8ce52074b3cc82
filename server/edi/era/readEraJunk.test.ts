import { describe, expect, it } from 'vitest';
import { readEra, readEraAsync } from './readEra.ts';

const ISA =
  'ISA*00*          *00*          *ZZ*AETNA          *ZZ*PRACTICE       *261120*0900*^*00501*000000001*0*P*:~';
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** An 835 of `claims` claims whose charge (CLP03) is not an amount, lines ending in turn in \n, \r\n, nothing, a blank line. */
function badAmounts(claims: number, options: { withPayment?: boolean } = {}): string {
  const breaks = ['\n', '\r\n', '', '\n\r\n', ''];
  const body = [
    ...(options.withPayment === false ? [] : ['BPR*I*0*C*CHK************20261120']),
    'TRN*1*EFT1*1512345678',
    'N1*PR*AETNA*XV*60054',
  ];
  for (let claim = 0; claim < claims; claim++)
    body.push(`CLP*C${claim}*1*X${claim}.00*0`, 'SVC*HC:99213*10*0**1', 'CAS*CO*45*10');
  const segments = [
    'GS*HP*AETNA*PRACTICE*20261120*0900*1*X*005010X221A1',
    'ST*835*0001',
    ...body,
    `SE*${body.length + 2}*0001`,
    'GE*1*1',
    'IEA*1*000000001',
  ];
  return `${ISA}\n${segments.map((segment, index) => `${segment}~${breaks[index % breaks.length]}`).join('')}`;
}

describe('an 835 with many problems: the first hundred named with their lines, all counted', () => {
  it('caps the list at 100 in file order and counts the rest', () => {
    const text = badAmounts(340);
    const document = readEra(text);
    expect(document.problemCount).toBe(340);
    expect(document.problems).toHaveLength(100);
    expect(document.problems.map((problem) => problem.message)).toEqual(
      Array.from({ length: 100 }, (_, claim) => `Claim charge (CLP03) is not an amount: "X${claim}.00".`),
    );
    for (const [claim, problem] of document.problems.entries()) {
      expect(problem.segmentID).toBe('CLP');
      expect(problem.line).toBe(lineOf(text, text.indexOf(`CLP*C${claim}*`)));
    }
  });

  it('a problem found late but placed early in the file comes first', () => {
    // No BPR: found once the whole remittance is walked, placed at its first segment.
    const text = badAmounts(150, { withPayment: false });
    const document = readEra(text);
    expect(document.problemCount).toBe(151);
    expect(document.problems[0]).toEqual({
      message: 'The remittance has no payment segment (BPR).',
      segmentID: 'TRN',
      position: 4,
      line: lineOf(text, text.indexOf('TRN*')),
    });
    expect(document.problems.at(-1)?.message).toBe('Claim charge (CLP03) is not an amount: "X98.00".');
  });

  it('junk after a valid ISA: a hundred problems named, every one counted', () => {
    const junk = Array.from(
      { length: 20_000 },
      (_, index) => `<td>${index}</td>~${index % 3 === 0 ? '\r\n' : index % 3 === 1 ? '\n' : ''}`,
    ).join('');
    const text = `${ISA}\r\n${junk}`;
    const document = readEra(text);
    // Each junk segment, the first of them outside any envelope, and the missing IEA.
    expect(document.problemCount).toBe(20_002);
    expect(document.problems).toHaveLength(100);
    expect(document.problems[0]).toEqual({
      message: "Segment 2 does not start with a segment id ('<td>0</td>').",
      segmentID: '<td',
      position: 2,
      line: 2,
    });
    expect(document.problems.at(-1)).toMatchObject({ position: 100, line: lineOf(text, text.indexOf('<td>98</td>')) });
  });

  it('read asynchronously, the same document', async () => {
    for (const text of [badAmounts(340), badAmounts(3), `${ISA}${'<b>x</b>~'.repeat(30_000)}`]) {
      expect(await readEraAsync(text)).toEqual(readEra(text));
    }
  });

  it('read asynchronously, other work goes on between slices of a large file', async () => {
    const text = `${ISA}${'x~'.repeat(200_000)}`;
    let turns = 0;
    let reading = true;
    const other = () => {
      turns++;
      if (reading) setImmediate(other);
    };
    setImmediate(other);
    const document = await readEraAsync(text);
    reading = false;
    expect(document.problemCount).toBe(200_002);
    // 200,000 segments tokenized, then nested, each pass in slices of a few thousand.
    expect(turns).toBeGreaterThan(50);
  });
});
