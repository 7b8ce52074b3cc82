import { describe, expect, it } from 'vitest';
import {
  colourProblem,
  normalTaxId,
  npiMessage,
  payerIdProblem,
  subdomainProblem,
  taxIdProblem,
  taxonomyProblem,
} from './identifierRules.ts';

describe('the identifiers of a client’s setup', () => {
  it('checks an NPI by its Luhn digit with the 80840 prefix, and its type by the first digit', () => {
    expect(npiMessage('1234567893', 'The NPI')).toBeNull();
    expect(npiMessage('1234567890', 'The NPI')).toBe(
      'The NPI 1234567890 has a wrong check digit (the last digit should be 3).',
    );
    expect(npiMessage('123456789', 'The NPI')).toBe('The NPI 123456789 is not 10 digits.');
    expect(npiMessage('1234567893', 'The NPI', 'organization')).toBe(
      'The NPI 1234567893 belongs to a person (it starts with 1); an organization’s NPI starts with 2.'.replace(
        '’',
        "'",
      ),
    );
  });

  it('reads a tax ID as an EIN of 9 digits', () => {
    expect(taxIdProblem('74-1234567')).toBeNull();
    expect(normalTaxId('74-1234567')).toBe('741234567');
    expect(taxIdProblem('741-23-4567')).toMatch(/must be 9 digits/);
    expect(taxIdProblem('001234567')).toMatch(/cannot start with 00/);
  });

  it('reads taxonomy codes, payer IDs, colours and sub-domains', () => {
    expect(taxonomyProblem('207q00000x')).toBeNull();
    expect(taxonomyProblem('207Q00000')).toMatch(/10 characters ending in X/);
    expect(payerIdProblem('60054')).toBeNull();
    expect(payerIdProblem('600-54')).toMatch(/no spaces or dashes/);
    expect(payerIdProblem('')).toBe('The payer ID is missing.');
    expect(colourProblem('#0B5CAD', 'primary')).toBeNull();
    expect(colourProblem('blue', 'primary')).toBe('The primary colour must be written #RRGGBB, e.g. #0b5cad.');
    expect(subdomainProblem('lakeside-2')).toBeNull();
    expect(subdomainProblem('-lake')).toMatch(/letters, digits and dashes/);
    expect(subdomainProblem('default')).toBe('The sub-domain "default" is kept by the product; choose another.');
  });
});
