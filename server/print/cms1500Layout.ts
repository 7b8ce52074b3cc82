/**
 * The CMS-1500 (02/12) as a table of boxes, in points on US Letter: item numbers and labels as
 * printed on the NUCC form, laid out in its three columns (patient, condition, insured), the 21
 * diagnosis grid, six service lines each with its shaded supplemental band, and the provider
 * boxes 25-33. Box ids are the item numbers ('1a', '24.3.npi'); cms1500Values.ts fills them.
 */
import type { FormBox, FormLayout, FormText } from './formPdf.ts';

/** Service lines per page: the form has six. */
export const CMS1500_LINES_PER_PAGE = 6;

const LEFT = 18;
const RIGHT = 594;
/** The three columns of items 1-13: patient (A), condition (B), insured (C). */
const A = LEFT;
const B = 228;
const C = 378;
const ROW = 24;
const TOP = 86;
/** Top of the service lines; the header row of item 24 sits above. */
export const LINES_TOP = 506;
const LINE = 24;

const box = (id: string, label: string, x: number, y: number, w: number, h: number): FormBox => ({
  id,
  kind: 'box',
  label,
  x,
  y,
  w,
  h,
});
const slot = (id: string, x: number, y: number, w: number, h: number, align: FormBox['align'] = 'left'): FormBox => ({
  id,
  kind: 'slot',
  x,
  y,
  w,
  h,
  align,
});
const check = (id: string, label: string, x: number, y: number): FormBox => ({
  id,
  kind: 'check',
  label,
  x,
  y,
  w: 8,
  h: 8,
});
const rowY = (row: number) => TOP + (row - 1) * ROW;

/** Checks sit on the bottom line of their box, where the data goes. */
const checkY = (row: number) => rowY(row) + ROW - 11;

function yesNo(item: string, y: number, yesX: number, noX: number): FormBox[] {
  return [check(`${item}.yes`, 'YES', yesX, y), check(`${item}.no`, 'NO', noX, y)];
}

const INSURANCE_TYPES: [id: string, heading: string, caption: string][] = [
  ['medicare', 'MEDICARE', '(Medicare#)'],
  ['medicaid', 'MEDICAID', '(Medicaid#)'],
  ['tricare', 'TRICARE', '(ID#/DoD#)'],
  ['champva', 'CHAMPVA', '(Member ID#)'],
  ['group', 'GROUP\nHEALTH PLAN', '(ID#)'],
  ['feca', 'FECA\nBLK LUNG', '(ID#)'],
  ['other', 'OTHER', '(ID#)'],
];

function item1(): FormBox[] {
  const width = (C - A) / INSURANCE_TYPES.length;
  return [
    box('1', '1.', A, rowY(1), C - A, ROW),
    ...INSURANCE_TYPES.map(([id, heading], index): FormBox => ({
      id: `1.${id}.heading`,
      kind: 'slot',
      label: heading,
      x: A + 8 + index * width,
      y: rowY(1),
      w: width - 8,
      h: 12,
    })),
    ...INSURANCE_TYPES.map(([id, , caption], index) => check(`1.${id}`, caption, A + 8 + index * width, checkY(1))),
    box(
      '1a',
      "1a. INSURED'S I.D. NUMBER                                   (For Program in Item 1)",
      C,
      rowY(1),
      RIGHT - C,
      ROW,
    ),
  ];
}

