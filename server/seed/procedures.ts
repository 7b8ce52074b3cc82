/**
 * The procedure codes the demo practices bill, with a base charge in cents (a practice's fee
 * schedule scales it). CPT codes appear as numbers only: their descriptions are AMA-licensed and
 * not part of this repository. Drug (J) codes carry the NDC the 837 needs in LIN/CTP.
 */
export interface NdcFixture {
  readonly ndcCode: string;
  readonly units: number;
  readonly unitType: 'F2' | 'GR' | 'ME' | 'ML' | 'UN';
  readonly description: string;
}

export interface ProcedureFixture {
  readonly code: string;
  readonly baseFeeCents: number;
  readonly ndc?: NdcFixture;
}

export const PROCEDURES: readonly ProcedureFixture[] = [
  // Office visits, new and established
  { code: '99202', baseFeeCents: 12_000 },
  { code: '99203', baseFeeCents: 18_500 },
  { code: '99204', baseFeeCents: 28_000 },
  { code: '99205', baseFeeCents: 36_000 },
  { code: '99211', baseFeeCents: 4_500 },
  { code: '99212', baseFeeCents: 9_500 },
  { code: '99213', baseFeeCents: 15_000 },
  { code: '99214', baseFeeCents: 22_000 },
  { code: '99215', baseFeeCents: 30_000 },
  // Preventive visits by age band
  { code: '99385', baseFeeCents: 25_000 },
  { code: '99386', baseFeeCents: 27_500 },
  { code: '99387', baseFeeCents: 29_500 },
  { code: '99392', baseFeeCents: 19_500 },
  { code: '99393', baseFeeCents: 19_500 },
  { code: '99394', baseFeeCents: 21_000 },
  { code: '99395', baseFeeCents: 23_000 },
  { code: '99396', baseFeeCents: 25_000 },
  { code: '99397', baseFeeCents: 27_000 },
  // Hospital inpatient
  { code: '99221', baseFeeCents: 23_000 },
  { code: '99222', baseFeeCents: 31_000 },
  { code: '99223', baseFeeCents: 42_000 },
  { code: '99231', baseFeeCents: 11_000 },
  { code: '99232', baseFeeCents: 16_500 },
  { code: '99233', baseFeeCents: 23_500 },
  { code: '99238', baseFeeCents: 15_000 },
  { code: '99239', baseFeeCents: 21_000 },
  // Medicare wellness (HCPCS Level II)
  { code: 'G0438', baseFeeCents: 26_000 },
  { code: 'G0439', baseFeeCents: 18_500 },
  { code: 'G0444', baseFeeCents: 4_000 },
  // Laboratory
  { code: '36415', baseFeeCents: 1_500 },
  { code: '80053', baseFeeCents: 4_800 },
  { code: '80061', baseFeeCents: 5_500 },
  { code: '81003', baseFeeCents: 1_800 },
  { code: '83036', baseFeeCents: 4_000 },
  { code: '84443', baseFeeCents: 6_000 },
  { code: '85025', baseFeeCents: 3_500 },
  { code: '87880', baseFeeCents: 3_500 },
  // Diagnostic
  { code: '93000', baseFeeCents: 7_500 },
  { code: '71046', baseFeeCents: 11_000 },
  { code: '72100', baseFeeCents: 10_500 },
  { code: '73030', baseFeeCents: 9_500 },
  { code: '73110', baseFeeCents: 10_000 },
  { code: '73562', baseFeeCents: 12_000 },
  // Procedures, injections, vaccines
  { code: '20610', baseFeeCents: 21_000 },
  { code: '20605', baseFeeCents: 16_000 },
  { code: '29125', baseFeeCents: 12_500 },
  { code: '96372', baseFeeCents: 4_500 },
  { code: '90471', baseFeeCents: 3_000 },
  { code: '90686', baseFeeCents: 4_500 },
  // Physical therapy (timed codes: one unit per 15 minutes)
  { code: '97161', baseFeeCents: 15_000 },
  { code: '97110', baseFeeCents: 6_500 },
  { code: '97140', baseFeeCents: 6_000 },
  { code: '97530', baseFeeCents: 7_000 },
  // Drugs, billed per HCPCS unit
  {
    code: 'J1100',
    baseFeeCents: 400,
    ndc: {
      ndcCode: '63323016501',
      units: 1,
      unitType: 'ML',
      description: 'Dexamethasone sodium phosphate 4 mg/mL, 1 mL vial',
    },
  },
  {
    code: 'J3301',
    baseFeeCents: 1_200,
    ndc: {
      ndcCode: '00003029305',
      units: 1,
      unitType: 'ML',
      description: 'Triamcinolone acetonide 40 mg/mL, 1 mL vial',
    },
  },
  {
    code: 'J1885',
    baseFeeCents: 800,
    ndc: {
      ndcCode: '00409379501',
      units: 1,
      unitType: 'ML',
      description: 'Ketorolac tromethamine 30 mg/mL, 1 mL vial',
    },
  },
  {
    code: 'J0696',
    baseFeeCents: 1_500,
    ndc: { ndcCode: '00409733201', units: 1, unitType: 'UN', description: 'Ceftriaxone 1 g vial' },
  },
  {
    code: 'J3420',
    baseFeeCents: 1_800,
    ndc: { ndcCode: '00517003125', units: 1, unitType: 'ML', description: 'Cyanocobalamin 1000 mcg/mL, 1 mL vial' },
  },
];

/** Fee schedule years: the 2026 list raises the 2025 one, as practices do each January. */
export const FEE_SCHEDULE_YEARS: readonly {
  readonly name: string;
  readonly from: string;
  readonly to: string | null;
  readonly factor: number;
}[] = [
  { name: 'Standard Fee Schedule 2025', from: '2025-01-01', to: '2025-12-31', factor: 1 },
  { name: 'Standard Fee Schedule 2026', from: '2026-01-01', to: null, factor: 1.035 },
];
