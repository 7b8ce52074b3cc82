/**
 * The UB-04 (CMS-1450) as a table of form locators, in points on US Letter: 64 print lines of
 * 11.5 pt from the top (the form's 6 lines an inch, a little tighter to leave the printer its
 * margins). Box ids are the form locator numbers; cells of a locator's lines add the line
 * ('42.3' revenue code of line 3, '60.A' insured's ID on payer line A). ub04Values.ts fills them.
 */
import type { FormBox, FormLayout, FormText } from './formPdf.ts';

/** Revenue lines per page; line 23 carries the page number, creation date and totals. */
export const UB04_LINES_PER_PAGE = 22;
export const TOTALS_LINE = '23';
export const PAYER_LINES = ['A', 'B', 'C'] as const;
export const OTHER_DIAGNOSIS_LETTERS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'M',
  'N',
  'O',
  'P',
  'Q',
] as const;

const LEFT = 18;
const RIGHT = 594;
const LH = 11.5;
const TOP = 22;
/** Top of print line n (1-based). */
const line = (n: number) => TOP + (n - 1) * LH;

const box = (
  id: string,
  label: string,
  x: number,
  y: number,
  w: number,
  h: number,
  align: FormBox['align'] = 'left',
): FormBox => ({ id, kind: 'box', label, x, y, w, h, align });
const slot = (id: string, x: number, y: number, w: number, h: number, align: FormBox['align'] = 'left'): FormBox => ({
  id,
  kind: 'slot',
  x,
  y,
  w,
  h,
  align,
});

type Column = [id: string, label: string, x: number, w: number, align?: FormBox['align']];

/**
 * A locator group with a caption line and lettered or numbered lines under it: one outlined cell
 * per column and line, id `${column}.${line}`. A column with an empty caption (the cents of an
 * amount) shares the caption of the one before it.
 */
function grid(columns: readonly Column[], captionLine: number, lines: readonly string[], right = RIGHT): FormBox[] {
  const captioned = columns.filter(([, label]) => label !== '');
  const captions = captioned.map(([id, label, x], index): FormBox => {
    const next = captioned[index + 1];
    return box(id, label, x, line(captionLine), (next ? next[2] : right) - x, LH);
  });
  const cells = lines.flatMap((name, index) =>
    columns.map(([id, , x, w, align]): FormBox => ({
      id: `${id}.${name}`,
      kind: 'box',
      x,
      y: line(captionLine + 1 + index),
      w,
      h: LH,
      align: align ?? 'left',
    })),
  );
  return [...captions, ...cells];
}

function providerAndPeriod(): FormBox[] {
  return [
    box('1', '1', LEFT, line(1), 180, 4 * LH),
    slot('1.name', LEFT + 6, line(1), 172, LH),
    slot('1.street', LEFT + 6, line(2), 172, LH),
    slot('1.city', LEFT + 6, line(3), 172, LH),
    slot('1.phone', LEFT + 6, line(4), 172, LH),
    box('2', '2', 198, line(1), 180, 4 * LH),
    box('3a', '3a PAT.\nCNTL #', 378, line(1), 168, LH),
    slot('3a.number', 406, line(1), 140, LH),
    box('3b', 'b. MED.\nREC. #', 378, line(2), 168, LH),
    slot('3b.number', 406, line(2), 140, LH),
    box('4', '4 TYPE\nOF BILL', 546, line(1), RIGHT - 546, 2 * LH, 'center'),
    box('5', '5 FED. TAX NO.', 378, line(3), 70, 2 * LH),
    box('6', '6         STATEMENT COVERS PERIOD\n        FROM                    THROUGH', 448, line(3), 104, LH),
    box('6.from', '', 448, line(4), 52, LH, 'center'),
    box('6.through', '', 500, line(4), 52, LH, 'center'),
    box('7', '7', 552, line(3), RIGHT - 552, 2 * LH),
  ];
}

function patient(): FormBox[] {
  return [
    box('8', '8 PATIENT NAME', LEFT, line(5), 240, 2 * LH),
    slot('8a', 64, line(5), 194, LH),
    slot('8b', LEFT + 8, line(6), 232, LH),
    box('9', '9 PATIENT ADDRESS', 258, line(5), RIGHT - 258, 2 * LH),
    slot('9a', 306, line(5), RIGHT - 306, LH),
    slot('9b', 266, line(6), 200, LH),
    slot('9c', 474, line(6), 30, LH),
    slot('9d', 512, line(6), 62, LH),
    slot('9e', 582, line(6), RIGHT - 582, LH),
  ];
}

