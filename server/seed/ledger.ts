import { CLAIM_STATUS } from '../../contract/claimStatus.ts';
import { formatCents } from '../../contract/money.ts';
import type { ChargeDraft, ClaimDraft } from './claimDraft.ts';
import type { PayerFixture } from './payers.ts';
import type { Random } from './random.ts';

/**
 * The financial history of a generated claim: one 'charge' row per line, then the payments,
 * adjustments and transfers its status implies. amount_cents is the effect on the balance (a
 * charge is positive, money in and adjustments negative), so a line's balance is its charge plus
 * the sum of its rows, and the status decides what is left: nothing for Paid or Closed, the
 * patient's share for Patient Balance, everything for Denied.
 */
export type LedgerEntryType =
  | 'charge'
  | 'insurance_payment'
  | 'patient_payment'
  | 'contractual_adjustment'
  | 'adjustment'
  | 'write_off'
  | 'patient_responsibility'
  | 'denial'
  | 'reversal';

export interface LedgerDraft {
  readonly chargeIndex: number;
  readonly type: LedgerEntryType;
  readonly amountCents: number;
  readonly groupCode: string | null;
  readonly reasonCode: string | null;
  readonly day: number;
  readonly note: string | null;
  /** A reversal of this line's 'charge' row (voided claims). */
  readonly reversesCharge: boolean;
}

export interface Denial {
  readonly groupCode: string;
  readonly reasonCode: string;
  readonly text: string;
}

export interface LedgerOutcome {
  readonly entries: readonly LedgerDraft[];
  readonly chargeBalances: readonly number[];
  readonly denial: Denial | null;
  /** Day of the payer's answer (payment or denial), if any. */
  readonly adjudicatedDay: number | null;
  readonly lastDay: number;
}

export const DENIALS: readonly Denial[] = [
  { groupCode: 'CO', reasonCode: '16', text: 'Claim lacks information or has submission/billing errors' },
  { groupCode: 'CO', reasonCode: '197', text: 'Precertification/authorization absent' },
  { groupCode: 'CO', reasonCode: '50', text: 'Not deemed a medical necessity by the payer' },
  { groupCode: 'CO', reasonCode: '29', text: 'The time limit for filing has expired' },
  { groupCode: 'CO', reasonCode: '109', text: 'Not covered by this payer; send to the correct payer' },
  { groupCode: 'OA', reasonCode: '22', text: 'Care may be covered by another payer per coordination of benefits' },
  { groupCode: 'PR', reasonCode: '27', text: 'Expenses incurred after coverage terminated' },
];

const denialWeights = [30, 18, 16, 8, 10, 12, 6];

const PR_LABEL: Readonly<Record<string, string>> = { '1': 'deductible', '2': 'coinsurance', '3': 'copay' };

interface Adjudication {
  readonly paid: number;
  readonly contractual: number;
  readonly patientShare: number;
  readonly shareReason: string | null;
}

class LedgerBuilder {
  readonly entries: LedgerDraft[] = [];
  readonly balances: number[];

  constructor(
    private readonly claim: ClaimDraft,
    private readonly nowDay: number,
  ) {
    this.balances = claim.charges.map(() => 0);
    claim.charges.forEach((charge, index) => this.add(index, 'charge', charge.chargeCents, claim.createdDay));
  }

  add(
    chargeIndex: number,
    type: LedgerEntryType,
    amountCents: number,
    day: number,
    extra: Partial<Pick<LedgerDraft, 'groupCode' | 'reasonCode' | 'note' | 'reversesCharge'>> = {},
  ): void {
    this.entries.push({
      chargeIndex,
      type,
      amountCents,
      day: Math.min(day, this.nowDay),
      groupCode: extra.groupCode ?? null,
      reasonCode: extra.reasonCode ?? null,
      note: extra.note ?? null,
      reversesCharge: extra.reversesCharge ?? false,
    });
    this.balances[chargeIndex] = (this.balances[chargeIndex] ?? 0) + amountCents;
  }

  /** Posts a payer's answer for one line: payment, contractual write-down, patient share marker. */
  postAdjudication(index: number, result: Adjudication, day: number, payerName: string): void {
    if (result.paid > 0) this.add(index, 'insurance_payment', -result.paid, day, { note: payerName });
    if (result.contractual > 0)
      this.add(index, 'contractual_adjustment', -result.contractual, day, { groupCode: 'CO', reasonCode: '45' });
    if (result.patientShare > 0 && result.shareReason) {
      // Responsibility moves from payer to patient; the amount owed does not change, so the row
      // is 0 and the share is in the note (the schema has no column for it).
      this.add(index, 'patient_responsibility', 0, day, {
        groupCode: 'PR',
        reasonCode: result.shareReason,
        note: `Patient ${PR_LABEL[result.shareReason] ?? 'responsibility'} ${formatCents(result.patientShare)}`,
      });
    }
  }

