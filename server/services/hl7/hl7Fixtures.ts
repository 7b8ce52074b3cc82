/**
 * HL7 v2.5 messages as an EHR sends them, for the import's tests: a registration (ADT^A04), an
 * update (ADT^A08) and a charge message (DFT^P03) of one patient, with repeated identifiers and
 * diagnoses, escape sequences (\X27\ an apostrophe, \T\ an ampersand, \S\ a caret) and segments
 * the import does not read (EVN, NK1, GT1) and the insurances it does (IN1). Segments end with CR, as on the wire.
 * The receiving facility (MSH-6) is HARBOR; the provider's NPI is the test group's, 1234567893.
 */
export const NPI = '1234567893';

const lines = (...segments: string[]) => segments.join('\r');

/** An IN1 segment: its fields by number (IN1-1 onwards), the others empty. */
export function in1(fields: Readonly<Record<number, string>>): string {
  const last = Math.max(...Object.keys(fields).map(Number));
  return ['IN1', ...Array.from({ length: last }, (_, index) => fields[index + 1] ?? '')].join('|');
}

/** The registration's insurance: Aetna (payer ID 60054), the patient the insured, from 2026-01-01. */
export const AETNA_IN1 = in1({
  1: '1',
  2: 'PPO',
  3: '60054',
  4: 'AETNA',
  8: 'GRP7788',
  12: '20260101',
  17: 'SEL',
  36: 'W123456789',
});

export function adtA04(controlID = 'A04-0001', receivingFacility = 'HARBOR'): string {
  return lines(
    `MSH|^~\\&|EPIC|NORTHCLINIC|BILLING|${receivingFacility}|20260310083000||ADT^A04^ADT_A01|${controlID}|P|2.5`,
    'EVN|A04|20260310083000',
    'PID|1||MRN55501^^^NORTHCLINIC^MR~900112233^^^SSA^SS||O\\X27\\CONNOR^MARY^ELLEN||19750412|F|||12 Harbor St \\T\\ Pier Rd^Unit 4\\S\\B^Austin^TX^78702||^PRN^PH^^1^512^5550101',
    `PV1|1|O|CLINIC^^^HARBOR CLINIC||||${NPI}^LEE^ANN|||||||||||V1001`,
    'NK1|1|O\\X27\\CONNOR^PATRICK|SPO^Spouse',
    AETNA_IN1,
  );
}

export function adtA08(controlID = 'A08-0001', ...insurances: string[]): string {
  return lines(
    'MSH|^~\\&|EPIC|NORTHCLINIC|BILLING|HARBOR|20260311090000||ADT^A08^ADT_A01|' + controlID + '|P|2.5',
    'EVN|A08|20260311090000',
    'PID|1||MRN55501^^^NORTHCLINIC^MR||O\\X27\\CONNOR^MARY^ELLEN||19750412|F|||400 Bay Ave^^Austin^TX^78703||^PRN^PH^^1^512^5550199',
    'PV1|1|O',
    ...insurances,
  );
}

export interface DftOptions {
  controlID?: string;
  npi?: string;
  secondCode?: string;
  lastName?: string;
  firstName?: string;
  birthDate?: string;
  mrn?: string;
}

/** Two charges: an office visit with modifier 25 for two diagnoses, and two units of a drug. */
export function dftP03(options: DftOptions = {}): string {
  const npi = options.npi ?? NPI;
  const second = options.secondCode ?? 'J1100';
  return lines(
    `MSH|^~\\&|EPIC|NORTHCLINIC|BILLING|HARBOR|20260310100000||DFT^P03^DFT_P03|${options.controlID ?? 'DFT-0001'}|P|2.5`,
    'EVN|P03|20260310100000',
    `PID|1||${options.mrn ?? 'MRN55501'}^^^NORTHCLINIC^MR||${options.lastName ?? 'O\\X27\\CONNOR'}^${options.firstName ?? 'MARY'}||${options.birthDate ?? '19750412'}|F`,
    `PV1|1|O|CLINIC^^^HARBOR CLINIC||||${npi}^LEE^ANN`,
    `FT1|1|||20260310|20260310|CG|99214^Office visit, est. patient^CPT|||1|150.00||||||||E11.9^Type 2 diabetes^I10~I10^Hypertension^I10|${npi}^LEE^ANN|||||99214^Office visit^C4|25`,
    `FT1|2|||20260310|20260310|CG|${second}^Dexamethasone 1 mg^HCPCS|||2|24.00||||||||E11.9^Type 2 diabetes^I10|${npi}^LEE^ANN|||||${second}^Dexamethasone^HCPCS`,
    'DG1|1||E11.9^Type 2 diabetes mellitus without complications^I10||20260310|F',
    'DG1|2||I10^Essential (primary) hypertension^I10||20260310|F',
    'GT1|1||O\\X27\\CONNOR^MARY',
  );
}

/** An order message: a kind the import does not take. */
export function ormO01(controlID = 'ORM-0001'): string {
  return lines(
    `MSH|^~\\&|EPIC|NORTHCLINIC|BILLING|HARBOR|20260310100000||ORM^O01^ORM_O01|${controlID}|P|2.5`,
    'PID|1||MRN55501^^^NORTHCLINIC^MR||O\\X27\\CONNOR^MARY||19750412|F',
  );
}
