import type { MemberIdStyle } from './identifiers.ts';

/** The shared payer list (insurances with group_id NULL) and how each one adjudicates demo claims. */
export type InsuranceType =
  'medicare' | 'medicaid' | 'commercial' | 'bcbs' | 'tricare' | 'workers_comp' | 'auto' | 'self_pay';

/** How much of an allowed amount the patient owes: a copay on visits, or a coinsurance share. */
export interface CostSharing {
  readonly visitCopayCents: readonly number[];
  readonly coinsurance: number;
  /** Chance that a line goes to the deductible (CARC 1) instead. */
  readonly deductibleChance: number;
}

export interface PayerFixture {
  readonly name: string;
  readonly payerId: string;
  readonly type: InsuranceType;
  readonly address1: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly phone: string;
  readonly timelyFilingDays: number;
  readonly memberIdStyle: MemberIdStyle;
  /** Allowed amount as a share of the billed charge (contracted rate). */
  readonly allowedRatio: number;
  readonly costSharing: CostSharing;
  /** Weight of the payer as an adult's primary coverage (0: never primary on its own). */
  readonly primaryWeight: number;
  /** Days from submission to payment. */
  readonly paymentLagDays: readonly [number, number];
}

const noCostSharing: CostSharing = { visitCopayCents: [0], coinsurance: 0, deductibleChance: 0 };
const commercialSharing: CostSharing = {
  visitCopayCents: [2000, 2500, 3000, 4000, 5000],
  coinsurance: 0.2,
  deductibleChance: 0.15,
};

