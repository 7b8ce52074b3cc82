/**
 * The payer simulator as a clearinghouse: it reads each 837 (P or I) the product puts in its
 * claims folder, answers at once with a 999 and, for the transaction sets it accepted, a 277CA
 * per batch (each claim accepted or rejected), and `remitAfterSeconds` later with an 835 per
 * payer that pays, adjusts, denies and reverses as adjudicate.ts says. It reaches its folders
 * through the same interface as the product's transports (SFTP in the tests, local folders in
 * the demo), and moves each 837 it read to its done folder.
 */
import { write835, type Claim835 } from '../../edi/era/write835.ts';
import { adjudicate, correction, isReversedLater, reversal } from './adjudicate.ts';
import { stamp } from './envelope.ts';
import { read837, type Claim837 } from './read837.ts';
import { payerClaimControlNumber, write277ca } from './write277ca.ts';
import { write999 } from './write999.ts';

/** The folders as the simulator sees them: structurally the product's ClearinghouseSession. */
export interface SimFolders {
  upload(folder: string, name: string, text: string): Promise<void>;
  list(folder: string): Promise<string[]>;
  download(folder: string, name: string): Promise<string>;
  move(name: string, from: string, to: string): Promise<void>;
  end(): Promise<void>;
}

export interface ClearinghouseSimOptions {
  open: () => Promise<SimFolders>;
  /** Where the product puts its 837s (its outbound folder). */
  claimsFolder: string;
  /** Where the simulator answers (the product's inbound folder). */
  repliesFolder: string;
  /** Where the simulator moves the 837s it has read. */
  doneFolder: string;
  /** Seconds between the 277CA and the 835; 0 sends the 835 at the next tick. */
  remitAfterSeconds: number;
  now?: () => Date;
  /** The first control number it writes (by default one from the clock, so a restart does not repeat them). */
  firstControlNumber?: number;
}

const paidOf = (claim: Claim835) => claim.lines.reduce((sum, line) => sum + line.paidCents, 0);

interface PendingRemit {
  dueAt: number;
  claim: Claim837;
  payerClaimControlNumber: string;
}

interface PaidClaim {
  claim: Claim837;
  paid: Claim835;
  reversed: boolean;
}

export interface SimTick {
  /** The 837 files read. */
  read: string[];
  /** The files written to the replies folder. */
  wrote: string[];
}

export class ClearinghouseSim {
  private control: number;
  private readonly pending: PendingRemit[] = [];
  private readonly paid = new Map<string, PaidClaim>();
  private readonly now: () => Date;
  private running: Promise<SimTick> | null = null;

  constructor(private readonly options: ClearinghouseSimOptions) {
    this.now = options.now ?? (() => new Date());
    this.control = options.firstControlNumber ?? (Math.floor(this.now().getTime() / 1000) % 900_000_000) + 1;
  }

  private nextControl(): number {
    const value = this.control;
    this.control = (this.control % 999_999_999) + 1;
    return value;
  }

  /** Remits still to be sent. */
  get waiting(): number {
    return this.pending.length;
  }