function patientAndInsured(): FormBox[] {
  return [
    box('2', "2. PATIENT'S NAME (Last Name, First Name, Middle Initial)", A, rowY(2), B - A, ROW),
    box('3', "3. PATIENT'S BIRTH DATE                        SEX\n      MM  |  DD  |  YY", B, rowY(2), C - B, ROW),
    slot('3.dob', B + 2, rowY(2) + 10, 76, 14),
    check('3.sex.M', 'M', B + 94, checkY(2)),
    check('3.sex.F', 'F', B + 122, checkY(2)),
    box('4', "4. INSURED'S NAME (Last Name, First Name, Middle Initial)", C, rowY(2), RIGHT - C, ROW),

    box('5', "5. PATIENT'S ADDRESS (No., Street)", A, rowY(3), B - A, ROW),
    box('6', '6. PATIENT RELATIONSHIP TO INSURED', B, rowY(3), C - B, ROW),
    check('6.self', 'Self', B + 6, checkY(3)),
    check('6.spouse', 'Spouse', B + 36, checkY(3)),
    check('6.child', 'Child', B + 74, checkY(3)),
    check('6.other', 'Other', B + 108, checkY(3)),
    box('7', "7. INSURED'S ADDRESS (No., Street)", C, rowY(3), RIGHT - C, ROW),

    box('5.city', 'CITY', A, rowY(4), 172, ROW),
    box('5.state', 'STATE', A + 172, rowY(4), B - A - 172, ROW),
    box('8', '8. RESERVED FOR NUCC USE', B, rowY(4), C - B, 2 * ROW),
    box('7.city', 'CITY', C, rowY(4), 178, ROW),
    box('7.state', 'STATE', C + 178, rowY(4), RIGHT - C - 178, ROW),

    box('5.zip', 'ZIP CODE', A, rowY(5), 82, ROW),
    box('5.phone', 'TELEPHONE (Include Area Code)', A + 82, rowY(5), B - A - 82, ROW),
    box('7.zip', 'ZIP CODE', C, rowY(5), 92, ROW),
    box('7.phone', 'TELEPHONE (Include Area Code)', C + 92, rowY(5), RIGHT - C - 92, ROW),
  ];
}

function otherInsuredAndCondition(): FormBox[] {
  return [
    box('9', "9. OTHER INSURED'S NAME (Last Name, First Name, Middle Initial)", A, rowY(6), B - A, ROW),
    box('10', "10. IS PATIENT'S CONDITION RELATED TO:", B, rowY(6), C - B, ROW),
    box('11', "11. INSURED'S POLICY GROUP OR FECA NUMBER", C, rowY(6), RIGHT - C, ROW),

    box('9a', "a. OTHER INSURED'S POLICY OR GROUP NUMBER", A, rowY(7), B - A, ROW),
    box('10a', 'a. EMPLOYMENT? (Current or Previous)', B, rowY(7), C - B, ROW),
    ...yesNo('10a', checkY(7), B + 34, B + 84),
    box(
      '11a',
      "a. INSURED'S DATE OF BIRTH                             SEX\n      MM  |  DD  |  YY",
      C,
      rowY(7),
      RIGHT - C,
      ROW,
    ),
    slot('11a.dob', C + 2, rowY(7) + 10, 90, 14),
    check('11a.sex.M', 'M', C + 128, checkY(7)),
    check('11a.sex.F', 'F', C + 170, checkY(7)),

    box('9b', 'b. RESERVED FOR NUCC USE', A, rowY(8), B - A, ROW),
    box('10b', 'b. AUTO ACCIDENT?                         PLACE (State)', B, rowY(8), C - B, ROW),
    ...yesNo('10b', checkY(8), B + 34, B + 84),
    slot('10b.state', B + 118, rowY(8) + 10, C - B - 120, 14),
    box('11b', 'b. OTHER CLAIM ID (Designated by NUCC)', C, rowY(8), RIGHT - C, ROW),

    box('9c', 'c. RESERVED FOR NUCC USE', A, rowY(9), B - A, ROW),
    box('10c', 'c. OTHER ACCIDENT?', B, rowY(9), C - B, ROW),
    ...yesNo('10c', checkY(9), B + 34, B + 84),
    box('11c', 'c. INSURANCE PLAN NAME OR PROGRAM NAME', C, rowY(9), RIGHT - C, ROW),

    box('9d', 'd. INSURANCE PLAN NAME OR PROGRAM NAME', A, rowY(10), B - A, ROW),
    box('10d', '10d. CLAIM CODES (Designated by NUCC)', B, rowY(10), C - B, ROW),
    box('11d', 'd. IS THERE ANOTHER HEALTH BENEFIT PLAN?', C, rowY(10), RIGHT - C, ROW),
    ...yesNo('11d', checkY(10), C + 8, C + 44),
  ];
}