const CONDITION_CODES = Array.from({ length: 11 }, (_, index) => String(18 + index));

function admission(): FormBox[] {
  const y = line(7);
  const h = 2 * LH;
  return [
    box('10', '10 BIRTHDATE', LEFT, y, 60, h, 'center'),
    box('11', '11 SEX', 78, y, 18, h, 'center'),
    box('12', 'ADMISSION\n12 DATE', 96, y, 44, h, 'center'),
    box('13', '13 HR', 140, y, 18, h, 'center'),
    box('14', '14 TYPE', 158, y, 18, h, 'center'),
    box('15', '15 SRC', 176, y, 18, h, 'center'),
    box('16', '16 DHR', 194, y, 18, h, 'center'),
    box('17', '17 STAT', 212, y, 18, h, 'center'),
    ...CONDITION_CODES.map((code, index) => box(code, ` \n${code}`, 230 + index * 18, y, 18, h, 'center')),
    box('29', '29 ACDT\nSTATE', 428, y, 24, h),
    box('30', '30', 452, y, RIGHT - 452, h),
  ];
}

function occurrencesAndValues(): FormBox[] {
  const occurrences: Column[] = [31, 32, 33, 34].map((n, index): Column => [
    String(n),
    `${n} OCCURRENCE\nCODE        DATE`,
    LEFT + index * 58,
    58,
  ]);
  const spans: Column[] = [35, 36].map((n, index): Column => [
    String(n),
    `${n}          OCCURRENCE SPAN\nCODE       FROM         THROUGH`,
    250 + index * 100,
    100,
  ]);
  const values: Column[] = [39, 40, 41].map((n, index): Column => [
    String(n),
    `${n}      VALUE CODES\nCODE          AMOUNT`,
    306 + index * 96,
    96,
  ]);
  return [
    ...grid([...occurrences, ...spans, ['37', '37', 450, RIGHT - 450]], 9, ['a', 'b']),
    box('38', '38', LEFT, line(12), 288, 5 * LH),
    ...grid(values, 12, ['a', 'b', 'c', 'd']),
  ];
}

export const SERVICE_LINES = [
  ...Array.from({ length: UB04_LINES_PER_PAGE }, (_, index) => String(index + 1)),
  TOTALS_LINE,
];
const SERVICE_CAPTION_LINE = 17;

function serviceLines(): FormBox[] {
  const columns: Column[] = [
    ['42', '42 REV. CD.', LEFT, 40],
    ['43', '43 DESCRIPTION', 58, 180],
    ['44', '44 HCPCS / RATE / HIPPS CODE', 238, 108],
    ['45', '45 SERV. DATE', 346, 52, 'center'],
    ['46', '46 SERV. UNITS', 398, 60, 'right'],
    ['47', '47 TOTAL CHARGES', 458, 58, 'right'],
    ['47c', '', 516, 14],
    ['48', '48 NON-COVERED CHGS', 530, 36, 'right'],
    ['48c', '', 566, 14],
    ['49', '49', 580, RIGHT - 580],
  ];
  const shades = SERVICE_LINES.filter((_, index) => index % 2 === 1).map((name): FormBox => ({
    id: `shade.${name}`,
    kind: 'shade',
    x: LEFT,
    y: line(SERVICE_CAPTION_LINE + Number(name)),
    w: RIGHT - LEFT,
    h: LH,
  }));
  const totals = line(SERVICE_CAPTION_LINE + UB04_LINES_PER_PAGE + 1);
  return [
    ...shades,
    ...grid(columns, SERVICE_CAPTION_LINE, SERVICE_LINES),
    slot('23.page', 82, totals, 30, LH, 'center'),
    slot('23.of', 128, totals, 30, LH, 'center'),
  ];
}

