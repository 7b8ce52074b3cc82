import type { Claim837, InsuranceType837 } from './claim837.ts';

/** 'P' for 837P (005010X222A1), 'I' for 837I (005010X223A2). */
export type Kind837 = 'P' | 'I';

export function kindOf(claim: Pick<Claim837, 'claimType'>): Kind837 {
  return claim.claimType === 'professional' ? 'P' : 'I';
}

export const IMPLEMENTATION: Record<Kind837, string> = { P: '005010X222A1', I: '005010X223A2' };

/** SBR01: the payer's place in the order of payment, from the coverage's priority. */
export function responsibility(priority: 1 | 2 | 3): string {
  return priority === 1 ? 'P' : priority === 2 ? 'S' : 'T';
}

/** SBR09 claim filing indicator; Medicare is Part B ('MB') on 837P and Part A ('MA') on 837I. */
export function filingIndicator(type: InsuranceType837, kind: Kind837): string {
  switch (type) {
    case 'medicare':
      return kind === 'P' ? 'MB' : 'MA';
    case 'medicaid':
      return 'MC';
    case 'commercial':
      return 'CI';
    case 'bcbs':
      return 'BL';
    case 'tricare':
      return 'CH';
    case 'workers_comp':
      return 'WC';
    case 'auto':
      return 'AM';
    case 'self_pay':
      return '09';
  }
}

/** Type-of-bill facility and classification digits: '131' or '0131' -> '13'. */
export function facilityTypeCode(billType: string): string {
  const code = billType.replace(/\D/g, '');
  return (code.length === 4 ? code.slice(1) : code).slice(0, 2);
}

const INPATIENT_BILL_TYPES = new Set(['11', '12', '18', '21', '22', '28', '41']);

/** Inpatient stays carry an admission date and an admitting diagnosis on the 837I. */
export function isInpatient(facilityType: string): boolean {
  return INPATIENT_BILL_TYPES.has(facilityType);
}