/** Items 12-20: signatures, dates, referring provider, additional information. */
function signaturesAndDates(): FormBox[] {
  const y = rowY(11);
  const signatureHeight = 36;
  const below = y + signatureHeight;
  return [
    box(
      '12',
      "READ BACK OF FORM BEFORE COMPLETING & SIGNING THIS FORM.\n12. PATIENT'S OR AUTHORIZED PERSON'S SIGNATURE  I authorize the release of any medical or other information necessary\nto process this claim. I also request payment of government benefits either to myself or to the party who accepts assignment below.",
      A,
      y,
      C - A,
      signatureHeight,
    ),
    box(
      '13',
      "13. INSURED'S OR AUTHORIZED PERSON'S SIGNATURE  I authorize\npayment of medical benefits to the undersigned physician or supplier for\nservices described below.",
      C,
      y,
      RIGHT - C,
      signatureHeight,
    ),

    box(
      '14',
      '14. DATE OF CURRENT ILLNESS, INJURY, or PREGNANCY (LMP)\n      MM  |  DD  |  YY         QUAL.',
      A,
      below,
      182,
      ROW,
    ),
    box('15', '15. OTHER DATE\n    QUAL.               MM  |  DD  |  YY', A + 182, below, C - A - 182, ROW),
    box(
      '16',
      '16. DATES PATIENT UNABLE TO WORK IN CURRENT OCCUPATION\n        FROM                                      TO',
      C,
      below,
      RIGHT - C,
      ROW,
    ),

    box('17', '17. NAME OF REFERRING PROVIDER OR OTHER SOURCE', A, below + ROW, B - A, ROW),
    slot('17.qual', A + 2, below + ROW + 10, 16, 14),
    slot('17.name', A + 20, below + ROW + 10, B - A - 22, 14),
    { id: '17a.shade', kind: 'shade', x: B, y: below + ROW, w: C - B, h: 12 },
    box('17a', '17a.', B, below + ROW, C - B, 12),
    slot('17a.qual', B + 14, below + ROW, 16, 12),
    slot('17a.id', B + 32, below + ROW, C - B - 34, 12),
    box('17b', '17b.  NPI', B, below + ROW + 12, C - B, 12),
    slot('17b.npi', B + 32, below + ROW + 12, C - B - 34, 12),
    box(
      '18',
      '18. HOSPITALIZATION DATES RELATED TO CURRENT SERVICES\n        FROM                                      TO',
      C,
      below + ROW,
      RIGHT - C,
      ROW,
    ),

    box('19', '19. ADDITIONAL CLAIM INFORMATION (Designated by NUCC)', A, below + 2 * ROW, C - A, ROW),
    box('20', '20. OUTSIDE LAB?                                  $ CHARGES', C, below + 2 * ROW, RIGHT - C, ROW),
    ...yesNo('20', below + 2 * ROW + ROW - 11, C + 8, C + 44),
  ];
}

export const DIAGNOSIS_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'] as const;
const DIAGNOSIS_TOP = 434;
const DIAGNOSIS_WIDTH = (C - A - 8) / 4;
/** Four diagnoses a row, A-D, E-H, I-L; the letter is printed, the code follows it. */
const diagnosisPlace = (index: number) => ({
  x: A + 4 + (index % 4) * DIAGNOSIS_WIDTH,
  y: DIAGNOSIS_TOP + 12 + Math.floor(index / 4) * 12,
});

