import { describe, expect, it } from 'vitest';
import { readX12 } from './readX12.ts';
import { writeSegment, writeX12, type SegmentData } from './writeX12.ts';

const ISA: SegmentData = [
  'ISA',
  '00',
  ' '.repeat(10),
  '00',
  ' '.repeat(10),
  'ZZ',
  'ME'.padEnd(15),
  'ZZ',
  'YOU'.padEnd(15),
  '240102',
  '0930',
  '^',
  '00501',
  '000000042',
  '0',
  'T',
  ':',
];

describe('the X12 writer', () => {
  it('drops trailing empty elements and components, keeps inner empty ones', () => {
    expect(writeSegment(['SV1', ['HC', '99213', '25', '', ''], '40', 'UN', '1', '', '', ['1', '2'], '', ''])).toBe(
      'SV1*HC:99213:25*40*UN*1***1:2',
    );
    expect(writeSegment(['NM1', '87', '2', '', ['', '']])).toBe('NM1*87*2');
  });

  it('never lets data carry a delimiter or a control character', () => {
    expect(writeSegment(['NM1', 'IL', '1', 'O*BRIEN~', 'ANN:MARIE^', '\n'])).toBe('NM1*IL*1*OBRIEN*ANNMARIE');
    expect(writeSegment(['N3', 'A|B'], { element: '|', component: '>', repetition: null, segment: '\n' })).toBe(
      'N3|AB',
    );
  });

  it('writes the ISA separators themselves', () => {
    expect(writeSegment(ISA)).toMatch(/\*\^\*00501\*000000042\*0\*T\*:$/);
  });

  it('writes text the reader reads back, with or without line breaks and with other delimiters', () => {
    const segments: SegmentData[] = [
      ISA,
      ['GS', 'HC', 'ME', 'YOU', '20240102', '0930', '42', 'X', '005010X222A1'],
      ['ST', '837', '0001', '005010X222A1'],
      ['SV1', ['HC', '99213', '25'], '40.5', 'UN', '1'],
      ['SE', '3', '0001'],
      ['GE', '1', '42'],
      ['IEA', '1', '000000042'],
    ];
    const compact = writeX12(segments, { lineBreaks: false });
    expect(compact).not.toContain('\n');
    expect(writeX12(segments)).toBe(compact.replaceAll('~', '~\n'));
    for (const text of [compact, writeX12(segments)]) {
      const document = readX12(text);
      expect(document.errors).toEqual([]);
      expect(document.interchanges[0]?.groups[0]?.transactions[0]?.segments[0]?.components(1)).toEqual([
        'HC',
        '99213',
        '25',
      ]);
    }
    const other = { element: '|', component: '>', repetition: '{', segment: '\n' };
    const pipes = writeX12([['ISA', ...ISA.slice(1, 11), '{', ...ISA.slice(12, 16), '>'], ...segments.slice(1)], {
      delimiters: other,
      lineBreaks: false,
    });
    const document = readX12(pipes);
    expect(document.errors).toEqual([]);
    expect(document.interchanges[0]?.delimiters).toEqual(other);
    expect(document.interchanges[0]?.groups[0]?.transactions[0]?.segments[0]?.component(1, 3)).toBe('25');
  });
});
