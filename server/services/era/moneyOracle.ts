/**
 * An independent model of what billing money must show, for the money property test: written
 * from the rules a biller applies to a remit (contract/postingRules.ts says which adjustment
 * moves what), not from the posting code. It knows each line's figures, each remit's effect (so
 * a reversal takes back exactly that remit), each check's posted money and each patient's
 * advance credit. The product must agree with it to the cent.
 */
import type { FinancialFigures } from '../../../contract/claimFinancial.ts';
import { adjustmentRule } from '../../../contract/postingRules.ts';

export interface ModelAdjustment {
  group: string;
  reason: string;
  cents: number;
}

export interface ModelRemitLine {
  chargeID: number;
  paidCents: number;
  adjustments: readonly ModelAdjustment[];
}

/** One payer's answer on one claim: with service lines, or at claim level only (no lines). */
export interface ModelRemit {
  payer: string;
  icn: string;
  claimID: number;
  /** CLP02: '1'..'3', '4' denied, '19'..'23'. */
  status: string;
  lines: readonly ModelRemitLine[];
  /** Claim-level CAS. */
  adjustments: readonly ModelAdjustment[];
  /** CLP04 of a claim-level-only remit. */
  paidCents?: number;
}

interface LineFigures {
  claimID: number;
  charge: number;
  insurancePaid: number;
  patientPaid: number;
  contractual: number;
  writeOffs: number;
  other: number;
  /** Standing patient-share markers: the payer passed the line to the patient. */
  patientMarkers: number;
}

type Effect = Map<number, { insurancePaid: number; contractual: number; other: number; patientMarkers: number }>;

interface StandingRemit {
  remit: ModelRemit;
  effect: Effect;
  reversed: boolean;
}

/** Cents spread over slots by room, floors first, the cents left to the last slots with room; what does not fit to the last slot. */
export function spreadByRoom(total: number, rooms: readonly number[]): number[] {
  if (rooms.length === 0) return [];
  if (total < 0) return spreadByRoom(-total, rooms).map((share) => -share || 0);
  const caps = rooms.map((room) => (room > 0 ? room : 0));
  const capacity = caps.reduce((sum, cap) => sum + cap, 0);
  const fits = total < capacity ? total : capacity;
  const shares = caps.map((cap) => (capacity === 0 ? 0 : Number((BigInt(fits) * BigInt(cap)) / BigInt(capacity))));
  let left = fits - shares.reduce((sum, share) => sum + share, 0);
  for (let index = caps.length - 1; index >= 0 && left > 0; index--) {
    const room = (caps[index] ?? 0) - (shares[index] ?? 0);
    const more = room < left ? room : left;
    if (more > 0) {
      shares[index] = (shares[index] ?? 0) + more;
      left -= more;
    }
  }
  shares[caps.length - 1] = (shares[caps.length - 1] ?? 0) + left + (total - fits);
  return shares;
}

export class MoneyOracle {
  private readonly lines = new Map<number, LineFigures>();
  /** Line order of each claim. */
  private readonly claimLines = new Map<number, number[]>();
  private readonly remits = new Map<string, StandingRemit>();
  private readonly checks = new Map<number, { deposited: number; posted: number }>();
  private readonly advances = new Map<
    number,
    { amount: number; refunded: number; reversed: boolean; applications: Map<number, number> }
  >();

  addLine(claimID: number, chargeID: number, charge: number): void {
    this.lines.set(chargeID, {
      claimID,
      charge,
      insurancePaid: 0,
      patientPaid: 0,
      contractual: 0,
      writeOffs: 0,
      other: 0,
      patientMarkers: 0,
    });
    this.claimLines.set(claimID, [...(this.claimLines.get(claimID) ?? []), chargeID]);
  }

  balance(chargeID: number): number {
    const line = this.lines.get(chargeID);
    if (!line) return 0;
    return line.charge - line.insurancePaid - line.patientPaid - line.contractual - line.writeOffs - line.other;
  }

  claimBalance(claimID: number): number {
    return (this.claimLines.get(claimID) ?? []).reduce((sum, chargeID) => sum + this.balance(chargeID), 0);
  }

  linesOf(claimID: number): number[] {
    return this.claimLines.get(claimID) ?? [];
  }

