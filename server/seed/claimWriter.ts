import type { Transaction } from '../db/types.ts';
import { reserveIds, RowBuffer } from '../reference/bulkInsert.ts';
import type { ClaimActivity } from './activity.ts';
import type { ClaimDraft } from './claimDraft.ts';
import { dayToDate, timestampOn } from './dates.ts';
import type { LedgerOutcome } from './ledger.ts';
import { TABLES } from './tables.ts';

/** Writes generated claims with their diagnoses, charges, ledger rows, notes and tasks. */
export interface GeneratedClaim {
  readonly claim: ClaimDraft;
  readonly ledger: LedgerOutcome;
  readonly activity: ClaimActivity;
}

export interface WriteCounts {
  readonly claims: number;
  readonly charges: number;
  readonly ledgerEntries: number;
}

// Office hours, spread by id so that rows of one day do not all share one timestamp.
const minuteOf = (id: number, salt: number): number => 8 * 60 + ((id * 37 + salt * 101) % (9 * 60));

/** Sent as REF*6R and echoed in the ERA; derived from the charge id, so unique by construction. */
export const lineControlNumber = (chargeId: number): string => `L${String(chargeId).padStart(10, '0')}`;

export class ClaimWriter {
  private readonly claims = new RowBuffer(TABLES.claims);
  private readonly diagnoses = new RowBuffer(TABLES.claimDiagnoses);
  private readonly charges = new RowBuffer(TABLES.charges);
  private readonly ledger = new RowBuffer(TABLES.ledgerEntries);
  private readonly notes = new RowBuffer(TABLES.notes);
  private readonly tasks = new RowBuffer(TABLES.tasks);

  constructor(private readonly chunkRows: number) {}

  /** Writes `batch` through `tx`; ids come from the tables' identity sequences (see reserveIds). */
  async write(tx: Transaction, batch: readonly GeneratedClaim[]): Promise<WriteCounts> {
    const chargeCount = batch.reduce((sum, item) => sum + item.claim.charges.length, 0);
    const entryCount = batch.reduce((sum, item) => sum + item.ledger.entries.length, 0);
    const claimIds = await reserveIds(tx, 'claims', 'claim_id', batch.length);
    const chargeIds = await reserveIds(tx, 'charges', 'charge_id', chargeCount);
    const ledgerIds = await reserveIds(tx, 'ledger_entries', 'ledger_id', entryCount);
    let nextCharge = 0;
    let nextEntry = 0;

    batch.forEach((item, position) => {
      const claimId = claimIds[position] as number;
      const ids = item.claim.charges.map(() => chargeIds[nextCharge++] as number);
      const entryIds = item.ledger.entries.map(() => ledgerIds[nextEntry++] as number);
      this.pushClaim(claimId, item);
      this.pushCharges(claimId, ids, item);
      this.pushLedger(claimId, ids, entryIds, item);
      this.pushActivity(claimId, item);
    });

    await this.claims.flush(tx, this.chunkRows);
    await this.diagnoses.flush(tx, this.chunkRows);
    await this.charges.flush(tx, this.chunkRows);
    await this.ledger.flush(tx, this.chunkRows);
    await this.notes.flush(tx, this.chunkRows);
    await this.tasks.flush(tx, this.chunkRows);
    return { claims: batch.length, charges: chargeCount, ledgerEntries: entryCount };
  }

  private pushClaim(claimId: number, { claim, ledger, activity }: GeneratedClaim): void {
    const dos = dayToDate(claim.dosDay);
    const total = claim.charges.reduce((sum, charge) => sum + charge.chargeCents, 0);
    const balance = ledger.chargeBalances.reduce((sum, value) => sum + value, 0);
    this.claims.push({
      claim_id: claimId,
      group_id: claim.practice.groupId,
      practice_id: claim.practice.practiceId,
      facility_id: claim.facility.facilityId,
      patient_id: claim.patient.patientId,
      patient_name: claim.patient.claimName,
      patient_insurance_id: claim.coverage?.patientInsuranceId ?? null,
      insurance_id: claim.coverage?.insuranceId ?? null,
      provider_id: claim.providerId,
      referring_provider_id: claim.referringProviderId,
      pos_code: claim.facility.posCode,
      claim_status_id: claim.status.statusId,
      scrub_status_id: claim.processing.scrubStatusId,
      submit_status_id: claim.processing.submitStatusId,
      dos_from: dos,
      dos_to: dos,
      referral_number: claim.referralNumber,
      prior_authorization_number: claim.priorAuthorizationNumber,
      assigned_user_id: activity.assignedUserId,
      assign_user_note: activity.assignNote,
      total_charge_cents: total,
      balance_cents: balance,
      submitted_at: claim.submittedDay === null ? null : timestampOn(claim.submittedDay, minuteOf(claimId, 1)),
      created_by: claim.workerId,
      created_at: timestampOn(claim.createdDay, minuteOf(claimId, 0)),
      updated_at: timestampOn(ledger.lastDay, minuteOf(claimId, 2)),
    });
    claim.diagnoses.forEach((code, index) =>
      this.diagnoses.push({ claim_id: claimId, sequence: index + 1, icd_code: code }),
    );
  }