/** Item 21 (ICD indicator and the twelve diagnoses, four to a row), 22 and 23. */
function diagnosesAndReferences(): FormBox[] {
  return [
    box(
      '21',
      '21. DIAGNOSIS OR NATURE OF ILLNESS OR INJURY  Relate A-L to service line below (24E)',
      A,
      DIAGNOSIS_TOP,
      C - A,
      48,
    ),
    { id: '21.ind', kind: 'box', label: 'ICD Ind.', x: C - 42, y: DIAGNOSIS_TOP + 1, w: 40, h: 11, align: 'right' },
    ...DIAGNOSIS_LETTERS.map((letter, index): FormBox => {
      const { x, y } = diagnosisPlace(index);
      return slot(`21.${letter}`, x + 8, y, DIAGNOSIS_WIDTH - 12, 12);
    }),
    box(
      '22',
      '22. RESUBMISSION\n      CODE                                 ORIGINAL REF. NO.',
      C,
      DIAGNOSIS_TOP,
      RIGHT - C,
      ROW,
    ),
    slot('22.code', C + 2, DIAGNOSIS_TOP + 10, 50, 14),
    slot('22.ref', C + 56, DIAGNOSIS_TOP + 10, RIGHT - C - 58, 14),
    box('23', '23. PRIOR AUTHORIZATION NUMBER', C, DIAGNOSIS_TOP + ROW, RIGHT - C, ROW),
  ];
}

/** The columns of item 24, left to right: [id, header label, x, width]. */
const COLUMNS: [id: string, label: string, x: number, w: number][] = [
  [
    'from',
    '24. A.          DATE(S) OF SERVICE\n          From                         To\n MM   DD   YY        MM   DD   YY',
    LEFT,
    60,
  ],
  ['to', '', 78, 60],
  ['pos', 'B.\nPLACE OF\nSERVICE', 138, 24],
  ['emg', 'C.\n\nEMG', 162, 18],
  [
    'cpt',
    'D. PROCEDURES, SERVICES, OR SUPPLIES\n     (Explain Unusual Circumstances)\nCPT/HCPCS          |          MODIFIER',
    180,
    54,
  ],
  ['mod1', '', 234, 20],
  ['mod2', '', 254, 20],
  ['mod3', '', 274, 20],
  ['mod4', '', 294, 20],
  ['pointer', 'E.\nDIAGNOSIS\nPOINTER', 314, 48],
  ['charges', 'F.\n\n$ CHARGES', 362, 56],
  ['cents', '', 418, 14],
  ['units', 'G.\nDAYS\nOR\nUNITS', 432, 30],
  ['epsdt', 'H.\nEPSDT\nFamily\nPlan', 462, 18],
  ['qual', 'I.\nID.\nQUAL.', 480, 20],
  ['npi', 'J.\nRENDERING\nPROVIDER ID. #', 500, RIGHT - 500],
];

function serviceLines(): FormBox[] {
  const header = LINES_TOP - LINE;
  const headers = COLUMNS.filter(([, label]) => label !== '').map(([id, label, x], index, shown): FormBox => {
    const next = shown[index + 1];
    return { id: `24.${id}`, kind: 'box', label, x, y: header, w: (next ? next[2] : RIGHT) - x, h: LINE };
  });
  const lines = Array.from({ length: CMS1500_LINES_PER_PAGE }, (_, index) => {
    const n = index + 1;
    const y = LINES_TOP + index * LINE;
    return [
      { id: `24.${n}.shade`, kind: 'shade', x: LEFT, y, w: RIGHT - LEFT, h: 12 } satisfies FormBox,
      slot(`24.${n}.supplemental`, LEFT, y, 462 - LEFT, 12),
      { id: `24.${n}.qualShaded`, kind: 'box', x: 480, y, w: 20, h: 12 } satisfies FormBox,
      slot(`24.${n}.idShaded`, 500, y, RIGHT - 500, 12),
      ...COLUMNS.map(([id, , x, w]): FormBox => ({
        id: `24.${n}.${id}`,
        kind: 'box',
        x,
        y: y + 12,
        w,
        h: 12,
        align: id === 'charges' || id === 'units' ? 'right' : 'left',
      })),
    ];
  });
  return [...headers, ...lines.flat()];
}

