import type { Specialty } from './organisation-data.ts';
import type { Weighted } from './random.ts';

/**
 * Visit templates: which procedures go together on one claim and which diagnoses justify them,
 * so that demo claims read like real ones (an injection with its drug, an x-ray with the pain it
 * explains, modifier 25 on the visit when a procedure is billed the same day).
 */

/** Alternatives in order: the first one billable in the fiscal year of the date of service wins. */
export type DxAlternatives = string | readonly string[];
/** A diagnosis that depends on the side treated (right or left knee). */
export type DxChoice = DxAlternatives | { readonly RT: DxAlternatives; readonly LT: DxAlternatives };

export interface LineFixture {
  readonly codes: readonly Weighted<string>[];
  /** Chance that the line is billed (1 for the visit itself). */
  readonly chance: number;
  /** Index of an earlier line that must be on the claim for this one to be billed (a drug needs its injection). */
  readonly requires?: number;
  readonly units?: readonly [number, number];
  readonly modifiers?: readonly string[];
  /** Procedure on one side of the body: gets RT or LT. */
  readonly sided?: boolean;
  /** A separately identifiable visit on the same day as this procedure: the visit line gets 25. */
  readonly visitNeeds25?: boolean;
  /** 'all': points to every claim diagnosis (up to 4); 'primary': the first; `code`: that code. */
  readonly pointers: 'all' | 'primary' | { readonly code: DxChoice };
  /** The visit (E/M) line, which gets modifier 25 when a procedure needs it. */
  readonly isVisit?: boolean;
}

export interface VisitTemplate {
  readonly name: string;
  readonly specialties: readonly Specialty[];
  readonly setting: 'office' | 'inpatient';
  readonly weight: number;
  readonly minAge?: number;
  readonly maxAge?: number;
  /**
   * The claim's diagnoses: the first listed is the primary (or, with `anyPrimary`, any of them),
   * then `extraDiagnoses` more from the rest.
   */
  readonly diagnoses: readonly DxChoice[];
  readonly anyPrimary?: boolean;
  readonly extraDiagnoses: readonly [number, number];
  readonly lines: readonly LineFixture[];
  /** Chance that the claim names a referring provider. */
  readonly referralChance: number;
}

const w = (value: string, weight = 1): Weighted<string> => ({ value, weight });
const primaryCare: readonly Specialty[] = ['family', 'internal', 'general'];
const officeEstablished = [w('99213', 5), w('99214', 4), w('99212', 1), w('99215', 0.5)];
const officeNewOrEstablished = [w('99203', 2), w('99204', 1), w('99213', 4), w('99214', 3)];
const visit = (codes: readonly Weighted<string>[]): LineFixture => ({
  codes,
  chance: 1,
  pointers: 'all',
  isVisit: true,
});
// A panel is drawn from the venipuncture billed just before it, hence `requires`.
function labLines(venipunctureIndex: number): LineFixture[] {
  return [
    { codes: [w('36415')], chance: 0.45, pointers: 'primary' },
    {
      codes: [w('80053'), w('80061'), w('85025'), w('83036'), w('84443')],
      chance: 0.4,
      requires: venipunctureIndex,
      pointers: 'primary',
    },
  ];
}

const chronic: readonly DxChoice[] = [
  'I10',
  'E785',
  'E782',
  'K219',
  'E039',
  'E669',
  'G4700',
  'J45909',
  'E559',
  'D649',
  'R5383',
  ['I420', 'I4200'],
];

