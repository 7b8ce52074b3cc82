/**
 * Statuses by keyboard on the open claim: the claim's status (only where a biller may move it by
 * hand), a charge line's status, deleting a line, and voiding the whole encounter. The server
 * checks each and says why it refuses; the screen and the claims list reload after every run.
 */
import {
  CHARGE_STATUS_LABELS,
  CHARGE_STATUSES,
  chargeWasDeleted,
  type ChargeStatus,
} from '../../contract/chargeStatus.ts';
import type { ChargeLine } from '../../contract/claimDetail.ts';
import { CLAIM_STATUS_NAMES } from '../../contract/claimStatus.ts';
import { MANUAL_CLAIM_STATUS_CHANGES } from '../../contract/claimStatusChange.ts';
import { claimPostingDateStep, postingDateOf } from '../general/postingDate.ts';
import { changeChargeStatus, changeClaimStatus, deleteCharge, voidEncounter } from '../../src/api/claimStatus.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { getClaimDetailData } from '../../src/features/panes/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { openClaim, shownClaim } from './openClaim.ts';

const onClaim = (ctx: CommandContext) => openClaim(ctx) !== null;
const shownClaimID = () => shownClaim()?.id ?? null;
const chargesShown = () => shownClaim()?.charges ?? [];
const openClaimReason = (ctx: CommandContext) => (onClaim(ctx) ? null : 'Open a claim first.');
const isChargeStatus = (value: string): value is ChargeStatus => (CHARGE_STATUSES as readonly string[]).includes(value);

function changed(claimID: number): void {
  recordsChanged('claim', [claimID]);
}

/** The statuses the claim may go to by hand from the one it is in (its name, as the detail screen reads it). */
export function claimStatusChoices(currentStatus: string): CommandChoice[] {
  const current = Object.entries(CLAIM_STATUS_NAMES).find(([, name]) => name === currentStatus);
  const targets = current ? (MANUAL_CLAIM_STATUS_CHANGES[Number(current[0])] ?? []) : [];
  return targets.map((id) => ({
    value: String(id),
    label: CLAIM_STATUS_NAMES[id] ?? String(id),
    hint: `now ${currentStatus}`,
  }));
}

function lineLabel(charge: ChargeLine): string {
  return `Line ${charge.lineNumber}: ${[charge.cptCode, ...charge.modifiers].join(' ')} × ${charge.units}`;
}

/** The lines that can still change: a void line stays as it is. */
function lineChoices(): CommandChoice[] {
  return chargesShown()
    .filter((charge) => charge.status !== 'void')
    .map((charge) => ({
      value: String(charge.chargeID),
      label: lineLabel(charge),
      hint: isChargeStatus(charge.status) ? CHARGE_STATUS_LABELS[charge.status] : charge.status,
    }));
}

const noLinesReason = (ctx: CommandContext) =>
  openClaimReason(ctx) ??
  (chargesShown().some((charge) => charge.status !== 'void') ? null : 'The claim has no lines that can change.');

const changeStatus: Command = {
  id: 'claims.changeStatus',
  title: 'Change claim status…',
  group: 'Claims',
  keywords: ['status', 'deny', 'denied', 'reject', 'close', 'closed', 'patient balance', 'accepted', 'payer'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  steps: [
    {
      key: 'claimStatusID',
      kind: 'choice',
      title: 'New status',
      choices: async (ctx): Promise<CommandChoice[]> => {
        if (ctx.record?.type !== 'claim') return [];
        const { header } = await getClaimDetailData(ctx.record.id, { silent: true, background: true });
        return claimStatusChoices(header.claimStatus);
      },
    },
    {
      key: 'note',
      kind: 'text',
      title: 'Note (optional)',
      placeholder: 'Why, for the claim’s history; Enter to skip',
      validate: (value) => (value.trim().length > 500 ? 'At most 500 characters.' : null),
    },
  ],
  run: async (ctx, args) => {
    const claimID = shownClaimID();
    if (claimID === null) return;
    const note = String(args.note).trim();
    const reply = await changeClaimStatus(
      { claimID, claimStatusID: Number(args.claimStatusID), ...(note === '' ? {} : { note }) },
      { source: ctx.source },
    );
    changed(claimID);
    notify.success(reply.message);
  },
};

const setLineStatus: Command = {
  id: 'claims.setChargeStatus',
  title: 'Set charge line status…',
  group: 'Claims',
  keywords: ['charge', 'line', 'status', 'hold', 'void', 'active', 'release'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: noLinesReason,
  steps: [
    { key: 'chargeID', kind: 'choice', title: 'Line', choices: lineChoices },
    {
      key: 'status',
      kind: 'choice',
      title: 'Status',
      choices: (_ctx, answers): CommandChoice[] => {
        const charge = chargesShown().find((line) => String(line.chargeID) === answers.chargeID);
        return CHARGE_STATUSES.filter((status) => status !== charge?.status).map((status) => ({
          value: status,
          label: CHARGE_STATUS_LABELS[status],
          ...(status === 'void' ? { hint: 'Final: reverses the line’s charge in the ledger' } : {}),
        }));
      },
    },
  ],
  run: async (ctx, args) => {
    const claimID = shownClaimID();
    const status = String(args.status);
    if (claimID === null || !isChargeStatus(status)) return;
    const charge = chargesShown().find((line) => String(line.chargeID) === args.chargeID);
    const reply = await changeChargeStatus({ chargeID: Number(args.chargeID), status }, { source: ctx.source });
    changed(claimID);
    notify.success(
      charge ? `Line ${charge.lineNumber}: ${CHARGE_STATUS_LABELS[status].toLowerCase()}.` : reply.message,
    );
  },
};

const deleteLine: Command = {
  id: 'claims.deleteCharge',
  title: 'Delete charge line…',
  group: 'Claims',
  keywords: ['charge', 'line', 'delete', 'remove'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: noLinesReason,
  steps: [{ key: 'chargeID', kind: 'choice', title: 'Line to delete', choices: lineChoices }],
  run: async (ctx, args) => {
    const claimID = shownClaimID();
    if (claimID === null) return;
    const reply = await deleteCharge(Number(args.chargeID), { source: ctx.source });
    changed(claimID);
    // SPEC point 5: the reply is a success only when its message says 'Successfully'.
    if (chargeWasDeleted(reply)) notify.success(reply.message);
    else notify.error(reply.message);
  },
};

const voidClaimEncounter: Command = {
  id: 'claims.voidEncounter',
  title: 'Void encounter…',
  group: 'Claims',
  keywords: ['void', 'encounter', 'cancel', 'visit', 'reverse'],
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: openClaimReason,
  steps: [claimPostingDateStep],
  run: async (ctx, args) => {
    const claimID = shownClaimID();
    if (claimID === null) return;
    const reply = await voidEncounter(claimID, postingDateOf(String(args.postingDate), new Date()), {
      source: ctx.source,
    });
    changed(claimID);
    notify.success(
      `Claim ${claimID} is void: ${reply.voidedLines === 1 ? '1 line' : `${reply.voidedLines} lines`} reversed in the ledger.`,
    );
  },
};

export const claimStatusCommands: readonly Command[] = [changeStatus, setLineStatus, deleteLine, voidClaimEncounter];
