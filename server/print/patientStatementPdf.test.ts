import { describe, expect, it } from 'vitest';
import type { PatientStatement, StatementLine } from '../../contract/patientStatements.ts';
import { pdfText } from '../../e2e/support/pdfText.ts';
import { patientStatementsPdf } from './patientStatementPdf.ts';

const address = { line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', zip: '78701' };

function statement(accountNumber: string, lines: StatementLine[], unappliedCredit = 0): PatientStatement {
  const patientBalanceDue = lines.reduce((sum, line) => sum + line.patientBalance, 0);
  return {
    patientID: 1,
    practice: { name: 'Lakeside Family Medicine', address, phone: '512-555-0100' },
    payTo: { line1: 'PO Box 4410', line2: null, city: 'Austin', state: 'TX', zip: '78765' },
    statementDate: '2026-11-22',
    accountNumber,
    patientName: 'JANE SMITH',
    inCollections: false,
    patientAddress: { line1: '2 Oak St', line2: 'Apt 4', city: 'Austin', state: 'TX', zip: '78701' },
    lines,
    patientBalanceDue,
    unappliedCredit,
    amountDue: Math.max(0, patientBalanceDue - unappliedCredit),
    aging: { days0to30: 0, days31to60: patientBalanceDue, days61to90: 0, days91to120: 0, over120: 0 },
    statements: [],
  };
}

const visit = (day: number, patientBalance: number): StatementLine => ({
  claimID: day,
  dateOfService: `2026-10-${String(day).padStart(2, '0')}`,
  description: 'Visit, self-pay',
  charges: 30_000,
  insurancePaid: 0,
  adjustments: 30_000 - patientBalance - 1234,
  patientPaid: 1234,
  patientBalance,
});

describe('the patient statement on paper', () => {
  it('is a PDF with the amount due, the aging and a coupon with an amount enclosed box', () => {
    const bytes = patientStatementsPdf([statement('LAK0001', [visit(8, 12_345), visit(9, 100_000)], 2500)]);
    expect(new TextDecoder('latin1').decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const text = pdfText(bytes);
    // $1,123.45 owed less a $25.00 credit, on the statement and on the coupon.
    expect(text.match(/\(\$1,098\.45\) Tj/g)?.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('(AMOUNT DUE) Tj');
    expect(text).toContain('(Amount enclosed) Tj');
    expect(text).toContain('(-$25.00) Tj');
    expect(text).toContain('(10/08/2026) Tj');
    expect(text).toContain('(31-60 days) Tj');
    expect(text).toContain('(PO Box 4410) Tj');
    expect(text).toContain('(Phone 512-555-0100) Tj');
  });

  it('puts each statement of a run on pages of its own, and carries long statements over', () => {
    const many = Array.from({ length: 30 }, (_, index) => visit(index + 1, 100));
    const bytes = patientStatementsPdf([statement('AAA0001', [visit(1, 500)]), statement('BBB0002', many)]);
    const text = pdfText(bytes);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(3);
    expect(text).toContain('(PATIENT STATEMENT \\(continued\\)) Tj');
    expect(text).toContain('(AAA0001) Tj');
    expect(text).toContain('(BBB0002) Tj');
  });
});