  lineFigures(chargeID: number): Omit<FinancialFigures, 'reversals' | 'insuranceBalance'> {
    const line = this.lines.get(chargeID);
    if (!line) throw new Error(`No line ${chargeID} in the model.`);
    const balance = this.balance(chargeID);
    return {
      charges: line.charge,
      insurancePaid: line.insurancePaid,
      patientPaid: line.patientPaid,
      contractualAdjustments: line.contractual,
      writeOffs: line.writeOffs,
      otherAdjustments: line.other,
      refunds: 0,
      balance,
      patientResponsibility: line.patientMarkers > 0 ? balance : 0,
    };
  }

  claimFigures(claimID: number): Omit<FinancialFigures, 'reversals' | 'insuranceBalance'> {
    const total = {
      charges: 0,
      insurancePaid: 0,
      patientPaid: 0,
      contractualAdjustments: 0,
      writeOffs: 0,
      otherAdjustments: 0,
      refunds: 0,
      balance: 0,
      patientResponsibility: 0,
    };
    for (const chargeID of this.linesOf(claimID)) {
      const figures = this.lineFigures(chargeID);
      for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += figures[key];
    }
    return total;
  }

  standing(icn: string): ModelRemit | null {
    const found = this.remits.get(icn);
    return found && !found.reversed ? found.remit : null;
  }

  standingRemits(): ModelRemit[] {
    return [...this.remits.values()].filter((entry) => !entry.reversed).map((entry) => entry.remit);
  }

  /** What one remit moves on each line, by the posting rules. */
  private effectOf(remit: ModelRemit): Effect {
    const effect: Effect = new Map();
    const on = (chargeID: number) => {
      let entry = effect.get(chargeID);
      if (!entry) effect.set(chargeID, (entry = { insurancePaid: 0, contractual: 0, other: 0, patientMarkers: 0 }));
      return entry;
    };
    const adjust = (chargeID: number, adjustment: ModelAdjustment, cents: number) => {
      const rule = adjustmentRule(adjustment.group, adjustment.reason);
      if (cents === 0 || rule.treatment === 'informational') return;
      if (rule.treatment === 'patient') on(chargeID).patientMarkers += 1;
      else if (rule.entryType === 'contractual_adjustment') on(chargeID).contractual += cents;
      else on(chargeID).other += cents;
    };
    const refused = (line: ModelRemitLine) => {
      if (remit.status === '4') return true;
      if (line.paidCents !== 0) return false;
      const treatments = line.adjustments.map(
        (adjustment) => adjustmentRule(adjustment.group, adjustment.reason).treatment,
      );
      return !treatments.includes('patient') && treatments.includes('write_off');
    };
    if (remit.lines.length > 0) {
      const rooms = remit.lines.map((line) => line.paidCents);
      const claimShares = remit.adjustments.map((adjustment) => {
        const shares = spreadByRoom(adjustment.cents, rooms);
        shares.forEach((share, index) => (rooms[index] = (rooms[index] ?? 0) - share));
        return shares;
      });
      remit.lines.forEach((line, index) => {
        if (refused(line)) return;
        const taken = claimShares.reduce((sum, shares) => sum + (shares[index] ?? 0), 0);
        on(line.chargeID).insurancePaid += line.paidCents - taken;
        for (const adjustment of line.adjustments) adjust(line.chargeID, adjustment, adjustment.cents);
        remit.adjustments.forEach((adjustment, which) =>
          adjust(line.chargeID, adjustment, claimShares[which]?.[index] ?? 0),
        );
      });
      return effect;
    }
    const order = this.linesOf(remit.claimID);
    const paid = remit.paidCents ?? 0;
    if (
      remit.status === '4' ||
      (paid === 0 &&
        remit.adjustments.length > 0 &&
        remit.adjustments.every(
          (adjustment) => adjustmentRule(adjustment.group, adjustment.reason).treatment === 'write_off',
        ))
    )
      return effect;
    const rooms = order.map((chargeID) => this.balance(chargeID));
    const take = (cents: number) => {
      const shares = spreadByRoom(cents, rooms);
      shares.forEach((share, index) => (rooms[index] = (rooms[index] ?? 0) - share));
      return shares;
    };
    take(paid).forEach((share, index) => (on(order[index] ?? 0).insurancePaid += share));
    for (const adjustment of remit.adjustments) {
      if (adjustmentRule(adjustment.group, adjustment.reason).treatment === 'informational') continue;
      take(adjustment.cents).forEach((share, index) => adjust(order[index] ?? 0, adjustment, share));
    }
    return effect;
  }