  balance(index: number): number {
    return this.balances[index] ?? 0;
  }
}

function adjudicate(
  random: Random,
  payer: PayerFixture,
  charge: ChargeDraft,
  copayTaken: { value: boolean },
): Adjudication {
  const ratio = payer.allowedRatio * (0.96 + random.next() * 0.08);
  const allowed = Math.min(charge.chargeCents, Math.round(charge.chargeCents * ratio));
  const sharing = payer.costSharing;
  let patientShare = 0;
  let shareReason: string | null = null;
  const copay = random.pick(sharing.visitCopayCents);
  if (random.chance(sharing.deductibleChance)) {
    patientShare = Math.round(allowed * (0.3 + random.next() * 0.7));
    shareReason = '1';
  } else if (charge.isVisit && copay > 0 && !copayTaken.value) {
    patientShare = Math.min(allowed, copay);
    shareReason = '3';
    copayTaken.value = true;
  } else if (sharing.coinsurance > 0) {
    patientShare = Math.round(allowed * sharing.coinsurance);
    shareReason = '2';
  }
  return { paid: allowed - patientShare, contractual: charge.chargeCents - allowed, patientShare, shareReason };
}

/** Builds the ledger rows of one claim; `nowDay` caps every posting date. */
export function buildLedger(random: Random, claim: ClaimDraft, nowDay: number): LedgerOutcome {
  const builder = new LedgerBuilder(claim, nowDay);
  const status = claim.status.statusId;
  const payer = claim.selfPay ? null : claim.payer;
  const lag = payer ? random.int(payer.behaviour.paymentLagDays[0], payer.behaviour.paymentLagDays[1]) : 0;
  const adjudicatedDay = Math.min(nowDay, (claim.submittedDay ?? claim.createdDay) + lag);
  const patientDay = Math.min(nowDay, adjudicatedDay + random.int(7, 45));
  const lines = claim.charges.map((_, index) => index);
  let denial: Denial | null = null;
  let answered = false;

  const adjudicateAll = (): Adjudication[] => {
    if (!payer) return [];
    const copayTaken = { value: false };
    return claim.charges.map((charge) => adjudicate(random, payer.behaviour, charge, copayTaken));
  };
  // Settles what the patient owes on a line: a secondary payer or the patient pays it.
  const settleShare = (index: number, share: number): void => {
    if (share <= 0) return;
    if (claim.secondaryPayer && claim.secondaryPayer.type !== 'self_pay' && random.chance(0.9)) {
      builder.add(index, 'insurance_payment', -share, adjudicatedDay + random.int(10, 25), {
        note: `Secondary: ${claim.secondaryPayer.name}`,
      });
    } else {
      builder.add(index, 'patient_payment', -share, patientDay);
    }
  };

  switch (status) {
    case CLAIM_STATUS.paid: {
      adjudicateAll().forEach((result, index) => {
        builder.postAdjudication(index, result, adjudicatedDay, payer?.name ?? '');
        settleShare(index, result.patientShare);
      });
      answered = true;
      break;
    }
    case CLAIM_STATUS.partiallyPaid: {
      const results = adjudicateAll();
      const open = lines.length - 1;
      if (lines.length >= 2) {
        // Every line but the last is paid in full; the last is still open with the payer.
        results.slice(0, open).forEach((result, index) => {
          builder.postAdjudication(
            index,
            { ...result, paid: result.paid + result.patientShare, patientShare: 0, shareReason: null },
            adjudicatedDay,
            payer?.name ?? '',
          );
        });
        if (random.chance(0.5))
          builder.add(open, 'denial', 0, adjudicatedDay, {
            groupCode: 'CO',
            reasonCode: '16',
            note: 'Line pending: information requested',
          });
      } else {
        const result = results[0];
        if (result) {
          const withheld = Math.max(100, Math.round((result.paid + result.patientShare) * 0.4));
          builder.postAdjudication(
            0,
            {
              ...result,
              paid: Math.max(0, result.paid + result.patientShare - withheld),
              patientShare: 0,
              shareReason: null,
            },
            adjudicatedDay,
            payer?.name ?? '',
          );
        }
      }
      answered = true;
      break;
    }
    case CLAIM_STATUS.patientBalance: {
      if (payer) {
        const results = adjudicateAll();
        const first = results[0];
        if (first && results.every((result) => result.patientShare === 0)) {
          // Medicaid-like plans have no cost sharing: make the first line a deductible case.
          const share = Math.min(first.paid, Math.max(1_000, Math.round(first.paid * 0.3)));
          results[0] = { ...first, paid: first.paid - share, patientShare: share, shareReason: '1' };
        }
        results.forEach((result, index) => builder.postAdjudication(index, result, adjudicatedDay, payer.name));
        answered = true;
      }
      // Some patients have paid part of what they owe.
      const owing = lines.find((index) => builder.balance(index) >= 400);
      if (owing !== undefined && random.chance(0.35))
        builder.add(
          owing,
          'patient_payment',
          -Math.round(builder.balance(owing) * (0.2 + random.next() * 0.4)),
          patientDay,
        );
      break;
    }
    case CLAIM_STATUS.closed: {
      if (!payer) {
        lines.forEach((index) => {
          const discount = Math.round(builder.balance(index) * 0.3);
          builder.add(index, 'adjustment', -discount, patientDay, { note: 'Self-pay discount' });
          builder.add(index, 'patient_payment', -builder.balance(index), patientDay);
        });
        break;
      }
      answered = true;
      const variant = random.weighted([
        { value: 'paid', weight: 60 },
        { value: 'small-balance', weight: 25 },
        { value: 'denied', weight: 15 },
      ]);
      if (variant === 'denied') {
        // A denial that could not be overturned (e.g. filed too late) is written off.
        denial = random.pick([DENIALS[3], DENIALS[2]].filter((entry): entry is Denial => entry !== undefined));
        const writeOffDay = Math.min(nowDay, adjudicatedDay + random.int(20, 60));
        lines.forEach((index) => {
          builder.add(index, 'denial', 0, adjudicatedDay, {
            groupCode: denial?.groupCode ?? 'CO',
            reasonCode: denial?.reasonCode ?? null,
          });
          builder.add(index, 'write_off', -builder.balance(index), writeOffDay, {
            groupCode: denial?.groupCode ?? 'CO',
            reasonCode: denial?.reasonCode ?? null,
            note: 'Denial written off',
          });
        });
        break;
      }
      adjudicateAll().forEach((result, index) => {
        builder.postAdjudication(index, result, adjudicatedDay, payer.name);
        if (variant === 'paid') settleShare(index, result.patientShare);
        else if (result.patientShare > 0) {
          const paid = Math.floor(result.patientShare * random.next() * 0.8);
          if (paid > 0) builder.add(index, 'patient_payment', -paid, patientDay);
          builder.add(index, 'write_off', -(result.patientShare - paid), Math.min(nowDay, patientDay + 60), {
            note: 'Small balance write-off',
          });
        }
      });
      break;
    }
    case CLAIM_STATUS.denied: {
      denial = random.weighted(DENIALS.map((entry, index) => ({ value: entry, weight: denialWeights[index] ?? 1 })));
      lines.forEach((index) =>
        builder.add(index, 'denial', 0, adjudicatedDay, {
          groupCode: denial?.groupCode ?? null,
          reasonCode: denial?.reasonCode ?? null,
        }),
      );
      answered = true;
      break;
    }
    case CLAIM_STATUS.void: {
      const voidDay = Math.min(nowDay, claim.createdDay + random.int(2, 30));
      claim.charges.forEach((charge, index) =>
        builder.add(index, 'reversal', -charge.chargeCents, voidDay, { note: 'Claim voided', reversesCharge: true }),
      );
      break;
    }
    case CLAIM_STATUS.draft:
    case CLAIM_STATUS.readyToSubmit:
    case CLAIM_STATUS.submitted:
    case CLAIM_STATUS.acceptedByPayer:
    case CLAIM_STATUS.rejected:
      // Not answered by a payer yet: the charge rows are the whole ledger.
      break;
  }

  const balances = builder.balances;
  balances.forEach((balance, index) => {
    if (balance < 0)
      throw new Error(`Seed ledger produced a negative balance on line ${index + 1} of a ${status} claim.`);
  });
  return {
    entries: builder.entries,
    chargeBalances: balances,
    denial,
    adjudicatedDay: answered ? adjudicatedDay : null,
    lastDay: builder.entries.reduce((last, entry) => Math.max(last, entry.day), claim.createdDay),
  };
}
