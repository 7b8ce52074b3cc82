import { CLAIM_STATUS } from '../../contract/claimStatus.ts';
import type { ClaimDraft } from './claimDraft.ts';
import type { LedgerOutcome } from './ledger.ts';
import type { Random } from './random.ts';

/**
 * The work around a claim: who it is assigned to, the notes billers left and the tasks still open
 * or already resolved. Claims that need action (denied, rejected, underpaid, unanswered) get most.
 */
const NOTE_TYPE = { general: 1, billing: 2, followUp: 3, denial: 4, payment: 5 } as const;
const TASK_TYPE = {
  followUp: 1,
  appeal: 2,
  correctResubmit: 3,
  verifyEligibility: 4,
  authorization: 5,
  callPatient: 6,
} as const;

export interface NoteDraft {
  readonly noteTypeId: number;
  readonly text: string;
  readonly day: number;
  readonly byUserId: number | null;
}

export interface TaskDraft {
  readonly taskTypeId: number;
  readonly text: string;
  readonly assignedUserId: number | null;
  readonly dueDay: number;
  readonly resolvedDay: number | null;
  readonly day: number;
  readonly byUserId: number | null;
}

export interface ClaimActivity {
  readonly assignedUserId: number | null;
  readonly assignNote: string | null;
  readonly notes: readonly NoteDraft[];
  readonly tasks: readonly TaskDraft[];
}

const REJECTIONS = [
  'Subscriber ID not found (2010BA NM109)',
  'Rendering provider NPI not on file with payer',
  'Patient date of birth does not match payer records',
  'Invalid diagnosis code for date of service',
  'Billing provider taxonomy missing (2000A PRV03)',
];

export function buildActivity(
  random: Random,
  claim: ClaimDraft,
  ledger: LedgerOutcome,
  billers: readonly number[],
  nowDay: number,
): ClaimActivity {
  const notes: NoteDraft[] = [];
  const tasks: TaskDraft[] = [];
  const worker = claim.workerId;
  const someone = (): number | null => (billers.length > 0 ? random.pick(billers) : worker);
  const answeredDay = ledger.adjudicatedDay ?? claim.submittedDay ?? claim.createdDay;
  const dayAfter = (from: number, min: number, max: number): number => Math.min(nowDay, from + random.int(min, max));
  const age = nowDay - claim.dosDay;
  let assignNote: string | null = null;
  let assignChance = 0.01;

  const task = (taskTypeId: number, text: string, openChance: number, from: number): void => {
    const day = dayAfter(from, 0, 5);
    const open = random.chance(openChance);
    tasks.push({
      taskTypeId,
      text,
      assignedUserId: someone(),
      dueDay: day + random.int(3, 21),
      resolvedDay: open ? null : dayAfter(day, 1, 20),
      day,
      byUserId: worker,
    });
  };

  switch (claim.status.statusId) {
    case CLAIM_STATUS.denied: {
      const denial = ledger.denial;
      const code = denial ? `${denial.groupCode}-${denial.reasonCode}` : 'denial';
      notes.push({
        noteTypeId: NOTE_TYPE.denial,
        text: `Denied ${code}: ${denial?.text ?? 'see remittance'}.`,
        day: answeredDay,
        byUserId: worker,
      });
      const fixable = denial?.reasonCode === '16' || denial?.reasonCode === '109' || denial?.reasonCode === '22';
      task(
        fixable ? TASK_TYPE.correctResubmit : TASK_TYPE.appeal,
        fixable ? `Correct and resubmit (${code}).` : `Prepare appeal for ${code} with records.`,
        0.65,
        answeredDay,
      );
      assignNote = `Work denial ${code}`;
      assignChance = 0.45;
      break;
    }
    case CLAIM_STATUS.rejected: {
      const reason = random.pick(REJECTIONS);
      const day = dayAfter(claim.submittedDay ?? claim.createdDay, 1, 2);
      notes.push({ noteTypeId: NOTE_TYPE.billing, text: `Clearinghouse rejection: ${reason}.`, day, byUserId: null });
      task(TASK_TYPE.correctResubmit, `Fix rejection: ${reason}.`, 0.85, day);
      assignNote = 'Fix rejection and resubmit';
      assignChance = 0.4;
      break;
    }
    case CLAIM_STATUS.partiallyPaid:
      task(TASK_TYPE.followUp, 'Follow up on the unpaid line.', 0.6, answeredDay);
      assignNote = 'Unpaid line: call payer';
      assignChance = 0.35;
      break;
    case CLAIM_STATUS.acceptedByPayer:
      if (age > 45) {
        const day = dayAfter(claim.submittedDay ?? claim.createdDay, 30, 45);
        if (random.chance(0.4))
          notes.push({
            noteTypeId: NOTE_TYPE.followUp,
            text: `Called payer: claim in process, ref #${random.digits(10)}.`,
            day,
            byUserId: worker,
          });
        if (random.chance(0.35)) task(TASK_TYPE.followUp, 'No payment after 45 days: check claim status.', 0.7, day);
        assignNote = 'Aging claim: follow up';
        assignChance = 0.15;
      }
      break;
    case CLAIM_STATUS.patientBalance:
      if (random.chance(0.3))
        notes.push({
          noteTypeId: NOTE_TYPE.billing,
          text: 'Patient statement sent.',
          day: dayAfter(answeredDay, 3, 10),
          byUserId: worker,
        });
      if (random.chance(0.12))
        task(TASK_TYPE.callPatient, 'Call patient about the open balance.', 0.6, dayAfter(answeredDay, 30, 60));
      break;
    case CLAIM_STATUS.paid:
      if (random.chance(0.08))
        notes.push({
          noteTypeId: NOTE_TYPE.payment,
          text: `Payment posted from ERA, check #${random.digits(9)}.`,
          day: answeredDay,
          byUserId: worker,
        });
      break;
    case CLAIM_STATUS.readyToSubmit:
    case CLAIM_STATUS.draft:
      if (claim.priorAuthorizationNumber === null && random.chance(0.05))
        task(TASK_TYPE.verifyEligibility, 'Verify eligibility before submission.', 0.8, claim.createdDay);
      break;
    case CLAIM_STATUS.submitted:
    case CLAIM_STATUS.closed:
    case CLAIM_STATUS.void:
      break;
  }
  if (random.chance(0.03))
    notes.push({
      noteTypeId: NOTE_TYPE.general,
      text: 'Patient called with questions about this visit.',
      day: dayAfter(claim.createdDay, 1, 30),
      byUserId: worker,
    });

  const assigned = billers.length > 0 && random.chance(assignChance);
  return { assignedUserId: assigned ? someone() : null, assignNote: assigned ? assignNote : null, notes, tasks };
}
