import type { LedgerEntryType } from '../../../contract/ledger.ts';

/** ICD-10-CM codes are stored without the dot; billers read them with it (E11.9). */
export function icdWithDot(code: string): string {
  return code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code;
}

/** CPT with its modifiers as billers write it: 99213-25-59. */
export function procedureText(cptCode: string, modifiers: readonly string[]): string {
  return [cptCode, ...modifiers].join('-');
}

const ENTRY_TYPE_TEXT: Readonly<Record<LedgerEntryType, string>> = {
  charge: 'Charge',
  insurance_payment: 'Insurance payment',
  patient_payment: 'Patient payment',
  contractual_adjustment: 'Contractual adjustment',
  adjustment: 'Adjustment',
  write_off: 'Write-off',
  patient_responsibility: 'Patient responsibility',
  denial: 'Denial',
  refund: 'Refund',
  reversal: 'Reversal',
  advance_payment: 'Advance payment',
  advance_application: 'Advance applied',
};

export function entryTypeText(type: LedgerEntryType): string {
  return ENTRY_TYPE_TEXT[type];
}

/** Group and reason code as on a remittance: CO-45. */
export function adjustmentCode(groupCode: string | null, reasonCode: string | null): string {
  if (!reasonCode) return groupCode ?? '';
  return groupCode ? `${groupCode}-${reasonCode}` : reasonCode;
}
