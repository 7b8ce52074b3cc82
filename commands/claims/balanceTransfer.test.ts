import { describe, expect, it } from 'vitest';
import type { ClaimTransferInsuranceReply } from '../../contract/claimTransfer.ts';
import { reverseRefusal } from '../../src/features/panes/index.ts';
import { nextPayerChoices, patientChoices } from './balanceTransfer.ts';

const targets = (patch: Partial<ClaimTransferInsuranceReply> = {}): ClaimTransferInsuranceReply => ({
  claimID: 7,
  insuranceBalance: 9000,
  patientBalance: 1000,
  coverages: [
    {
      payerName: 'Texas Medicaid',
      insuranceID: 2,
      patientInsuranceID: 20,
      rank: 'secondary',
      memberID: 'M2',
      crossoverPossible: true,
      reason: null,
    },
    {
      payerName: 'Cigna',
      insuranceID: 3,
      patientInsuranceID: 30,
      rank: 'tertiary',
      memberID: null,
      crossoverPossible: false,
      reason: 'A crossover bills Texas Medicaid (secondary) first.',
    },
  ],
  patient: { amount: 9000, possible: true, reason: null },
  ...patch,
});

describe('transferring a claim balance from the palette', () => {
  it('offers to move what the payer owes to the patient, saying what each will owe after, or says why it cannot', () => {
    expect(patientChoices(targets())).toEqual([
      {
        value: 'move',
        label: 'Move $90.00 to the patient',
        hint: 'The patient owes $100.00 after; the payer $0.00',
      },
      { value: 'keep', label: 'Keep it on the payer' },
    ]);
    const refused = targets({ patient: { amount: 0, possible: false, reason: 'Claim 7 is void.' } });
    expect(patientChoices(refused)).toEqual([{ value: 'keep', label: 'Claim 7 is void.' }]);
  });

  it('lists the next coverages in order, only the billable one can be picked', () => {
    expect(nextPayerChoices(targets()).map((choice) => [choice.value, choice.label])).toEqual([
      ['bill', 'Bill Texas Medicaid (secondary)'],
      ['keep', 'Cannot bill Cigna (tertiary)'],
      ['keep', 'Keep it where it is'],
    ]);
    expect(nextPayerChoices(targets({ coverages: [] }))).toEqual([
      { value: 'keep', label: 'The patient has no further coverage active on the date of service.' },
    ]);
  });

  it('lets a transfer to the patient be reversed from the postings, but not a payer’s patient share', () => {
    const marker = {
      ledgerID: 5,
      entryType: 'patient_responsibility' as const,
      amount: 0,
      chargeID: 9,
      reversedByLedgerID: null,
      reversesLedgerID: null,
    };
    expect(reverseRefusal({ ...marker, balanceTransferID: 1 })).toBeNull();
    expect(reverseRefusal({ ...marker, balanceTransferID: null })).toMatch(/moved no money/);
    expect(reverseRefusal({ ...marker, balanceTransferID: 1, reversedByLedgerID: 6 })).toMatch(/already reversed/);
  });
});
