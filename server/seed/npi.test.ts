import { describe, expect, it } from 'vitest';
import { isValidMbi, randomMbi } from './identifiers.ts';
import { isValidNpi, npiCheckDigit, randomNpi } from './npi.ts';
import { Random } from './random.ts';

describe('NPI check digit', () => {
  it('accepts known valid NPIs', () => {
    // 1234567893 is the CMS worked example; the others were checked with the CMS "add 24" method.
    for (const npi of ['1234567893', '1245319599', '1003000126', '1497758544', '2000000002', '1657483925']) {
      expect(isValidNpi(npi), npi).toBe(true);
    }
    expect(npiCheckDigit('123456789')).toBe(3);
  });

  it('refuses wrong check digits, lengths and leading digits', () => {
    for (const npi of [
      '1234567890',
      '1234567894',
      '123456789',
      '12345678930',
      '3234567893',
      '123456789X',
      '',
      '0234567893',
      '2000000004',
    ]) {
      expect(isValidNpi(npi), npi).toBe(false);
    }
  });

  it('generates only valid NPIs of the requested type', () => {
    const random = new Random(7);
    for (let i = 0; i < 1000; i += 1) {
      const individual = randomNpi(random, 'individual');
      const organisation = randomNpi(random, 'organization');
      expect(isValidNpi(individual)).toBe(true);
      expect(isValidNpi(organisation)).toBe(true);
      expect(individual[0]).toBe('1');
      expect(organisation[0]).toBe('2');
    }
  });
});

describe('MBI format', () => {
  it('accepts the CMS example and generated ids, refuses malformed ones', () => {
    expect(isValidMbi('1EG4TE5MK73')).toBe(true);
    for (const mbi of ['0EG4TE5MK73', '1SG4TE5MK73', '1EG4TE5MK7', '1EG4TE5MKZ3', '1EG4-TE5-MK73'])
      expect(isValidMbi(mbi), mbi).toBe(false);
    const random = new Random(3);
    for (let i = 0; i < 500; i += 1) expect(isValidMbi(randomMbi(random))).toBe(true);
  });
});