/** Items 25-33. */
function providerBoxes(): FormBox[] {
  const y = LINES_TOP + CMS1500_LINES_PER_PAGE * LINE;
  const low = y + ROW;
  return [
    box('25', '25. FEDERAL TAX I.D. NUMBER', LEFT, y, 162, ROW),
    slot('25.number', LEFT + 2, y + 10, 122, 14),
    check('25.ssn', '', LEFT + 128, y + 13),
    check('25.ein', '', LEFT + 146, y + 13),
    box('26', "26. PATIENT'S ACCOUNT NO.", 180, y, 110, ROW),
    slot('26.number', 182, y + 10, 106, 14),
    box('27', '27. ACCEPT ASSIGNMENT?\n(For govt. claims, see back)', 290, y, C - 290, ROW),
    ...yesNo('27', y + 13, 296, 336),
    box('28', '28. TOTAL CHARGE\n$', C, y, 76, ROW),
    slot('28.dollars', C + 6, y + 10, 52, 14, 'right'),
    slot('28.cents', C + 60, y + 10, 16, 14),
    box('29', '29. AMOUNT PAID\n$', 454, y, 76, ROW),
    slot('29.dollars', 460, y + 10, 52, 14, 'right'),
    slot('29.cents', 514, y + 10, 16, 14),
    box('30', '30. Rsvd for NUCC Use', 530, y, RIGHT - 530, ROW),

    box(
      '31',
      '31. SIGNATURE OF PHYSICIAN OR SUPPLIER\nINCLUDING DEGREES OR CREDENTIALS\n(I certify that the statements on the reverse\napply to this bill and are made a part thereof.)',
      LEFT,
      low,
      162,
      60,
    ),
    slot('31.signed', LEFT + 2, low + 26, 158, 14),
    slot('31.date', LEFT + 96, low + 44, 64, 14),
    box('32', '32. SERVICE FACILITY LOCATION INFORMATION', 180, low, C - 180, 48),
    slot('32.name', 182, low + 8, C - 184, 12),
    slot('32.street', 182, low + 20, C - 184, 12),
    slot('32.city', 182, low + 32, C - 184, 12),
    box('32a', 'a.', 180, low + 48, 99, 12),
    slot('32a.npi', 188, low + 48, 90, 12),
    { id: '32b.shade', kind: 'shade', x: 279, y: low + 48, w: C - 279, h: 12 },
    box('32b', 'b.', 279, low + 48, C - 279, 12),
    box('33', '33. BILLING PROVIDER INFO & PH #', C, low, RIGHT - C, 48),
    slot('33.areaCode', C + 130, low, 22, 10),
    slot('33.phone', C + 158, low, RIGHT - C - 160, 10),
    slot('33.name', C + 2, low + 8, RIGHT - C - 4, 12),
    slot('33.street', C + 2, low + 20, RIGHT - C - 4, 12),
    slot('33.city', C + 2, low + 32, RIGHT - C - 4, 12),
    box('33a', 'a.', C, low + 48, 108, 12),
    slot('33a.npi', C + 8, low + 48, 98, 12),
    { id: '33b.shade', kind: 'shade', x: C + 108, y: low + 48, w: RIGHT - C - 108, h: 12 },
    box('33b', 'b.', C + 108, low + 48, RIGHT - C - 108, 12),
    slot('33b.id', C + 116, low + 48, RIGHT - C - 118, 12),
  ];
}

