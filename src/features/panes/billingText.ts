/** ICD-10-CM codes are stored without the dot; billers read them with it (E11.9). */
export function icdWithDot(code: string): string {
  return code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code;
}

/** CPT with its modifiers as billers write it: 99213-25-59. */
export function procedureText(cptCode: string, modifiers: readonly string[]): string {
  return [cptCode, ...modifiers].join('-');
}

// Shared with the server's statements and transaction lists.
export { adjustmentCode, entryTypeText } from '../../../contract/ledgerText.ts';