/** FL50-65: the payers, the insured of each, and each payer's authorisation, by line A-C. */
function payersAndInsured(): FormBox[] {
  const payerColumns: Column[] = [
    ['50', '50 PAYER NAME', LEFT, 144],
    ['51', '51 HEALTH PLAN ID', 162, 100],
    ['52', '52 REL.\nINFO', 262, 20, 'center'],
    ['53', '53 ASG.\nBEN.', 282, 20, 'center'],
    ['54', '54 PRIOR PAYMENTS', 302, 66, 'right'],
    ['54c', '', 368, 14],
    ['55', '55 EST. AMOUNT DUE', 382, 66, 'right'],
    ['55c', '', 448, 14],
  ];
  const payers = line(41);
  return [
    ...grid(payerColumns, 41, PAYER_LINES, 462),
    box('56', '56 NPI', 462, payers, RIGHT - 462, LH),
    slot('56.npi', 492, payers, RIGHT - 492, LH),
    box('57', '57\n\nOTHER\n\nPRV ID', 462, line(42), 22, 3 * LH),
    ...PAYER_LINES.map((name, index) => box(`57.${name}`, '', 484, line(42 + index), RIGHT - 484, LH)),
    ...grid(
      [
        ['58', "58 INSURED'S NAME", LEFT, 204],
        ['59', '59 P.\nREL', 222, 18, 'center'],
        ['60', "60 INSURED'S UNIQUE ID", 240, 150],
        ['61', '61 GROUP NAME', 390, 102],
        ['62', '62 INSURANCE GROUP NO.', 492, RIGHT - 492],
      ],
      45,
      PAYER_LINES,
    ),
    ...grid(
      [
        ['63', '63 TREATMENT AUTHORIZATION CODES', LEFT, 204],
        ['64', '64 DOCUMENT CONTROL NUMBER', 222, 186],
        ['65', '65 EMPLOYER NAME', 408, RIGHT - 408],
      ],
      49,
      PAYER_LINES,
    ),
  ];
}

const DIAGNOSIS_WIDTH = 59;

/** FL66-73: the ICD version, the principal and 17 other diagnoses, admitting and reason diagnoses. */
function diagnoses(): FormBox[] {
  const others = OTHER_DIAGNOSIS_LETTERS.map((letter, index) => {
    const place = index + 1;
    return box(
      `67${letter}`,
      letter,
      32 + (place % 9) * DIAGNOSIS_WIDTH,
      line(53 + Math.floor(place / 9)),
      DIAGNOSIS_WIDTH,
      LH,
      'center',
    );
  });
  return [
    box('66', '66\nDX', LEFT, line(53), 14, 2 * LH, 'center'),
    box('67', '67', 32, line(53), DIAGNOSIS_WIDTH, LH, 'center'),
    ...others,
    box('68', '68', 32 + 9 * DIAGNOSIS_WIDTH, line(53), RIGHT - 32 - 9 * DIAGNOSIS_WIDTH, 2 * LH),
    box('69', '69 ADMIT\nDX', LEFT, line(55), 60, 2 * LH, 'center'),
    box('70', '70 PATIENT\nREASON DX', 78, line(55), 150, 2 * LH),
    box('71', '71 PPS\nCODE', 228, line(55), 50, 2 * LH),
    box('72', '72\nECI', 278, line(55), 220, 2 * LH),
    box('73', '73', 498, line(55), RIGHT - 498, 2 * LH),
  ];
}

/**
 * An attending, operating or other physician: NPI on the first line, name on the second. The
 * other physicians (77-79) say what they are in a qualifier box after their caption.
 */
function physician(id: string, label: string, firstLine: number, qualified: boolean): FormBox[] {
  const y = line(firstLine);
  return [
    box(id, label, 330, y, RIGHT - 330, 2 * LH),
    ...(qualified ? [box(`${id}.type`, '', 362, y + 1, 16, LH - 2, 'center')] : []),
    slot(`${id}.npi`, 398, y, 100, LH),
    slot(`${id}.last`, 352, y + LH, 130, LH),
    slot(`${id}.first`, 510, y + LH, RIGHT - 510, LH),
  ];
}

