/**
 * On the open claim: move what the payer still owes to the patient (one posting, reversed from
 * the Postings list with X like any other), or bill the next coverage (a crossover claim). The
 * confirm step says what would move, or why nothing can; the claim screen reads the claim again.
 */
import type { ClaimTransferInsuranceReply } from '../../contract/claimTransfer.ts';
import { formatCents } from '../../contract/money.ts';
import { getClaimTransferInsurance, transferClaimBalance } from '../../src/api/claimTransfer.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { claimDetailPath } from '../../src/routing/paths.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { claimPostingDateStep, postingDateOf } from '../general/postingDate.ts';
import { openClaim } from './openClaim.ts';

const onClaim = (ctx: CommandContext) => openClaim(ctx) !== null;
const openClaimReason = (ctx: CommandContext) => (onClaim(ctx) ? null : 'Open a claim first.');
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const background = { silent: true, background: true } as const;

/** The confirm step of a transfer to the patient: the amount that would move, or why none can. */
export function patientChoices(targets: ClaimTransferInsuranceReply): CommandChoice[] {
  if (!targets.patient.possible)
    return [{ value: 'keep', label: targets.patient.reason ?? 'Nothing can move to the patient.' }];
  return [
    {
      value: 'move',
      label: `Move ${formatCents(targets.patient.amount)} to the patient`,
      hint: `The patient owes ${formatCents(targets.patientBalance + targets.patient.amount)} after; the payer ${formatCents(targets.insuranceBalance - targets.patient.amount)}`,
    },
    { value: 'keep', label: 'Keep it on the payer' },
  ];
}

/** The confirm step of a transfer to the next payer: its coverages in order, the first billable one to pick. */
export function nextPayerChoices(targets: ClaimTransferInsuranceReply): CommandChoice[] {
  if (targets.coverages.length === 0)
    return [{ value: 'keep', label: 'The patient has no further coverage active on the date of service.' }];
  return [
    ...targets.coverages.map((coverage): CommandChoice => ({
      value: coverage.crossoverPossible ? 'bill' : 'keep',
      label: `${coverage.crossoverPossible ? 'Bill' : 'Cannot bill'} ${coverage.payerName} (${coverage.rank})`,
      hint: [coverage.memberID ? `member ${coverage.memberID}` : '', coverage.reason ?? 'a crossover claim']
        .filter((part) => part !== '')
        .join(' · '),
    })),
    { value: 'keep', label: 'Keep it where it is' },
  ];
}

function claimIDOf(ctx: CommandContext): number | null {
  return openClaim(ctx)?.id ?? null;
}

const transferToPatient: Command = {
  id: 'claims.transferToPatient',
  title: 'Transfer balance to patient…',
  group: 'Claims',
  keywords: [
    'transfer',
    'patient responsibility',
    'patient balance',
    'move balance',
    'bill patient',
    'self pay',
    'payor',
  ],
  shortcut: 'Alt+t',
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  // The date first, so the last step is the one that says what will move.
  steps: [
    claimPostingDateStep,
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Transfer what the payer still owes to the patient?',
      choices: async (ctx) => {
        const claimID = claimIDOf(ctx);
        if (claimID === null) return [{ value: 'keep', label: 'Open a claim first.' }];
        return patientChoices(await getClaimTransferInsurance(claimID, background));
      },
    },
  ],
  run: async (ctx, args) => {
    const claimID = claimIDOf(ctx);
    if (claimID === null || args.confirm !== 'move') {
      if (args.confirm !== undefined) notify.info('Nothing was transferred.');
      return;
    }
    const reply = await transferClaimBalance(
      { claimID, target: 'patient', postingDate: postingDateOf(textOf(args.postingDate), new Date()) },
      { source: ctx.source },
    );
    recordsChanged('claim', [claimID]);
    recordsChanged('posting');
    notify.success(reply.message);
  },
};

const transferToNextPayer: Command = {
  id: 'claims.transferToNextPayer',
  title: 'Transfer balance to next payer…',
  group: 'Claims',
  keywords: ['transfer', 'crossover', 'secondary', 'tertiary', 'next payer', 'cob', 'payor'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  steps: [
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Bill the next coverage with a crossover claim?',
      choices: async (ctx) => {
        const claimID = claimIDOf(ctx);
        if (claimID === null) return [{ value: 'keep', label: 'Open a claim first.' }];
        return nextPayerChoices(await getClaimTransferInsurance(claimID, background));
      },
    },
  ],
  run: async (ctx, args) => {
    const claimID = claimIDOf(ctx);
    if (claimID === null || args.confirm !== 'bill') {
      if (args.confirm !== undefined) notify.info('Nothing was transferred.');
      return;
    }
    const reply = await transferClaimBalance({ claimID, target: 'nextPayer' }, { source: ctx.source });
    recordsChanged('claim', reply.crossoverClaimID === null ? [claimID] : [claimID, reply.crossoverClaimID]);
    if (reply.crossoverClaimID !== null) goTo(claimDetailPath(reply.crossoverClaimID));
    notify.success(reply.message);
  },
};

export const balanceTransferCommands: readonly Command[] = [transferToPatient, transferToNextPayer];