export const PAYERS: readonly PayerFixture[] = [
  {
    name: 'Medicare Part B - Novitas Solutions (Texas)',
    payerId: '04412',
    type: 'medicare',
    address1: 'PO Box 3095',
    city: 'Mechanicsburg',
    state: 'PA',
    zip: '17055-1849',
    phone: '855-252-8782',
    timelyFilingDays: 365,
    memberIdStyle: 'mbi',
    allowedRatio: 0.42,
    costSharing: { visitCopayCents: [0], coinsurance: 0.2, deductibleChance: 0.06 },
    primaryWeight: 0,
    paymentLagDays: [14, 21],
  },
  {
    name: 'Texas Medicaid (TMHP)',
    payerId: '617591011',
    type: 'medicaid',
    address1: 'PO Box 200555',
    city: 'Austin',
    state: 'TX',
    zip: '78720-0555',
    phone: '800-925-9126',
    timelyFilingDays: 95,
    memberIdStyle: 'medicaid',
    allowedRatio: 0.34,
    costSharing: noCostSharing,
    primaryWeight: 12,
    paymentLagDays: [18, 40],
  },
  {
    name: 'Aetna',
    payerId: '60054',
    type: 'commercial',
    address1: 'PO Box 981106',
    city: 'El Paso',
    state: 'TX',
    zip: '79998-1106',
    phone: '888-632-3862',
    timelyFilingDays: 90,
    memberIdStyle: 'aetna',
    allowedRatio: 0.62,
    costSharing: commercialSharing,
    primaryWeight: 14,
    paymentLagDays: [12, 30],
  },
  {
    name: 'UnitedHealthcare',
    payerId: '87726',
    type: 'commercial',
    address1: 'PO Box 740800',
    city: 'Atlanta',
    state: 'GA',
    zip: '30374-0800',
    phone: '877-842-3210',
    timelyFilingDays: 90,
    memberIdStyle: 'uhc',
    allowedRatio: 0.6,
    costSharing: commercialSharing,
    primaryWeight: 20,
    paymentLagDays: [10, 28],
  },
  {
    name: 'Cigna',
    payerId: '62308',
    type: 'commercial',
    address1: 'PO Box 188061',
    city: 'Chattanooga',
    state: 'TN',
    zip: '37422-8061',
    phone: '800-882-4462',
    timelyFilingDays: 90,
    memberIdStyle: 'cigna',
    allowedRatio: 0.64,
    costSharing: commercialSharing,
    primaryWeight: 10,
    paymentLagDays: [12, 30],
  },
  {
    name: 'Humana',
    payerId: '61101',
    type: 'commercial',
    address1: 'PO Box 14601',
    city: 'Lexington',
    state: 'KY',
    zip: '40512-4601',
    phone: '800-448-6262',
    timelyFilingDays: 180,
    memberIdStyle: 'humana',
    allowedRatio: 0.55,
    costSharing: commercialSharing,
    primaryWeight: 6,
    paymentLagDays: [14, 35],
  },
  {
    name: 'Blue Cross Blue Shield of Texas',
    payerId: '84980',
    type: 'bcbs',
    address1: 'PO Box 660044',
    city: 'Dallas',
    state: 'TX',
    zip: '75266-0044',
    phone: '800-451-0287',
    timelyFilingDays: 180,
    memberIdStyle: 'bcbs',
    allowedRatio: 0.58,
    costSharing: commercialSharing,
    primaryWeight: 22,
    paymentLagDays: [10, 25],
  },
  {
    name: 'TRICARE West Region',
    payerId: '99726',
    type: 'tricare',
    address1: 'PO Box 202112',
    city: 'Florence',
    state: 'SC',
    zip: '29502-2112',
    phone: '888-874-9378',
    timelyFilingDays: 365,
    memberIdStyle: 'tricare',
    allowedRatio: 0.45,
    costSharing: { visitCopayCents: [0, 1500, 3300], coinsurance: 0, deductibleChance: 0 },
    primaryWeight: 3,
    paymentLagDays: [14, 30],
  },
  {
    name: 'Texas Mutual Insurance (Workers Comp)',
    payerId: 'TXMUT',
    type: 'workers_comp',
    address1: '2200 Aldrich St',
    city: 'Austin',
    state: 'TX',
    zip: '78723-3474',
    phone: '800-859-5995',
    timelyFilingDays: 95,
    memberIdStyle: 'claim',
    allowedRatio: 0.78,
    costSharing: noCostSharing,
    primaryWeight: 2,
    paymentLagDays: [20, 45],
  },
  {
    name: 'GEICO Auto PIP',
    payerId: 'GEICO',
    type: 'auto',
    address1: 'PO Box 509119',
    city: 'San Diego',
    state: 'CA',
    zip: '92150-9119',
    phone: '800-841-3000',
    timelyFilingDays: 365,
    memberIdStyle: 'claim',
    allowedRatio: 0.9,
    costSharing: noCostSharing,
    primaryWeight: 1,
    paymentLagDays: [25, 60],
  },
  // Not a payer: the weight of adults with no insurance. A claim that bills no payer is self-pay
  // (its insurance_id is NULL), so this entry is never inserted as an insurance nor as a patient's
  // coverage; it stays for databases seeded before, whose appended claims still read it by name.
  {
    name: 'Self Pay',
    payerId: 'SELFPAY',
    type: 'self_pay',
    address1: '',
    city: '',
    state: '',
    zip: '',
    phone: '',
    timelyFilingDays: 365,
    memberIdStyle: 'account',
    allowedRatio: 1,
    costSharing: noCostSharing,
    primaryWeight: 3,
    paymentLagDays: [0, 0],
  },
];

/** Adjudication behaviour by insurance type, for payers loaded from the database (append mode). */
export function payerBehaviour(name: string, type: InsuranceType): PayerFixture {
  const known = PAYERS.find((payer) => payer.name === name) ?? PAYERS.find((payer) => payer.type === type);
  if (!known) throw new Error(`No adjudication model for insurance type ${type}.`);
  return known;
}

/** The payers the demo inserts (insurances with group_id NULL): every fixture but the self-pay marker. */
export const BILLED_PAYERS: readonly PayerFixture[] = PAYERS.filter((payer) => payer.type !== 'self_pay');
