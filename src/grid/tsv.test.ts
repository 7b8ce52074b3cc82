import { describe, expect, it } from 'vitest';
import { toTsv } from './tsv.ts';

describe('toTsv', () => {
  it('writes a header row and tab-separated rows, quoting fields a spreadsheet would split', () => {
    expect(
      toTsv(
        ['Claim ID', 'Patient', 'Balance'],
        [
          ['101', 'SMITH, JANE', '$1,234.56'],
          ['102', 'LEE\tANN "AL"', '-$12.50'],
        ],
      ),
    ).toBe('Claim ID\tPatient\tBalance\n101\tSMITH, JANE\t$1,234.56\n102\t"LEE\tANN ""AL"""\t-$12.50');
  });
});
