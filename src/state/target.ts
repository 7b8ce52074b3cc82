/**
 * What the biller is on: each screen publishes the record under its cursor or open (a claim, an
 * ERA check, a posting, a batch...) with its kind, id and the few facts a command needs to decide
 * whether it applies. Commands read it through `targetOf`, so they act on "the ERA check under
 * the cursor" without knowing which screen shows it.
 */
import type { ListedAdvance } from '../../contract/advancePaymentList.ts';
import type { BatchLedgerRow, ChargeBatch, Deposit, PaymentBatch } from '../../contract/batches.ts';
import type { ChargeLine, ClaimDiagnosis } from '../../contract/claimDetail.ts';
import type { ClaimDocument } from '../../contract/documents.ts';
import type { LedgerRow } from '../../contract/ledger.ts';
import type { DataRoleRow } from '../../contract/dataRoles.ts';
import type { ModuleRow, RoleRow } from '../../contract/menuRoles.ts';
import type { FacilityRow, GroupRow, PracticeRow } from '../../contract/organisation.ts';
import type { InsuranceRow } from '../../contract/payerAdmin.ts';
import type { ClearingHouseConnection } from '../../contract/clearinghouse.ts';
import type { Coverage, Guarantor } from '../../contract/patientCoverage.ts';
import type { ProviderRow } from '../../contract/providerAdmin.ts';
import type { ScrubFinding } from '../../contract/scrub.ts';
import type { UserRow } from '../../contract/staff.ts';
import type { RecordKind } from './recordsChanged.ts';
import { defineStore } from './store.ts';

/** An ERA check as a command names it and decides on it. */
export interface EraCheckFacts {
  eraCheckID: number;
  traceNumber: string;
  payerName: string;
  totalPaid: number;
  /** 'posted', 'partial' or 'unposted'. */
  status: string;
}

/** The facts each kind of target carries besides its id. */
export interface TargetFacts {
  /** A claim open on its screen, with what that screen shows of it. */
  claim: {
    chargeBatchID: number | null;
    charges: readonly ChargeLine[];
    diagnoses: readonly ClaimDiagnosis[];
    findings: readonly ScrubFinding[];
  };
  /** One of a claim's charge lines (a billed line no ERA line answered, in a comparison). */
  chargeLine: { claimID: number; lineNumber: number };
  eraCheck: EraCheckFacts & { eraID: number };
  /** A claim of an ERA check; `claimID` is ours, null while unmatched. */
  eraClaim: {
    claimID: number | null;
    posted: boolean;
    patientControlNumber: string;
    patientName: string | null;
    check: EraCheckFacts;
  };
  /** A service line of an ERA claim, with the charge (and claim) of ours it is linked to, if any. */
  eraLine: {
    eraCheckID: number;
    /** Its check, or its claim, is posted: nothing on it can change. */
    posted: boolean;
    claimID: number | null;
    chargeID: number | null;
    /** The linked charge's line number on our claim; null when unlinked or not known. */
    lineNumber: number | null;
    procedureCode: string;
    modifiers: readonly string[];
  };
  /** A ledger row: of a claim's (or patient's) ledger, or of a deposit's (a payment batch or an ERA check). */
  posting:
    | { ledger: 'claim'; claimID: number | null; row: LedgerRow }
    | { ledger: 'deposit'; claimID: number | null; row: BatchLedgerRow };
  /** A batch; `open` when its own detail screen shows it, false under a list's cursor. */
  paymentBatch: { batch: PaymentBatch; open: boolean };
  chargeBatch: { batch: ChargeBatch; open: boolean };
  /** A document batch (its list rows carry no more than this). */
  documentBatch: { batchNumber: string; status: string; description: string | null; open: boolean };
  advance: { advance: ListedAdvance };
  deposit: { deposit: Deposit };
  /** A submission batch shown with its 837 file. */
  submissionBatch: { fileName: string; content: string };
  /** A document of a claim. */
  document: { claimID: number; document: ClaimDocument };
  /** The organisation: a group (client), practice, facility, provider or payer under a cursor or open. */
  group: { group: GroupRow };
  practice: { practice: PracticeRow };
  facility: { facility: FacilityRow };
  provider: { provider: ProviderRow };
  insurance: { insurance: InsuranceRow };
  /** A clearinghouse's connection under the Clearinghouses screen's cursor. */
  clearingHouse: { connection: ClearingHouseConnection };
  /** Administration: a user (under a list's cursor, or open on their own screen), a menu role, a module, a data role. */
  staffUser: { user: UserRow };
  menuRole: { role: RoleRow };
  module: { module: ModuleRow };
  dataRole: { dataRole: DataRoleRow };
  /** A patient whose insurances and guarantors are shown (the id is the patient's). */
  patientCoverages: { patientName: string | null };
  /** A patient's coverage or guarantor under a section's cursor. */
  patientInsurance: { coverage: Coverage };
  patientGuarantor: { guarantor: Guarantor };
}

export type TargetKind = keyof TargetFacts & RecordKind;
export type Target<K extends TargetKind = TargetKind> = { [P in K]: { kind: P; id: number } & TargetFacts[P] }[K];

interface Entry {
  owner: string;
  kind: TargetKind;
  /** null: the owner shows records of this kind, but none is under its cursor (an empty list). */
  target: Target | null;
}

/** Newest last: a screen that publishes again moves to the end. */
export const targets = defineStore(() => ({ entries: [] as Entry[] }));

function remove(owner: string, kind: TargetKind): void {
  const index = targets.entries.findIndex((entry) => entry.owner === owner && entry.kind === kind);
  if (index >= 0) targets.entries.splice(index, 1);
}

/**
 * Publishes what `owner` (a screen, a pane) has of `kind` under its cursor: a target, or null for
 * "I list these, and none is here". Replaces what the owner published of that kind before.
 */
export function publishTarget<K extends TargetKind>(owner: string, kind: K, target: Target<K> | null): void {
  remove(owner, kind);
  targets.entries.push({ owner, kind, target: target as Target | null });
}

/** Takes back what `owner` published of `kind` (it went away or shows none any more). */
export function withdrawTarget(owner: string, kind: TargetKind): void {
  remove(owner, kind);
}

/**
 * The target of `kind` the biller is on: the one published last (that `where` accepts), or null
 * when no screen has one.
 */
export function targetOf<K extends TargetKind>(kind: K, where?: (target: Target<K>) => boolean): Target<K> | null {
  for (let index = targets.entries.length - 1; index >= 0; index -= 1) {
    const entry = targets.entries[index];
    if (entry === undefined || entry.kind !== kind) continue;
    const target = entry.target as Target<K> | null;
    if (where === undefined) return target;
    if (target !== null && where(target)) return target;
  }
  return null;
}

/** Whether a screen lists records of `kind` and has none of them to offer (its list is empty). */
export function listsNone(kind: TargetKind): boolean {
  const newest = targets.entries.findLast((entry) => entry.kind === kind);
  return newest !== undefined && newest.target === null;
}
