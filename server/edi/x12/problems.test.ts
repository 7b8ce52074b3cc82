import { describe, expect, it } from 'vitest';
import { readX12 } from './readX12.ts';
import { runSteps, runStepsAsync, type Steps } from './steps.ts';
import { tokenize } from './tokenize.ts';
import { MAX_PROBLEMS, ProblemList, type X12Error } from './x12Error.ts';

const ISA =
  'ISA*00*          *00*          *ZZ*SENDER         *ZZ*RECEIVER       *240102*0930*^*00501*000000101*0*T*:~';

/** The 1-based line of `offset`, counted the plain way, to check the reader's count against. */
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

describe('a file with many problems names the first hundred and counts the rest', () => {
  it('keeps the first problems in file order, however they arrive, and counts every one', () => {
    const problems = new ProblemList<{ position: number; line: number; name: string }>(3);
    const add = (position: number, name: string) => problems.add({ position, line: 0, name }, position * 10);
    add(5, 'a');
    add(9, 'b');
    add(3, 'c');
    add(3, 'd');
    add(4, 'e');
    add(40, 'f');
    problems.count();
    expect(problems.total).toBe(7);
    expect(problems.keeps(3)).toBe(true);
    expect(problems.keeps(4)).toBe(false);
    // Same position: in the order found, as a stable sort of all of them would give.
    expect(runSteps(problems.withLines('')).map((problem) => problem.name)).toEqual(['c', 'd', 'e']);
  });

  it('junk after a valid ISA: a problem for each junk segment, a hundred named, all counted', () => {
    const junk = Array.from({ length: 5_000 }, (_, index) => `<p>junk ${index}</p>~`).join('\n');
    const document = readX12(`${ISA}\n${junk}`);
    // 5,000 segments without an id, the first of them outside any envelope, and no IEA at the end.
    expect(document.errorCount).toBe(5_002);
    expect(document.errors).toHaveLength(MAX_PROBLEMS);
    expect(document.errors.slice(0, 3)).toEqual([
      {
        code: 'bad-segment',
        message: "Segment 2 does not start with a segment id ('<p>junk 0<').",
        segmentID: '<p>',
        position: 2,
        line: 2,
      },
      {
        code: 'outside-envelope',
        message: '<p>junk 0<… at segment 2 is outside any transaction (no ST before it).',
        segmentID: '<p>junk 0<…',
        position: 2,
        line: 2,
      },
      {
        code: 'bad-segment',
        message: "Segment 3 does not start with a segment id ('<p>junk 1<').",
        segmentID: '<p>',
        position: 3,
        line: 3,
      },
    ]);
    expect(document.errors.at(-1)).toMatchObject({ code: 'bad-segment', position: 100, line: 100 });
  });

  it('a file that has only junk is one problem, whatever its size', () => {
    const document = readX12(`Dear provider~\n`.repeat(10_000));
    expect(document.errorCount).toBe(1);
    expect(document.errors.map((error) => error.code)).toEqual(['not-x12']);
  });

  it('counts lines right deep in a file of \\n and \\r\\n lines, blank lines and several segments on one line', () => {
    const pieces: string[] = [`${ISA}\r\n`, 'GS*HP*SENDER*RECEIVER*20240102*0930*7*X*005010X221A1~ST*835*0001~'];
    const breaks = ['\n', '\r\n', '', '\n\n', '\r\n\r\n', ''];
    let body = 1;
    for (let index = 0; index < 6_000; index++) {
      // A bad segment every 97 segments, written in lower case, so each is a problem of its own.
      pieces.push(index % 97 === 96 ? `bad${index}*1~` : `REF*EV*${index}~`, breaks[index % breaks.length] as string);
      body++;
    }
    pieces.push(`SE*${body + 1}*0001~GE*1*7~IEA*1*000000101~\n`);
    const text = pieces.join('');
    const document = readX12(text);
    expect(document.errorCount).toBe(61);
    expect(document.errors).toHaveLength(61);
    for (const error of document.errors) {
      expect(error.code).toBe('bad-segment');
      const index = Number(/\('bad(\d+)/.exec(error.message)?.[1]);
      expect(error.line).toBe(lineOf(text, text.indexOf(`bad${index}*`)));
    }
    expect(document.errors.at(-1)?.line).toBeGreaterThan(3_000);
  });

  it('names a segment without an id by its first characters, never as a real id', () => {
    const { table } = tokenize(`${ISA}SEGX*1~${'y'.repeat(50)}*2~*3~`);
    expect([table.id(1), table.knownID(1), table.knownID(0)]).toEqual(['SEGX', '', 'ISA']);
    expect(table.id(2)).toBe('yyyyyyyyyy…');
    expect(table.id(3)).toBe('');
  });

  it('quotes a long value from the file cut short in a message', () => {
    const text = `${ISA}GS*HP*A*B*20240102*0930*7*X*005010X221A1~ST*835*0001~SE*${'9'.repeat(5_000)}*0001~GE*1*7~IEA*1*000000101~`;
    const [error] = readX12(text).errors;
    expect(error?.code).toBe('count-mismatch');
    expect(error?.message.length).toBeLessThan(120);
  });
});

describe('a reading in slices', () => {
  function* counting(slices: number): Steps<number> {
    for (let slice = 0; slice < slices; slice++) yield;
    return slices;
  }

  it('gives the same result run at once or with the event loop turning between slices', async () => {
    expect(runSteps(counting(5))).toBe(5);
    // Something else waiting on the event loop: it runs once each turn, between the reading's slices.
    let turns = 0;
    let reading = true;
    const other = () => {
      turns++;
      if (reading) setImmediate(other);
    };
    setImmediate(other);
    const result = await runStepsAsync(counting(200));
    reading = false;
    expect(result).toBe(200);
    expect(turns).toBeGreaterThanOrEqual(200);
  });

  it('a problem list counts lines in slices too', () => {
    const problems = new ProblemList<X12Error>();
    const text = '\n'.repeat(200_000);
    problems.add({ code: 'bad-segment', message: '', segmentID: '', position: 1, line: 0 }, 150_000);
    const steps = problems.withLines(text);
    let slices = 0;
    let next = steps.next();
    while (!next.done) {
      slices++;
      next = steps.next();
    }
    expect(slices).toBeGreaterThan(1);
    expect(next.value[0]?.line).toBe(150_001);
  });
});