  private apply(effect: Effect, sign: 1 | -1): number {
    let paid = 0;
    for (const [chargeID, entry] of effect) {
      const line = this.lines.get(chargeID);
      if (!line) continue;
      line.insurancePaid += sign * entry.insurancePaid;
      line.contractual += sign * entry.contractual;
      line.other += sign * entry.other;
      line.patientMarkers += sign * entry.patientMarkers;
      paid += sign * entry.insurancePaid;
    }
    return paid;
  }

  /** A payer's remit claim posted; returns what it paid. */
  post(remit: ModelRemit): number {
    const effect = this.effectOf(remit);
    this.remits.set(remit.icn, { remit, effect, reversed: false });
    return this.apply(effect, 1);
  }

  /** The payer takes back the remit it names, if it is that payer's and still stands; returns the money moved. */
  reverse(payer: string, icn: string): number {
    const found = this.remits.get(icn);
    if (!found || found.reversed || found.remit.payer !== payer) return 0;
    found.reversed = true;
    return this.apply(found.effect, -1);
  }

  /** A provider-level recovery naming a claim: the payer withholds it, the claim's lines owe it again where the payer had paid. */
  recover(claimID: number, cents: number): void {
    const order = this.linesOf(claimID);
    const rooms = order.map((chargeID) => (this.lines.get(chargeID)?.charge ?? 0) - this.balance(chargeID));
    spreadByRoom(cents, rooms).forEach((share, index) => {
      const line = this.lines.get(order[index] ?? 0);
      if (line) line.insurancePaid -= share;
    });
  }

  check(eraCheckID: number, deposited: number, posted: number): void {
    this.checks.set(eraCheckID, { deposited, posted });
  }

  checkFigures(): ReadonlyMap<number, { deposited: number; posted: number }> {
    return this.checks;
  }

  /** A claim write-off, taken from the lines in line order, each up to what it owes. */
  writeOff(claimID: number, cents: number): void {
    let left = cents;
    for (const chargeID of this.linesOf(claimID)) {
      const owed = this.balance(chargeID);
      if (left === 0 || owed <= 0) continue;
      const part = Math.min(owed, left);
      const line = this.lines.get(chargeID);
      if (line) line.writeOffs += part;
      left -= part;
    }
  }

  patientPays(chargeID: number, cents: number): void {
    const line = this.lines.get(chargeID);
    if (line) line.patientPaid += cents;
  }

  addAdvance(advancePaymentID: number, amount: number): void {
    this.advances.set(advancePaymentID, { amount, refunded: 0, reversed: false, applications: new Map() });
  }

  applyAdvance(advancePaymentID: number, chargeID: number, cents: number): void {
    const advance = this.advances.get(advancePaymentID);
    if (!advance) return;
    advance.applications.set(chargeID, (advance.applications.get(chargeID) ?? 0) + cents);
    this.patientPays(chargeID, cents);
  }

  refundAdvance(advancePaymentID: number, cents: number): void {
    const advance = this.advances.get(advancePaymentID);
    if (advance) advance.refunded += cents;
  }

  reverseAdvance(advancePaymentID: number): void {
    const advance = this.advances.get(advancePaymentID);
    if (!advance) return;
    advance.reversed = true;
    for (const [chargeID, cents] of advance.applications) this.patientPays(chargeID, -cents);
  }

  /** An advance's credit left: nothing once reversed. */
  unapplied(advancePaymentID: number): number {
    const advance = this.advances.get(advancePaymentID);
    if (!advance || advance.reversed) return 0;
    const applied = [...advance.applications.values()].reduce((sum, cents) => sum + cents, 0);
    return advance.amount - applied - advance.refunded;
  }

  advanceIDs(): number[] {
    return [...this.advances.keys()];
  }

  advanceState(advancePaymentID: number): { refunded: number; reversed: boolean } | null {
    const advance = this.advances.get(advancePaymentID);
    return advance ? { refunded: advance.refunded, reversed: advance.reversed } : null;
  }
}