function header(): FormBox[] {
  return [
    slot('carrier.name', 330, 22, RIGHT - 330, 12),
    slot('carrier.street', 330, 34, RIGHT - 330, 12),
    slot('carrier.city', 330, 46, RIGHT - 330, 12),
    slot('page', 200, 60, 120, 12, 'center'),
    check('pica.left', 'PICA', LEFT, 76),
    check('pica.right', 'PICA', RIGHT - 26, 76),
  ];
}

const texts: FormText[] = [
  { text: '1500', x: LEFT, y: 40, size: 22, bold: true },
  { text: 'HEALTH INSURANCE CLAIM FORM', x: LEFT, y: 58, size: 11, bold: true },
  { text: 'APPROVED BY NATIONAL UNIFORM CLAIM COMMITTEE (NUCC) 02/12', x: LEFT, y: 67, size: 5 },
  { text: 'CARRIER', x: RIGHT + 10, y: 70, size: 5, bold: true, angle: 90 },
  { text: 'PATIENT AND INSURED INFORMATION', x: RIGHT + 10, y: 420, size: 5, bold: true, angle: 90 },
  { text: 'PHYSICIAN OR SUPPLIER INFORMATION', x: RIGHT + 10, y: 740, size: 5, bold: true, angle: 90 },
  ...Array.from({ length: CMS1500_LINES_PER_PAGE }, (_, index): FormText => ({
    text: String(index + 1),
    x: 9,
    y: LINES_TOP + index * LINE + 20,
    size: 9,
    bold: true,
  })),
  ...DIAGNOSIS_LETTERS.map((letter, index): FormText => ({
    text: `${letter}.`,
    x: diagnosisPlace(index).x,
    y: diagnosisPlace(index).y + 9,
    size: 5,
  })),
  ...Array.from({ length: CMS1500_LINES_PER_PAGE }, (_, index): FormText => ({
    text: 'NPI',
    x: 482,
    y: LINES_TOP + index * LINE + 21,
    size: 5,
  })),
  { text: 'SSN', x: LEFT + 127, y: LINES_TOP + CMS1500_LINES_PER_PAGE * LINE + 10, size: 5 },
  { text: 'EIN', x: LEFT + 146, y: LINES_TOP + CMS1500_LINES_PER_PAGE * LINE + 10, size: 5 },
  { text: '(', x: C + 127, y: LINES_TOP + CMS1500_LINES_PER_PAGE * LINE + ROW + 8, size: 7 },
  { text: ')', x: C + 154, y: LINES_TOP + CMS1500_LINES_PER_PAGE * LINE + ROW + 8, size: 7 },
  { text: 'SIGNED', x: LEFT + 2, y: LINES_TOP + CMS1500_LINES_PER_PAGE * LINE + ROW + 56, size: 5 },
  { text: 'DATE', x: LEFT + 80, y: LINES_TOP + CMS1500_LINES_PER_PAGE * LINE + ROW + 56, size: 5 },
  { text: 'SIGNED', x: A + 2, y: rowY(11) + 34, size: 5 },
  { text: 'DATE', x: A + 232, y: rowY(11) + 34, size: 5 },
  { text: 'SIGNED', x: C + 2, y: rowY(11) + 34, size: 5 },
  { text: 'NUCC Instruction Manual available at: www.nucc.org', x: LEFT, y: 760, size: 6 },
  { text: 'PLEASE PRINT OR TYPE', x: 306, y: 760, size: 7, bold: true, align: 'center' },
  { text: 'APPROVED OMB-0938-1197 FORM 1500 (02-12)', x: RIGHT, y: 760, size: 6, align: 'right' },
];

export const CMS1500_LAYOUT: FormLayout = {
  title: 'CMS-1500 (02/12)',
  boxes: [
    ...header(),
    ...item1(),
    ...patientAndInsured(),
    ...otherInsuredAndCondition(),
    ...signaturesAndDates(),
    ...diagnosesAndReferences(),
    ...serviceLines(),
    ...providerBoxes(),
  ],
  texts,
  labelSize: 4.5,
  dataSize: 9,
};