  /** One pass: read new 837s and answer them, then send the remits that are due. One pass at a time. */
  tick(): Promise<SimTick> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Ticks every `everySeconds` until stopped; a failure is handed to `log` and tried again. */
  start(everySeconds: number, log: (error: unknown) => void): () => void {
    const timer = setInterval(() => void this.tick().catch(log), everySeconds * 1000);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async pass(): Promise<SimTick> {
    const folders = await this.options.open();
    const tick: SimTick = { read: [], wrote: [] };
    try {
      for (const name of await folders.list(this.options.claimsFolder)) {
        const text = await folders.download(this.options.claimsFolder, name);
        await this.answer(folders, text, tick);
        await folders.move(name, this.options.claimsFolder, this.options.doneFolder);
        tick.read.push(name);
      }
      await this.remit(folders, tick);
    } finally {
      await folders.end().catch(() => undefined);
    }
    return tick;
  }

  private async put(folders: SimFolders, kind: string, text: string, control: number, tick: SimTick): Promise<void> {
    const name = `${String(control).padStart(9, '0')}_${kind}.x12`;
    await folders.upload(this.options.repliesFolder, name, text);
    tick.wrote.push(name);
  }

  private async answer(folders: SimFolders, text: string, tick: SimTick): Promise<void> {
    const file = read837(text);
    // Not an interchange at all: nothing to acknowledge it with (a real clearinghouse would send a TA1).
    if (!file) return;
    const now = this.now();
    const us = { qualifier: file.receiverQualifier || 'ZZ', id: file.receiverID || 'SIMCLEARING' };
    const them = { qualifier: file.senderQualifier || 'ZZ', id: file.senderID };
    const control999 = this.nextControl();
    const ack = write999(file, { controlNumber: control999, now, sender: us, receiver: them });
    await this.put(folders, '999', ack.text, control999, tick);
    const accepted = file.groups.flatMap((group) =>
      group.transactions.filter((transaction) =>
        ack.acceptedSets.has(`${group.controlNumber}/${transaction.controlNumber}`),
      ),
    );
    if (accepted.every((transaction) => transaction.claims.length === 0)) return;
    const control277 = this.nextControl();
    const claims = write277ca(accepted, {
      controlNumber: control277,
      interchange: file.interchangeControlNumber,
      now,
      sender: us,
      receiver: them,
      submitter: file.submitter,
    });
    await this.put(folders, '277CA', claims.text, control277, tick);
    const dueAt = now.getTime() + this.options.remitAfterSeconds * 1000;
    for (const claim of claims.accepted)
      this.pending.push({
        dueAt,
        claim,
        payerClaimControlNumber: payerClaimControlNumber(claim, file.interchangeControlNumber),
      });
  }

  private async remit(folders: SimFolders, tick: SimTick): Promise<void> {
    const now = this.now();
    const due = this.pending.filter((remit) => remit.dueAt <= now.getTime());
    if (due.length === 0) return;
    this.pending.splice(0, this.pending.length, ...this.pending.filter((remit) => remit.dueAt > now.getTime()));
    const byPayer = new Map<string, PendingRemit[]>();
    for (const remit of due) {
      const key = `${remit.claim.payer.id}|${remit.claim.billingProvider.npi}`;
      byPayer.set(key, [...(byPayer.get(key) ?? []), remit]);
    }
    for (const remits of byPayer.values()) {
      const [first] = remits;
      if (!first) continue;
      const { payer, billingProvider } = first.claim;
      const answered: Claim835[] = [];
      const newlyPaid: PaidClaim[] = [];
      for (const remit of remits) {
        const claim835 = adjudicate(remit.claim, remit.payerClaimControlNumber);
        answered.push(claim835);
        if (claim835.status === '1') newlyPaid.push({ claim: remit.claim, paid: claim835, reversed: false });
      }
      // A claim paid in an earlier remittance of this payer and provider, due a reversal: taken back
      // and paid again, while the check still pays something (a check never goes below zero).
      let total = answered.reduce((sum, claim) => sum + paidOf(claim), 0);
      for (const [claimID, earlier] of this.paid) {
        if (earlier.reversed || !isReversedLater(claimID)) continue;
        if (earlier.claim.payer.id !== payer.id || earlier.claim.billingProvider.npi !== billingProvider.npi) continue;
        const pair = [reversal(earlier.paid), correction(earlier.claim, earlier.paid)];
        const change = pair.reduce((sum, claim) => sum + paidOf(claim), 0);
        if (total + change < 0) continue;
        total += change;
        earlier.reversed = true;
        answered.unshift(...pair);
      }
      for (const paid of newlyPaid) this.paid.set(paid.claim.claimID, paid);
      const control = this.nextControl();
      const text = write835({
        payer: { name: payer.name || 'SIMULATED PAYER', identifier: payer.id || 'SIMPAYER' },
        payee: { name: billingProvider.name || 'BILLING PROVIDER', npi: billingProvider.npi },
        traceNumber: `SIM${String(control).padStart(9, '0')}`,
        paymentDate: `${stamp(now).date.slice(0, 4)}-${stamp(now).date.slice(4, 6)}-${stamp(now).date.slice(6, 8)}`,
        controlNumber: control,
        claims: answered,
      });
      await this.put(folders, '835', text, control, tick);
    }
  }
}
