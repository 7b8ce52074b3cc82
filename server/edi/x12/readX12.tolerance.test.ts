import { describe, expect, it } from 'vitest';
import { readX12 } from './readX12.ts';

interface Shape {
  element?: string;
  component?: string;
  /** ISA11: a repetition separator in 5010, 'U' in 4010. */
  isa11?: string;
  version?: string;
  terminator?: string;
  control?: string;
}

/** A one-claim-status interchange written by hand with the given delimiters, one segment per entry. */
function interchange(shape: Shape = {}): string[] {
  const e = shape.element ?? '*';
  const c = shape.component ?? ':';
  const control = shape.control ?? '000000101';
  const version = shape.version ?? '00501';
  const isa = [
    'ISA',
    '00',
    ' '.repeat(10),
    '00',
    ' '.repeat(10),
    'ZZ',
    'SENDER'.padEnd(15),
    'ZZ',
    'RECEIVER'.padEnd(15),
    '240102',
    '0930',
    shape.isa11 ?? '^',
    version,
    control,
    '0',
    'T',
    c,
  ].join(e);
  return [
    isa,
    ['GS', 'HP', 'SENDER', 'RECEIVER', '20240102', '0930', '7', 'X', '005010X221A1'].join(e),
    ['ST', '835', '0001'].join(e),
    ['BPR', 'I', '100', 'C', 'CHK'].join(e),
    ['CLP', 'A1', '1', '100', '100'].join(e),
    ['SVC', ['HC', '99213', '25'].join(c), '100', '100'].join(e),
    ['SE', '5', '0001'].join(e),
    ['GE', '1', '7'].join(e),
    ['IEA', '1', control].join(e),
  ];
}

const joined = (segments: string[], terminator = '~', between = '') =>
  segments.map((segment) => `${segment}${terminator}`).join(between);

describe('the reader tolerates real-world layouts', () => {
  it('reads one segment per line, with CRLF, and with spaces and a BOM around segments', () => {
    for (const text of [
      joined(interchange(), '~', '\n'),
      joined(interchange(), '~', '\r\n'),
      `\uFEFF  ${joined(interchange(), '~', '   \n\t ')}\n\n`,
    ]) {
      const document = readX12(text);
      expect(document.errors).toEqual([]);
      const transaction = document.interchanges[0]?.groups[0]?.transactions[0];
      expect(transaction?.segments.map((segment) => segment.id)).toEqual(['BPR', 'CLP', 'SVC']);
      expect(transaction?.segments[2]?.component(1, 3)).toBe('25');
    }
  });

  it('reads a 4010 ISA, where ISA11 is the standards identifier, not a repetition separator', () => {
    const document = readX12(joined(interchange({ isa11: 'U', version: '00401', component: '>' })));
    expect(document.errors).toEqual([]);
    const read = document.interchanges[0];
    expect(read?.version).toBe('00401');
    expect(read?.delimiters).toEqual({ element: '*', component: '>', repetition: null, segment: '~' });
    const svc = read?.groups[0]?.transactions[0]?.segments[2];
    expect(svc?.components(1)).toEqual(['HC', '99213', '25']);
    expect(svc?.repetitions(1)).toEqual(['HC>99213>25']);
  });

  it('takes every delimiter from the ISA, including a line break as the segment terminator', () => {
    const text = joined(interchange({ element: '|', component: '^', isa11: '{' }), '\n');
    const document = readX12(text);
    expect(document.errors).toEqual([]);
    expect(document.interchanges[0]?.delimiters).toEqual({
      element: '|',
      component: '^',
      repetition: '{',
      segment: '\n',
    });
    expect(document.interchanges[0]?.groups[0]?.transactions[0]?.segments[2]?.component(1, 2)).toBe('99213');
  });

  it('reads several interchanges in one file, each with its own delimiters', () => {
    const text =
      joined(interchange({ control: '000000001' })) +
      '\n' +
      joined(interchange({ control: '000000002', element: '|', component: '>' }), '!');
    const document = readX12(text);
    expect(document.errors).toEqual([]);
    expect(document.interchanges.map((read) => read.controlNumber)).toEqual(['000000001', '000000002']);
    expect(document.interchanges[1]?.delimiters.segment).toBe('!');
    expect(document.interchanges[1]?.groups[0]?.transactions[0]?.segments[2]?.component(1, 2)).toBe('99213');
  });

  it('reads an ISA whose padded fields are the wrong width', () => {
    const segments = interchange();
    segments[0] = segments[0]?.replace('SENDER         ', 'SENDER') ?? '';
    const document = readX12(joined(segments));
    expect(document.errors).toEqual([]);
    expect(document.interchanges[0]?.sender).toEqual({ qualifier: 'ZZ', id: 'SENDER' });
  });
});

describe('the reader reports envelope problems with their position', () => {
  it('reports a wrong SE count with the segment position and line', () => {
    const segments = interchange();
    segments[6] = 'SE*6*0001';
    const document = readX12(joined(segments, '~', '\n'));
    expect(document.errors).toEqual([
      {
        code: 'count-mismatch',
        segmentID: 'SE',
        position: 7,
        line: 7,
        message: 'SE at segment 7 counts 6 segments, the transaction has 5.',
      },
    ]);
    expect(document.interchanges[0]?.groups[0]?.transactions[0]?.segments).toHaveLength(3);
  });

  it('reports control numbers that do not match their header and wrong group and transaction counts', () => {
    const segments = interchange();
    segments[6] = 'SE*5*0002';
    segments[7] = 'GE*2*8';
    segments[8] = 'IEA*3*000000999';
    const codes = readX12(joined(segments)).errors.map((error) => [error.segmentID, error.code]);
    expect(codes).toEqual([
      ['SE', 'control-number-mismatch'],
      ['GE', 'count-mismatch'],
      ['GE', 'control-number-mismatch'],
      ['IEA', 'count-mismatch'],
      ['IEA', 'control-number-mismatch'],
    ]);
  });

  it('accepts control numbers padded differently in header and trailer', () => {
    const segments = interchange();
    segments[8] = 'IEA*1*101';
    expect(readX12(joined(segments)).errors).toEqual([]);
  });

  it('reports a truncated file', () => {
    const document = readX12(joined(interchange().slice(0, 5)));
    expect(document.errors.map((error) => error.code)).toEqual(['missing-trailer']);
    expect(document.errors[0]?.message).toContain('truncated');
    expect(document.interchanges[0]?.groups[0]?.transactions[0]?.segments).toHaveLength(2);
  });

  it('reports a missing SE before the next ST and segments outside a transaction', () => {
    const segments = interchange();
    segments.splice(6, 1, 'ST*835*0002', 'SE*2*0002', 'N1*PR*STRAY');
    segments[segments.indexOf('GE*1*7')] = 'GE*2*7';
    const errors = readX12(joined(segments)).errors;
    expect(errors.map((error) => [error.segmentID, error.code, error.position])).toEqual([
      ['ST', 'missing-trailer', 7],
      ['N1', 'outside-envelope', 9],
    ]);
  });

  it('says a file that is not X12 is not X12', () => {
    expect(readX12('<html>hello</html>').errors.map((error) => error.code)).toEqual(['not-x12']);
    expect(readX12('ISA*00*short').errors.map((error) => error.code)).toEqual(['bad-isa']);
    expect(readX12('').interchanges).toEqual([]);
  });
});