function proceduresAndPhysicians(): FormBox[] {
  const procedure = (id: string, label: string, index: number) =>
    box(id, label, LEFT + (index % 3) * 98, line(57 + 2 * Math.floor(index / 3)), 98, 2 * LH);
  return [
    procedure('74', '74 PRINCIPAL PROCEDURE\nCODE                 DATE', 0),
    procedure('74a', 'a. OTHER PROCEDURE\nCODE                 DATE', 1),
    procedure('74b', 'b. OTHER PROCEDURE\nCODE                 DATE', 2),
    procedure('74c', 'c. OTHER PROCEDURE\nCODE                 DATE', 3),
    procedure('74d', 'd. OTHER PROCEDURE\nCODE                 DATE', 4),
    procedure('74e', 'e. OTHER PROCEDURE\nCODE                 DATE', 5),
    box('75', '75', 312, line(57), 18, 4 * LH),
    ...physician('76', '76 ATTENDING', 57, false),
    ...physician('77', '77 OPERATING', 59, true),
    box('80', '80 REMARKS', LEFT, line(61), 230, 4 * LH),
    box('81', '81CC', 248, line(61), 82, 4 * LH),
    ...physician('78', '78 OTHER', 61, true),
    ...physician('79', '79 OTHER', 63, true),
  ];
}

function physicianCaptions(firstLine: number): FormText[] {
  const y = line(firstLine);
  return [
    { text: 'NPI', x: 384, y: y + 8, size: 4.5 },
    { text: 'QUAL', x: 500, y: y + 8, size: 4.5 },
    { text: 'LAST', x: 334, y: y + LH + 8, size: 4.5 },
    { text: 'FIRST', x: 490, y: y + LH + 8, size: 4.5 },
  ];
}

const totalsY = line(SERVICE_CAPTION_LINE + UB04_LINES_PER_PAGE + 1) + 8;

const texts: FormText[] = [
  { text: 'CONDITION CODES', x: 329, y: line(7) + 4.5, size: 4.5, align: 'center' },
  ...SERVICE_LINES.map((name, index): FormText => ({
    text: name,
    x: 15,
    y: line(SERVICE_CAPTION_LINE + 1 + index) + 8,
    size: 5,
    align: 'right',
  })),
  { text: 'PAGE', x: 62, y: totalsY, size: 5, bold: true },
  { text: 'OF', x: 116, y: totalsY, size: 5, bold: true },
  { text: 'CREATION DATE', x: 342, y: totalsY, size: 5, bold: true, align: 'right' },
  { text: 'TOTALS', x: 454, y: totalsY, size: 5, bold: true, align: 'right' },
  ...PAYER_LINES.flatMap((name, index): FormText[] =>
    [42, 46, 50].map((first) => ({
      text: name,
      x: 15,
      y: line(first + index) + 8,
      size: 5,
      bold: true,
      align: 'right',
    })),
  ),
  ...[57, 59, 61, 63].flatMap(physicianCaptions),
  { text: 'a', x: 60, y: line(5) + 8, size: 4.5 },
  { text: 'b', x: LEFT + 2, y: line(6) + 8, size: 4.5 },
  ...['b', 'c', 'd', 'e'].map((letter, index): FormText => ({
    text: letter,
    x: [260, 468, 506, 576][index] ?? 0,
    y: line(6) + 8,
    size: 4.5,
  })),
  { text: 'a', x: 300, y: line(5) + 8, size: 4.5 },
  { text: 'UB-04 CMS-1450', x: LEFT, y: 772, size: 8, bold: true },
  { text: 'APPROVED OMB NO. 0938-0997', x: 100, y: 772, size: 5 },
  { text: 'NUBC  National Uniform Billing Committee', x: 180, y: 772, size: 5, bold: true },
  {
    text: 'THE CERTIFICATIONS ON THE REVERSE APPLY TO THIS BILL AND ARE MADE A PART HEREOF.',
    x: RIGHT,
    y: 772,
    size: 5,
    bold: true,
    align: 'right',
  },
];

export const UB04_LAYOUT: FormLayout = {
  title: 'UB-04 (CMS-1450)',
  boxes: [
    ...providerAndPeriod(),
    ...patient(),
    ...admission(),
    ...occurrencesAndValues(),
    ...serviceLines(),
    ...payersAndInsured(),
    ...diagnoses(),
    ...proceduresAndPhysicians(),
  ],
  texts,
  labelSize: 4,
  dataSize: 8,
};
