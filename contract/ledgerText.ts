import type { LedgerEntryType } from './ledger.ts';

/** A ledger row's kind in the biller's words, the same on every screen and statement. */
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
