import type { Random } from './random.ts';

/**
 * Identifiers that look like the real ones and pass their format checks, so that scrubbing and
 * 837 writing have realistic input. None of them belongs to a real person or business.
 */

// Medicare Beneficiary Identifier letters: A-Z without S, L, O, I, B, Z (confusable with digits).
const MBI_LETTERS = 'ACDEFGHJKMNPQRTUVWXY';
const MBI_ALPHANUMERIC = '0123456789' + MBI_LETTERS;
const DIGITS = '0123456789';

// Character class of each of the 11 MBI positions: C numeric 1-9, N numeric, A letter, AN either.
const MBI_POSITIONS = ['C', 'A', 'AN', 'N', 'A', 'AN', 'N', 'A', 'A', 'N', 'N'] as const;

const mbiAlphabet = (kind: (typeof MBI_POSITIONS)[number]): string =>
  kind === 'C' ? '123456789' : kind === 'N' ? DIGITS : kind === 'A' ? MBI_LETTERS : MBI_ALPHANUMERIC;

/** An MBI such as 1EG4TE5MK73 (printed with dashes as 1EG4-TE5-MK73, stored without). */
export function randomMbi(random: Random): string {
  return MBI_POSITIONS.map((kind) => random.chars(mbiAlphabet(kind), 1)).join('');
}

export function isValidMbi(mbi: string): boolean {
  return (
    mbi.length === MBI_POSITIONS.length &&
    MBI_POSITIONS.every((kind, index) => mbiAlphabet(kind).includes(mbi[index] ?? '#'))
  );
}

// IRS campus prefixes in use for EINs (a sample; 07, 08, 09, 17... are not assigned).
const EIN_PREFIXES = [
  '20',
  '26',
  '27',
  '45',
  '46',
  '47',
  '74',
  '75',
  '76',
  '81',
  '82',
  '83',
  '84',
  '85',
  '86',
  '87',
  '88',
  '92',
];

/** A federal tax id (EIN), nine digits without the dash. */
export function randomTaxId(random: Random): string {
  return random.pick(EIN_PREFIXES) + random.digits(7);
}

export type MemberIdStyle =
  'mbi' | 'medicaid' | 'aetna' | 'uhc' | 'cigna' | 'humana' | 'bcbs' | 'tricare' | 'claim' | 'account';

/** A subscriber (member) id in the style the payer prints on its cards. */
export function randomMemberId(random: Random, style: MemberIdStyle, accountNumber: string): string {
  switch (style) {
    case 'mbi':
      return randomMbi(random);
    case 'medicaid':
      return random.chars('123456789', 1) + random.digits(8);
    case 'aetna':
      return 'W' + random.digits(9);
    case 'uhc':
      return random.digits(9) + '01';
    case 'cigna':
      return 'U' + random.digits(8) + '01';
    case 'humana':
      return 'H' + random.digits(8);
    case 'bcbs':
      return random.pick(['XOD', 'ZGD', 'TXU', 'YIU']) + random.digits(9);
    case 'tricare':
      return random.chars('123456789', 1) + random.digits(9);
    case 'claim':
      return 'WC' + random.digits(2) + '-' + random.digits(6);
    case 'account':
      return accountNumber;
  }
}

/** An employer group number for commercial plans. */
export function randomGroupNumber(random: Random): string {
  return random.digits(random.int(6, 8));
}
