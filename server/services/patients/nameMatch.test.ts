import { describe, expect, it } from 'vitest';
import { demographicFindings } from './demographics.ts';
import { editDistance, nameLikeness } from './nameMatch.ts';

describe('how alike two names are', () => {
  it('counts one edit for a letter added, dropped, changed or two neighbours swapped', () => {
    expect(editDistance('HARTLEY', 'HARTLY')).toBe(1);
    expect(editDistance('HARTLEY', 'HARTLEYS')).toBe(1);
    expect(editDistance('HARTLEY', 'HARTLEE')).toBe(1);
    expect(editDistance('HARTLEY', 'HATRLEY')).toBe(1);
    expect(editDistance('HARTLEY', 'HARTLEY')).toBe(0);
    expect(editDistance('HARTLEY', 'HRATLYE')).toBe(2);
    expect(editDistance('LI', 'LIAMSON')).toBe(2);
  });

  it('names same, swapped, nickname and one letter off; nothing for other people', () => {
    const stored = { firstName: 'Elizabeth', lastName: "O'Neil" };
    expect(nameLikeness({ firstName: 'elizabeth', lastName: 'ONEIL' }, stored)).toBe('Same name and date of birth');
    expect(nameLikeness({ firstName: "O'Neil", lastName: 'Elizabeth' }, stored)).toBe(
      'First and last names swapped, same date of birth',
    );
    expect(nameLikeness({ firstName: 'Liz', lastName: "O'Neil" }, stored)).toBe(
      'ELIZABETH and LIZ are forms of one name, same date of birth',
    );
    expect(nameLikeness({ firstName: 'Elizabeth', lastName: 'ONeill' }, stored)).toBe(
      'Name differs by one letter, same date of birth',
    );
    expect(nameLikeness({ firstName: 'Bob', lastName: 'Stone' }, { firstName: 'Robert', lastName: 'Stone' })).toContain(
      'forms of one name',
    );
    expect(nameLikeness({ firstName: 'Robert', lastName: "O'Neil" }, stored)).toBeNull();
    expect(nameLikeness({ firstName: 'Elisabet', lastName: 'ONeill' }, stored)).toBeNull();
  });
});

describe('the demographic findings', () => {
  const valid = {
    firstName: 'Ann',
    lastName: 'Lee',
    dateOfBirth: '1990-05-06',
    sex: 'F',
    address1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701-1234',
    phone: '(512) 555-0100',
    email: 'ann@example.com',
  };

  it('finds nothing wrong with a complete, valid patient', () => {
    expect(demographicFindings(valid, '2026-11-27')).toEqual([]);
  });

  it('refuses a birth date tomorrow or before 1900, a bad state, ZIP, phone or e-mail', () => {
    const fields = (changes: Record<string, string>) =>
      demographicFindings({ ...valid, ...changes }, '2026-11-27').map((finding) => finding.field);
    expect(fields({ dateOfBirth: '2026-11-28' })).toEqual(['dateOfBirth']);
    expect(fields({ dateOfBirth: '2026-11-27' })).toEqual([]);
    expect(fields({ dateOfBirth: '1899-12-31' })).toEqual(['dateOfBirth']);
    expect(fields({ dateOfBirth: '2026-02-30' })).toEqual(['dateOfBirth']);
    expect(fields({ state: 'ZZ' })).toEqual(['state']);
    expect(fields({ zip: '7870' })).toEqual(['zip']);
    expect(fields({ zip: '787011' })).toEqual(['zip']);
    expect(fields({ zip: '787011234' })).toEqual([]);
    expect(fields({ phone: '555-0100' })).toEqual(['phone']);
    expect(fields({ phone: '1-512-555-0100' })).toEqual([]);
    expect(fields({ email: 'ann@' })).toEqual(['email']);
    expect(fields({ firstName: '' })).toEqual(['firstName']);
    expect(fields({ sex: 'X' })).toEqual(['sex']);
  });
});