  private pushCharges(claimId: number, chargeIds: readonly number[], { claim, ledger }: GeneratedClaim): void {
    const dos = dayToDate(claim.dosDay);
    const voided = ledger.entries.some((entry) => entry.reversesCharge);
    claim.charges.forEach((charge, index) => {
      const chargeId = chargeIds[index] as number;
      this.charges.push({
        charge_id: chargeId,
        claim_id: claimId,
        line_number: index + 1,
        cpt_code: charge.code,
        modifier1: charge.modifiers[0] ?? null,
        modifier2: charge.modifiers[1] ?? null,
        units: charge.units,
        charge_cents: charge.chargeCents,
        diagnosis_pointers: charge.pointers,
        dos_from: dos,
        dos_to: dos,
        pos_code: claim.facility.posCode,
        rendering_provider_id: claim.providerId,
        ndc_code: charge.ndc?.ndcCode ?? null,
        ndc_units: charge.ndc?.units ?? null,
        ndc_unit_type: charge.ndc?.unitType ?? null,
        charge_status: voided ? 'void' : 'active',
        line_control_number: lineControlNumber(chargeId),
        balance_cents: ledger.chargeBalances[index] ?? 0,
        created_at: timestampOn(claim.createdDay, minuteOf(claimId, 0)),
      });
    });
  }

  private pushLedger(
    claimId: number,
    chargeIds: readonly number[],
    entryIds: readonly number[],
    { claim, ledger }: GeneratedClaim,
  ): void {
    // The 'charge' row of each line, which a void reverses.
    const chargeEntry = new Map<number, number>();
    ledger.entries.forEach((entry, index) => {
      if (entry.type === 'charge') chargeEntry.set(entry.chargeIndex, entryIds[index] as number);
    });
    ledger.entries.forEach((entry, index) => {
      const ledgerId = entryIds[index] as number;
      this.ledger.push({
        ledger_id: ledgerId,
        group_id: claim.practice.groupId,
        practice_id: claim.practice.practiceId,
        patient_id: claim.patient.patientId,
        claim_id: claimId,
        charge_id: chargeIds[entry.chargeIndex] ?? null,
        entry_type: entry.type,
        amount_cents: entry.amountCents,
        adjustment_group_code: entry.groupCode,
        reason_code: entry.reasonCode,
        reverses_ledger_id: entry.reversesCharge ? (chargeEntry.get(entry.chargeIndex) ?? null) : null,
        posting_date: dayToDate(entry.day),
        note: entry.note,
        created_by: claim.workerId,
        created_at: timestampOn(entry.day, minuteOf(ledgerId, 3)),
      });
    });
  }

  private pushActivity(claimId: number, { claim, activity }: GeneratedClaim): void {
    activity.notes.forEach((note, index) =>
      this.notes.push({
        group_id: claim.practice.groupId,
        claim_id: claimId,
        patient_id: claim.patient.patientId,
        note_type_id: note.noteTypeId,
        text: note.text,
        created_by: note.byUserId,
        created_at: timestampOn(note.day, minuteOf(claimId, 4 + index)),
      }),
    );
    activity.tasks.forEach((task, index) =>
      this.tasks.push({
        group_id: claim.practice.groupId,
        claim_id: claimId,
        task_type_id: task.taskTypeId,
        assigned_user_id: task.assignedUserId,
        text: task.text,
        due_date: dayToDate(task.dueDay),
        status: task.resolvedDay === null ? 'open' : 'resolved',
        resolved_at: task.resolvedDay === null ? null : timestampOn(task.resolvedDay, minuteOf(claimId, 8 + index)),
        created_by: task.byUserId,
        created_at: timestampOn(task.day, minuteOf(claimId, 6 + index)),
      }),
    );
  }
}
