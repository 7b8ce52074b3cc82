import { describe, expect, it, vi } from 'vitest';
import type { ClaimFinancialReply, FinancialFigures } from '../../contract/claimFinancial.ts';
import type { CommandContext } from '../../src/console/types.ts';

const preview = vi.hoisted(() => vi.fn());
vi.mock('../../src/api/writeOff.ts', () => ({ getMassWriteOffData: preview }));
const { amountProblem, confirmChoices, financialLines, typedCents } = await import('./writeOff.ts');

const none: FinancialFigures = {
  charges: 0,
  insurancePaid: 0,
  patientPaid: 0,
  contractualAdjustments: 0,
  writeOffs: 0,
  otherAdjustments: 0,
  reversals: 0,
  refunds: 0,
  balance: 0,
  patientResponsibility: 0,
  insuranceBalance: 0,
};

const picked = (ids: number[]): CommandContext => ({
  route: '/app/all-claims',
  scopes: ['page', 'grid'],
  selection: { recordType: 'claim', ids, allMatching: null },
  record: null,
  modules: new Set(['CLAIMS']),
  source: 'palette',
});

describe('the write-off commands', () => {
  it('take an empty amount as the whole balance and refuse what is not a dollar amount above zero', () => {
    expect(typedCents('')).toBeNull();
    expect(typedCents(' 12.5 ')).toBe(1250);
    expect(amountProblem('')).toBeNull();
    expect(amountProblem('$1,234.56')).toBeNull();
    expect(amountProblem('0')).toBe('The write-off must be more than $0.00.');
    expect(amountProblem('ten')).toBe(
      'Type an amount in dollars, like 12.50, or leave it empty for the whole balance.',
    );
  });

  it('confirm a small-balance run with its count and total, or say why it would do nothing', async () => {
    preview.mockResolvedValueOnce({
      count: 12,
      totalCents: 4567,
      rows: [
        { claimID: 7, patientName: 'SMITH, JANE', dosFrom: '2026-01-02', claimStatus: 'Patient Balance', balance: 250 },
        { claimID: 9, patientName: 'DOE, JOHN', dosFrom: '2026-01-03', claimStatus: 'Denied', balance: 999 },
      ],
    });
    const choices = await confirmChoices(picked([7, 9, 11]), { maxBalanceCents: 1000 });
    expect(preview).toHaveBeenLastCalledWith({ claimIDS: [7, 9, 11] }, 1000, { background: true });
    expect(choices).toEqual([
      { value: 'go', label: 'Write off 12 claims, $45.67', hint: '7 SMITH, JANE $2.50 · 9 DOE, JOHN $9.99 …' },
      { value: 'cancel', label: 'Cancel' },
    ]);

    preview.mockResolvedValueOnce({ count: 0, totalCents: 0, rows: [] });
    expect(await confirmChoices(picked([7]), { maxBalanceCents: 500 })).toEqual([
      { value: 'cancel', label: 'No selected claim has a balance between $0.01 and $5.00.' },
    ]);
    expect(await confirmChoices(picked([7]), { maxBalanceCents: 0 })).toEqual([
      { value: 'cancel', label: 'A limit of $0.00 writes off nothing: go back and type a larger amount.' },
    ]);
  });

  it('show the financial summary as lines: the figures that are not zero, the balance and who owes it, and what does not agree', () => {
    const summary: ClaimFinancialReply = {
      claimID: 5,
      claimStatus: 'Patient Balance',
      totals: {
        ...none,
        charges: 28_000,
        insurancePaid: 12_000,
        writeOffs: 500,
        reversals: 8000,
        balance: 15_500,
        patientResponsibility: 1500,
        insuranceBalance: 14_000,
      },
      storedBalance: 15_000,
      balanced: false,
      problems: ["The claim's balance is $150.00 but its ledger adds up to $155.00."],
      lines: [],
    };
    expect(financialLines(summary)).toEqual([
      'Charges: $280.00',
      'Insurance paid: −$120.00',
      'Write-offs: −$5.00',
      'Reversed (already out of the figures above): $80.00',
      'Balance: $155.00 (patient $15.00, insurance $140.00)',
      "The claim's balance is $150.00 but its ledger adds up to $155.00.",
    ]);
  });
});
