import { describe, expect, it } from 'vitest';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { planWriteOff, statusAfterWriteOff, type PlanLine } from './writeOffPlan.ts';

const line = (chargeId: number, balanceCents: number, chargeStatus = 'active'): PlanLine => ({
  chargeId,
  lineNumber: chargeId,
  chargeStatus,
  balanceCents,
});
const open = { claimStatusId: CLAIM_STATUS.patientBalance };

describe('planning a write-off over the lines', () => {
  it('takes from the lines in order, each at most what it owes, to the cent', () => {
    const lines = [line(1, 3333), line(2, 3333), line(3, 3334)];
    expect(planWriteOff({ ...open, balanceCents: 10_000 }, lines, 5001)).toEqual({
      ok: true,
      amountCents: 5001,
      parts: [
        { chargeId: 1, cents: 3333 },
        { chargeId: 2, cents: 1668 },
      ],
    });
    expect(planWriteOff({ ...open, balanceCents: 10_000 }, lines, 1)).toEqual({
      ok: true,
      amountCents: 1,
      parts: [{ chargeId: 1, cents: 1 }],
    });
  });

  it('defaults to the whole balance and skips paid, credit, void and deleted lines', () => {
    const lines = [
      line(1, 0),
      line(2, 250),
      line(3, 999, 'void'),
      line(4, -50),
      line(5, 301),
      line(6, 400, 'hold'),
      line(7, 0, 'deleted'),
    ];
    // The claim owes 901 (250 + 301 + 400 - 50); the void line is never taken from, whatever it shows.
    const plan = planWriteOff({ ...open, balanceCents: 901 }, lines, null);
    expect(plan).toEqual({
      ok: true,
      amountCents: 901,
      parts: [
        { chargeId: 2, cents: 250 },
        { chargeId: 5, cents: 301 },
        { chargeId: 6, cents: 350 },
      ],
    });
  });

  it('never takes more than the claim owes, even when some lines owe more than the claim', () => {
    const lines = [line(1, 500), line(2, -200)];
    expect(planWriteOff({ ...open, balanceCents: 300 }, lines, 301)).toEqual({
      ok: false,
      reason: "The write-off ($3.01) is more than the claim's balance of $3.00.",
    });
    expect(planWriteOff({ ...open, balanceCents: 300 }, lines, null)).toEqual({
      ok: true,
      amountCents: 300,
      parts: [{ chargeId: 1, cents: 300 }],
    });
  });

  it('refuses a void claim, nothing to write off, and more than the active lines owe', () => {
    expect(planWriteOff({ claimStatusId: CLAIM_STATUS.void, balanceCents: 100 }, [line(1, 100)], null)).toEqual({
      ok: false,
      reason: 'The claim is void: nothing on it can be written off.',
    });
    expect(planWriteOff({ ...open, balanceCents: 0 }, [line(1, 0)], null)).toEqual({
      ok: false,
      reason: "Nothing to write off: the claim's balance is $0.00.",
    });
    expect(planWriteOff({ ...open, balanceCents: 500 }, [line(1, 100), line(2, 400, 'void')], null)).toEqual({
      ok: false,
      reason: "The write-off ($5.00) is more than the $1.00 still owed on the claim's active lines.",
    });
    expect(planWriteOff({ ...open, balanceCents: 500 }, [line(1, 500)], 0)).toEqual({
      ok: false,
      reason: 'The write-off amount must be more than $0.00.',
    });
  });

  it('closes a settled claim unless the payer has yet to answer', () => {
    expect(statusAfterWriteOff(CLAIM_STATUS.patientBalance, 0)).toBe(CLAIM_STATUS.closed);
    expect(statusAfterWriteOff(CLAIM_STATUS.denied, 0)).toBe(CLAIM_STATUS.closed);
    expect(statusAfterWriteOff(CLAIM_STATUS.draft, 0)).toBe(CLAIM_STATUS.closed);
    expect(statusAfterWriteOff(CLAIM_STATUS.patientBalance, 1)).toBe(CLAIM_STATUS.patientBalance);
    expect(statusAfterWriteOff(CLAIM_STATUS.submitted, 0)).toBe(CLAIM_STATUS.submitted);
    expect(statusAfterWriteOff(CLAIM_STATUS.acceptedByPayer, 0)).toBe(CLAIM_STATUS.acceptedByPayer);
  });
});