export const VISIT_TEMPLATES: readonly VisitTemplate[] = [
  {
    name: 'Chronic care follow-up',
    anyPrimary: true,
    specialties: primaryCare,
    setting: 'office',
    weight: 28,
    minAge: 18,
    diagnoses: chronic,
    extraDiagnoses: [0, 3],
    lines: [visit(officeEstablished), ...labLines(1)],
    referralChance: 0.02,
  },
  {
    name: 'Diabetes visit',
    specialties: primaryCare,
    setting: 'office',
    weight: 12,
    minAge: 18,
    diagnoses: [['E119', 'E1165', 'E1122'], 'I10', 'E785', ['Z794', 'Z7984'], 'E669'],
    extraDiagnoses: [1, 3],
    lines: [
      visit([w('99214', 3), w('99213', 2)]),
      { codes: [w('83036')], chance: 0.7, pointers: 'primary' },
      { codes: [w('36415')], chance: 0.6, pointers: 'primary' },
      { codes: [w('80053'), w('80061')], chance: 0.3, pointers: 'primary' },
    ],
    referralChance: 0.02,
  },
  {
    name: 'Acute illness',
    anyPrimary: true,
    specialties: primaryCare,
    setting: 'office',
    weight: 18,
    diagnoses: [['J069'], ['J029'], ['J0190'], ['R051'], ['N390'], ['R109'], ['H6590'], ['L03115']],
    extraDiagnoses: [0, 1],
    lines: [
      visit([w('99213', 5), w('99212', 2), w('99214', 2)]),
      { codes: [w('87880'), w('81003')], chance: 0.25, pointers: 'primary' },
      { codes: [w('96372')], chance: 0.12, pointers: 'primary', visitNeeds25: true },
      {
        codes: [w('J1885', 2), w('J0696', 2), w('J1100', 1)],
        chance: 1,
        requires: 2,
        units: [1, 4],
        pointers: 'primary',
      },
    ],
    referralChance: 0,
  },
  {
    name: 'Preventive visit, adult',
    specialties: primaryCare,
    setting: 'office',
    weight: 9,
    minAge: 18,
    maxAge: 64,
    diagnoses: [['Z0000', 'Z0001'], 'E785', 'E669'],
    extraDiagnoses: [0, 1],
    lines: [
      visit([w('99395', 3), w('99396', 4), w('99386', 1)]),
      ...labLines(1),
      { codes: [w('90471')], chance: 0.2, pointers: { code: 'Z23' } },
      { codes: [w('90686')], chance: 1, requires: 3, pointers: { code: 'Z23' } },
    ],
    referralChance: 0,
  },
  {
    name: 'Medicare annual wellness visit',
    specialties: primaryCare,
    setting: 'office',
    weight: 8,
    minAge: 65,
    diagnoses: [['Z0000'], 'I10', 'E785'],
    extraDiagnoses: [0, 2],
    lines: [
      { codes: [w('G0439', 5), w('G0438', 1)], chance: 1, pointers: 'primary' },
      { codes: [w('G0444')], chance: 0.3, pointers: 'primary' },
      { codes: [w('99213', 2), w('99214', 1)], chance: 0.25, modifiers: ['25'], pointers: 'all' },
    ],
    referralChance: 0,
  },
  {
    name: 'Well child',
    specialties: ['family', 'general'],
    setting: 'office',
    weight: 8,
    minAge: 1,
    maxAge: 17,
    diagnoses: [['Z00129', 'Z00121']],
    extraDiagnoses: [0, 0],
    lines: [
      visit([w('99392', 1), w('99393', 2), w('99394', 2)]),
      { codes: [w('90471')], chance: 0.35, pointers: { code: 'Z23' } },
      { codes: [w('90686')], chance: 1, requires: 1, pointers: { code: 'Z23' } },
    ],
    referralChance: 0,
  },
  {
    name: 'Chest pain work-up',
    specialties: ['internal', 'family'],
    setting: 'office',
    weight: 5,
    minAge: 30,
    diagnoses: [['R0789', 'R079'], 'I10', 'E785', 'I4891', 'I2510'],
    extraDiagnoses: [0, 2],
    lines: [
      visit([w('99214', 3), w('99204', 1), w('99215', 1)]),
      { codes: [w('93000')], chance: 0.85, pointers: 'primary' },
      { codes: [w('71046')], chance: 0.4, pointers: 'primary' },
    ],
    referralChance: 0.1,
  },
  {
    name: 'Low back pain',
    specialties: primaryCare,
    setting: 'office',
    weight: 6,
    minAge: 18,
    diagnoses: [['M5450', 'M545'], 'M5416', 'M5441', 'M47816'],
    extraDiagnoses: [0, 1],
    lines: [
      visit([w('99213', 3), w('99203', 1), w('99214', 1)]),
      { codes: [w('72100')], chance: 0.25, pointers: 'primary' },
      { codes: [w('96372')], chance: 0.1, pointers: 'primary', visitNeeds25: true },
      { codes: [w('J1885'), w('J1100')], chance: 1, requires: 2, units: [1, 4], pointers: 'primary' },
    ],
    referralChance: 0.05,
  },
  {
    name: 'Anxiety and depression',
    specialties: primaryCare,
    setting: 'office',
    weight: 5,
    minAge: 12,
    diagnoses: [['F411', 'F419'], 'F329', 'G4700'],
    extraDiagnoses: [0, 2],
    lines: [visit([w('99214', 3), w('99213', 2)])],
    referralChance: 0,
  },
  {
    name: 'B12 deficiency injection',
    specialties: ['internal', 'family'],
    setting: 'office',
    weight: 2,
    minAge: 40,
    diagnoses: [['D518', 'D519', 'D649'], 'R5383'],
    extraDiagnoses: [0, 1],
    lines: [
      { codes: [w('96372')], chance: 1, pointers: 'primary' },
      { codes: [w('J3420')], chance: 1, requires: 0, pointers: 'primary' },
    ],
    referralChance: 0,
  },
  {
    name: 'Hospital admission',
    anyPrimary: true,
    specialties: primaryCare,
    setting: 'inpatient',
    weight: 4,
    minAge: 18,
    diagnoses: [['J189'], ['A419'], ['J441'], ['I5023', 'I509'], ['N179'], ['I214'], ['I639']],
    extraDiagnoses: [1, 3],
    lines: [visit([w('99222', 3), w('99223', 2), w('99221', 1)])],
    referralChance: 0.3,
  },
  {
    name: 'Hospital follow-up',
    anyPrimary: true,
    specialties: primaryCare,
    setting: 'inpatient',
    weight: 6,
    minAge: 18,
    diagnoses: [['J189'], ['A419'], ['J441'], ['I5023', 'I509'], ['N179']],
    extraDiagnoses: [1, 3],
    lines: [visit([w('99232', 4), w('99231', 2), w('99233', 2), w('99238', 1), w('99239', 1)])],
    referralChance: 0,
  },
  {
    name: 'Knee pain',
    anyPrimary: true,
    specialties: ['orthopaedic'],
    setting: 'office',
    weight: 30,
    minAge: 12,
    diagnoses: [
      { RT: ['M1711'], LT: ['M1712'] },
      { RT: ['M25561'], LT: ['M25562'] },
      { RT: ['S83511A'], LT: ['S83512A'] },
    ],
    extraDiagnoses: [0, 1],
    lines: [
      visit(officeNewOrEstablished),
      { codes: [w('73562')], chance: 0.5, sided: true, pointers: 'primary' },
      { codes: [w('20610')], chance: 0.4, sided: true, visitNeeds25: true, pointers: 'primary' },
      { codes: [w('J3301')], chance: 0.85, requires: 2, units: [4, 4], pointers: 'primary' },
    ],
    referralChance: 0.45,
  },
  {
    name: 'Shoulder pain',
    anyPrimary: true,
    specialties: ['orthopaedic'],
    setting: 'office',
    weight: 20,
    minAge: 16,
    diagnoses: [
      { RT: ['M75111', 'M75101'], LT: ['M75112', 'M75102'] },
      { RT: ['M25511'], LT: ['M25512'] },
      { RT: ['M19011'], LT: ['M19012'] },
    ],
    extraDiagnoses: [0, 1],
    lines: [
      visit(officeNewOrEstablished),
      { codes: [w('73030')], chance: 0.5, sided: true, pointers: 'primary' },
      { codes: [w('20610')], chance: 0.35, sided: true, visitNeeds25: true, pointers: 'primary' },
      { codes: [w('J3301', 3), w('J1100', 1)], chance: 0.85, requires: 2, units: [4, 4], pointers: 'primary' },
    ],
    referralChance: 0.45,
  },
  {
    name: 'Wrist fracture',
    anyPrimary: true,
    specialties: ['orthopaedic'],
    setting: 'office',
    weight: 8,
    diagnoses: [
      { RT: ['S52501A'], LT: ['S52502A'] },
      { RT: ['S52601A'], LT: ['S52602A'] },
    ],
    extraDiagnoses: [0, 1],
    lines: [
      visit([w('99203', 2), w('99204', 1)]),
      { codes: [w('73110')], chance: 0.9, sided: true, pointers: 'primary' },
      { codes: [w('29125')], chance: 0.8, sided: true, pointers: 'primary' },
    ],
    referralChance: 0.3,
  },
  {
    name: 'Foot and elbow',
    anyPrimary: true,
    specialties: ['orthopaedic'],
    setting: 'office',
    weight: 8,
    minAge: 18,
    diagnoses: [
      { RT: ['M722', 'M7221'], LT: ['M722', 'M7222'] },
      { RT: ['M7711'], LT: ['M7712'] },
    ],
    extraDiagnoses: [0, 0],
    lines: [
      visit(officeNewOrEstablished),
      { codes: [w('20605'), w('20610')], chance: 0.3, sided: true, visitNeeds25: true, pointers: 'primary' },
      { codes: [w('J1100')], chance: 0.8, requires: 1, units: [4, 10], pointers: 'primary' },
    ],
    referralChance: 0.3,
  },
  {
    name: 'Physical therapy',
    anyPrimary: true,
    specialties: ['orthopaedic'],
    setting: 'office',
    weight: 22,
    minAge: 12,
    diagnoses: [{ RT: ['M25561'], LT: ['M25562'] }, { RT: ['M25511'], LT: ['M25512'] }, ['M5450', 'M545'], 'M6281'],
    extraDiagnoses: [0, 1],
    lines: [
      { codes: [w('97161')], chance: 0.2, pointers: 'all' },
      { codes: [w('97110')], chance: 1, units: [1, 3], pointers: 'all' },
      { codes: [w('97140')], chance: 0.6, units: [1, 2], modifiers: ['59'], pointers: 'primary' },
      { codes: [w('97530')], chance: 0.4, units: [1, 2], pointers: 'primary' },
    ],
    referralChance: 0.7,
  },
];

/** Codes for lines that point at their own diagnosis, plus every template diagnosis: what to verify. */
export function templateDiagnosisCodes(): string[] {
  const codes = new Set<string>();
  const add = (choice: DxChoice): void => {
    if (typeof choice === 'string') codes.add(choice);
    else if ('RT' in choice) {
      add(choice.RT);
      add(choice.LT);
    } else choice.forEach((code) => codes.add(code));
  };
  for (const template of VISIT_TEMPLATES) {
    template.diagnoses.forEach(add);
    template.lines.forEach((line) => {
      if (typeof line.pointers === 'object') add(line.pointers.code);
    });
  }
  return [...codes].sort();
}

/** Common billable codes to fall back on when none of a template's codes is billable in a year. */
export const FALLBACK_DIAGNOSES: readonly string[] = [
  'I10',
  'E119',
  'J069',
  'M5450',
  'Z0000',
  'E785',
  'K219',
  'F419',
  'R0789',
  'M25561',
];
