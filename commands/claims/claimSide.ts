/**
 * The looks beside a claim, by keyboard: its validation errors (scrub or posting), a charge line
 * in full, a posting in full, the details of its patient, payer, provider or facility or of a
 * CARC or RARC code, who bills whom, its edit history, and opening a claim by its ID (for "Go to a
 * claim by ID…"); and two
 * changes: a line's diagnosis pointers, and a new line with what the patient paid on it at the
 * desk (one transaction: a refused payment leaves no line either).
 */
import type { ChargeDetailReply, PopupType, ValidationErrorsReply } from '../../contract/claimSideCalls.ts';
import type { ChargeLine } from '../../contract/claimDetail.ts';
import { PATIENT_PAYMENT_METHODS } from '../../contract/era.ts';
import { cents, formatCents } from '../../contract/money.ts';
import { ApiError } from '../../src/api/apiError.ts';
import {
  getBillingSummary,
  getChargeDetail,
  getClaimScreen,
  getEditClaimDNA,
  getPaymentLedgerDetail,
  getPopupDetails,
  getValidationErrors,
  saveChargeAndPayment,
  updateChargeDiagnosis,
} from '../../src/api/claimSide.ts';
import { getClaimInfoData } from '../../src/api/claimForm.ts';
import { parseDollarsToCents } from '../../src/console/stepAnswers.ts';
import type { Command, CommandChoice, CommandContext } from '../../src/console/types.ts';
import { dnaLine } from '../../src/features/claimDetail/index.ts';
import { claimFormOnScreen, requestFillFromLastClaim } from '../../src/features/claimForm/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { formatDate } from '../../src/ui/format.ts';
import { claimInFocus } from '../workspace/workspace.ts';
import { openClaim, shownClaim } from './openClaim.ts';

export const CLAIM_ROUTE_FAILED = 'Error: unable to get claim route.';

const listOf = (text: string) => text.split(/[\s,]+/).filter((part) => part !== '');
const onClaim = (ctx: CommandContext) => openClaim(ctx) !== null;
const openClaimReason = (ctx: CommandContext) => (onClaim(ctx) ? null : 'Open a claim first.');
const inFocusReason = (ctx: CommandContext) =>
  claimInFocus(ctx) === null ? 'Open a claim, or put the cursor on one.' : null;
const chargesShown = () => (shownClaim()?.charges ?? []).filter((line) => line.status !== 'void');
const idOf = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

function lineLabel(charge: ChargeLine): string {
  return `Line ${charge.lineNumber}: ${[charge.cptCode, ...charge.modifiers].join(' ')} × ${charge.units}`;
}

const lineChoices = (): CommandChoice[] =>
  chargesShown().map((line) => ({
    value: String(line.chargeID),
    label: lineLabel(line),
    hint: `${formatCents(line.charge)} · pointers ${line.diagnosisPointers.join(' ')}`,
  }));

/** The validation errors as toast lines: severity, message and the fix. */
export function validationLines(reply: ValidationErrorsReply): string[] {
  return reply.errors.map(
    (error) =>
      `${error.severity === 'error' ? 'Error' : 'Warning'}${error.lineNumber === null ? '' : ` (line ${error.lineNumber})`}: ${error.message}${error.fix ? ` ${error.fix}` : ''}`,
  );
}

const validationErrors: Command = {
  id: 'claims.validationErrors',
  title: 'Show validation errors…',
  group: 'Claims',
  keywords: ['errors', 'warnings', 'scrub', 'posting', 'era', 'why', 'held', 'rejected', 'validation'],
  shortcut: 'Alt+Shift+v',
  privilege: 'CLAIMS',
  when: (ctx) => claimInFocus(ctx) !== null,
  disabledReason: inFocusReason,
  steps: [
    {
      key: 'type',
      kind: 'choice',
      title: 'Which errors',
      choices: () => [
        { value: 'scrub', label: 'Scrub errors and warnings', hint: 'from the last scrub' },
        { value: 'posting', label: 'ERA posting problems', hint: 'what keeps an ERA answer from posting' },
      ],
    },
  ],
  run: async (ctx, args) => {
    const claimID = claimInFocus(ctx);
    if (claimID === null) return;
    const type = args.type === 'posting' ? 'posting' : 'scrub';
    const reply = await getValidationErrors(claimID, type, { source: ctx.source });
    const what = type === 'scrub' ? 'scrub' : 'ERA posting';
    if (reply.errors.length === 0) {
      notify.success(`Claim ${claimID} has no ${what} errors.`);
      return;
    }
    notify.warning(
      `Claim ${claimID}: ${reply.errors.length} ${what} ${reply.errors.length === 1 ? 'problem' : 'problems'}`,
      validationLines(reply).join('\n'),
    );
  },
};

/** A charge line in full as toast lines: figures, the ledger, the payers' answers with CARC/RARC text, status changes. */
export function chargeDetailLines(detail: ChargeDetailReply): string[] {
  const { charge } = detail;
  return [
    `Charge ${formatCents(charge.charge)}, paid ${formatCents(charge.paid)} (insurance ${formatCents(charge.insurancePaid)}, patient ${formatCents(charge.patientPaid)}), adjusted ${formatCents(charge.adjusted)}, balance ${formatCents(charge.balance)}`,
    `Pointers ${charge.diagnosisPointers.join(' ')} · DOS ${formatDate(charge.dosFrom)} · status ${charge.status}${detail.ndcCode ? ` · NDC ${detail.ndcCode}` : ''}${detail.lineControlNumber ? ` · control number ${detail.lineControlNumber}` : ''}`,
    ...[...detail.ledger]
      .reverse()
      .map(
        (row) =>
          `${formatDate(row.postingDate)} ${row.entryType.replace(/_/g, ' ')} ${formatCents(row.amount)}${row.reasonCode ? ` ${row.groupCode ?? ''}-${row.reasonCode} ${row.reasonDescription ?? ''}` : ''}${row.reversedByLedgerID === null ? '' : ' (reversed)'}`,
      ),
    ...detail.eraLines.map(
      ({ traceNumber, payerName, line }) =>
        `ERA ${traceNumber} (${payerName}): paid ${formatCents(line.paid)}${line.adjustments
          .map(
            (adjustment) =>
              `; ${adjustment.group}-${adjustment.reason} ${formatCents(adjustment.amount)} ${adjustment.description ?? ''}`,
          )
          .join('')}${line.remarks.map((remark) => `; ${remark.code} ${remark.description ?? ''}`).join('')}`,
    ),
    ...detail.statusHistory.map(
      (change) => `Status ${change.fromStatus} → ${change.toStatus} by ${change.changedBy ?? 'the system'}`,
    ),
  ];
}

const chargeDetail: Command = {
  id: 'claims.chargeDetail',
  title: 'Show charge line detail…',
  group: 'Claims',
  keywords: ['charge', 'line', 'detail', 'ledger', 'era', 'carc', 'rarc', 'adjustment', 'history'],
  shortcut: 'Alt+Shift+j',
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: (ctx) => openClaimReason(ctx) ?? (chargesShown().length === 0 ? 'The claim has no lines.' : null),
  steps: [{ key: 'chargeID', kind: 'choice', title: 'Charge line', choices: lineChoices }],
  run: async (ctx, args) => {
    const chargeID = idOf(args.chargeID);
    if (chargeID === null) return;
    const detail = await getChargeDetail(chargeID, { source: ctx.source });
    notify.info(
      `Claim ${detail.claimID} ${lineLabel(detail.charge)}: balance ${formatCents(detail.charge.balance)}`,
      chargeDetailLines(detail).join('\n'),
    );
  },
};

/** The posting under the cursor of the claim's Postings list. */
const cursorLedgerID = (): number | null => {
  const posting = targetOf('posting', (each) => each.ledger === 'claim');
  return posting?.id ?? null;
};

const postingDetail: Command = {
  id: 'claims.postingDetail',
  title: 'Show posting detail',
  group: 'Payments',
  keywords: ['posting', 'ledger', 'payment', 'adjustment', 'reversal', 'detail', 'who posted'],
  shortcut: 'Alt+Shift+w',
  privilege: 'CLAIMS',
  when: () => cursorLedgerID() !== null,
  disabledReason: () => (cursorLedgerID() === null ? 'Put the cursor on a posting of a claim.' : null),
  run: async (ctx, args) => {
    const ledgerID = idOf(args.ledgerID) ?? cursorLedgerID();
    if (ledgerID === null) return;
    const detail = await getPaymentLedgerDetail(ledgerID, { source: ctx.source });
    const { row } = detail;
    notify.info(
      `Posting ${row.ledgerID}: ${row.entryType.replace(/_/g, ' ')} ${formatCents(row.amount)} on ${formatDate(row.postingDate)}`,
      [
        `Patient ${detail.patientName}${row.claimID === null ? '' : ` · claim ${row.claimID}`}${row.chargeLine === null ? '' : ` · line ${row.chargeLine} ${row.cptCode ?? ''}`}`,
        ...(row.reasonCode ? [`Reason ${row.groupCode ?? ''}-${row.reasonCode} ${row.reasonDescription ?? ''}`] : []),
        ...(detail.eraCheck ? [`ERA check ${detail.eraCheck.traceNumber} (${detail.eraCheck.payerName})`] : []),
        ...(detail.paymentBatch ? [`Payment batch ${detail.paymentBatch.batchNumber}`] : []),
        ...(row.note ? [`Note: ${row.note}`] : []),
        `Posted by ${detail.postedBy ?? 'the system'} at ${detail.postedAt.replace('T', ' ').replace('Z', ' UTC')}`,
        ...(detail.reverses
          ? [`Reverses ${detail.reverses.entryType.replace(/_/g, ' ')} ${formatCents(detail.reverses.amount)}`]
          : []),
        ...(detail.reversedBy ? [`Reversed on ${formatDate(detail.reversedBy.postingDate)}`] : []),
      ].join('\n'),
    );
  },
};

const POPUP_CHOICES: { value: PopupType; label: string }[] = [
  { value: 'patient', label: 'Patient' },
  { value: 'payer', label: 'Payer' },
  { value: 'provider', label: 'Rendering provider' },
  { value: 'facility', label: 'Facility' },
];

const detailsOf: Command = {
  id: 'claims.detailsOf',
  title: 'Show details of…',
  group: 'Claims',
  keywords: ['popup', 'info', 'patient', 'payer', 'insurance', 'provider', 'facility', 'address', 'npi'],
  shortcut: 'Alt+i',
  privilege: 'CLAIMS',
  when: (ctx) => claimInFocus(ctx) !== null,
  disabledReason: inFocusReason,
  steps: [
    {
      key: 'type',
      kind: 'choice',
      title: 'Details of',
      choices: () => POPUP_CHOICES,
    },
  ],
  run: async (ctx, args) => {
    const type = POPUP_CHOICES.find((choice) => choice.value === args.type)?.value;
    const claimID = claimInFocus(ctx);
    if (type === undefined || claimID === null) return;
    const { claim: info } = await getClaimInfoData(claimID, { source: ctx.source, background: true });
    const ids: Record<string, number | null> = {
      patient: info.patientID,
      payer: info.insuranceID,
      provider: info.providerID,
      facility: info.facilityID,
    };
    const id = ids[type] ?? null;
    if (id === null) {
      notify.info(`Claim ${claimID} has no ${type === 'payer' ? 'payer (self-pay)' : type}.`);
      return;
    }
    const popup = await getPopupDetails(type, id, { source: ctx.source });
    notify.info(popup.title, popup.lines.map((line) => `${line.label}: ${line.value}`).join('\n'));
  },
};

/** A code as the payer wrote it: CO-45 is CARC 45; remark codes start with M, N or MA (a CARC is a number, or a letter and a number). */
export function codeAsTyped(typed: string): { code: string; type: PopupType } {
  const code = typed
    .trim()
    .toUpperCase()
    .replace(/^[A-Z]{2}-/, '');
  return { code, type: /^(M|N|MA)\d/.test(code) ? 'rarc' : 'carc' };
}

/** A CARC or RARC from the code lists, typed as the payer wrote it. */
const codeLookup: Command = {
  id: 'claims.codeLookup',
  title: 'Look up a CARC or RARC code…',
  group: 'Payments',
  keywords: ['carc', 'rarc', 'reason', 'remark', 'adjustment', 'code', 'denial', 'what does'],
  shortcut: 'Alt+Shift+z',
  steps: [
    {
      key: 'code',
      kind: 'text',
      title: 'CARC or RARC code',
      placeholder: 'e.g. 45 or CO-45 (a CARC), N130 or MA01 (a RARC)',
      validate: (value) =>
        /^([A-Z]{2}-)?[A-Z0-9]{1,6}$/i.test(value.trim()) ? null : 'A code like 45, CO-45, N130 or MA01.',
    },
  ],
  run: async (ctx, args) => {
    const { code, type } = codeAsTyped(String(args.code));
    const popup = await getPopupDetails(type, code, { source: ctx.source });
    notify.info(popup.title, popup.lines.map((line) => `${line.label}: ${line.value}`).join('\n'));
  },
};

const billingSummary: Command = {
  id: 'claims.billingSummary',
  title: 'Show who bills whom',
  group: 'Claims',
  keywords: ['billing', 'summary', 'billing provider', 'npi', 'tax id', 'payer id', 'subscriber', 'member id', '837'],
  shortcut: 'Alt+Shift+b',
  privilege: 'CLAIMS',
  when: (ctx) => claimInFocus(ctx) !== null,
  disabledReason: inFocusReason,
  run: async (ctx) => {
    const claimID = claimInFocus(ctx);
    if (claimID === null) return;
    const summary = await getBillingSummary(claimID, { source: ctx.source });
    const person = (party: { name: string | null; npi: string | null } | null) =>
      party === null ? 'none' : `${party.name ?? ''}${party.npi ? ` (NPI ${party.npi})` : ''}`;
    notify.info(
      `Claim ${claimID} (${summary.kind}): ${summary.payer ? `bills ${summary.payer.name} as ${summary.payer.responsibility}` : 'self-pay'}`,
      [
        `Billing provider: ${person(summary.billingProvider)}, tax ID ${summary.billingProvider.taxID ?? '—'}, ${summary.billingProvider.address ?? ''}`,
        `Rendering: ${person(summary.renderingProvider)} · referring: ${person(summary.referringProvider)} · supervising: ${person(summary.supervisingProvider)}`,
        `Facility: ${person(summary.facility)}`,
        ...(summary.payer ? [`Payer ID ${summary.payer.payerID ?? '—'}`] : []),
        ...(summary.subscriber
          ? [
              `Subscriber ${summary.subscriber.name ?? ''}, member ID ${summary.subscriber.memberID ?? '—'}, ${summary.subscriber.relationship ?? ''}`,
            ]
          : []),
        `Frequency ${summary.frequencyCode}${summary.originalClaimNumber ? `, original ${summary.originalClaimNumber}` : ''} · total ${formatCents(summary.totalCharges)}`,
      ].join('\n'),
    );
  },
};

const editHistory: Command = {
  id: 'claims.editHistory',
  title: 'Show claim edit history',
  group: 'Claims',
  keywords: ['edit', 'history', 'dna', 'changes', 'who changed', 'audit', 'log'],
  shortcut: 'Alt+h',
  privilege: 'CLAIMS',
  when: (ctx) => claimInFocus(ctx) !== null,
  disabledReason: inFocusReason,
  run: async (ctx) => {
    const claimID = claimInFocus(ctx);
    if (claimID === null) return;
    const { events } = await getEditClaimDNA(claimID, { source: ctx.source });
    if (events.length === 0) {
      notify.info(`Claim ${claimID} has no edits recorded.`);
      return;
    }
    notify.info(
      `Claim ${claimID}: ${events.length} ${events.length === 1 ? 'edit' : 'edits'}, newest first`,
      [...events]
        .reverse()
        .map((event) => {
          const line = dnaLine(event);
          return `${event.at.slice(0, 10)} ${event.userName ?? 'System'}: ${line.what}${line.detail ? ` — ${line.detail}` : ''}`;
        })
        .join('\n'),
    );
  },
};

const changePointers: Command = {
  id: 'claims.changePointers',
  title: 'Change diagnosis pointers…',
  group: 'Claims',
  keywords: ['pointer', 'diagnosis', 'dx', 'icd', 'charge', 'line', 'link'],
  shortcut: 'Alt+Shift+t',
  privilege: 'CLAIMS',
  when: onClaim,
  disabledReason: (ctx) => openClaimReason(ctx) ?? (chargesShown().length === 0 ? 'The claim has no lines.' : null),
  steps: [
    { key: 'chargeID', kind: 'choice', title: 'Charge line', choices: lineChoices },
    {
      key: 'pointers',
      kind: 'text',
      title: 'Diagnosis pointers',
      placeholder: 'Up to 4 diagnosis numbers in order, e.g. 2 1',
      validate: (value) =>
        /^\s*\d{1,2}([\s,]+\d{1,2}){0,3}\s*$/.test(value) ? null : 'Up to 4 numbers separated by spaces.',
    },
  ],
  run: async (ctx, args) => {
    const chargeID = idOf(args.chargeID);
    const claim = shownClaim();
    if (chargeID === null || claim === undefined || claim === null) return;
    const pointers = listOf(String(args.pointers)).map(Number);
    await updateChargeDiagnosis({ chargeID, diagnosisPointers: pointers }, { source: ctx.source });
    recordsChanged('claim', [claim.id]);
    const line = claim.charges.find((charge) => charge.chargeID === chargeID);
    notify.success(`Line ${line?.lineNumber ?? ''} now points at ${pointers.join(', ')}.`);
  },
};

const amountStep = (key: string, title: string, placeholder: string) =>
  ({
    key,
    kind: 'text',
    title,
    placeholder,
    validate: (value: string) => (parseDollarsToCents(value) === null ? 'An amount in dollars, like 25.00.' : null),
  }) as const;

const chargeWithPayment: Command = {
  id: 'claims.chargeWithPayment',
  title: 'Add charge line with patient payment…',
  group: 'Payments',
  keywords: ['copay', 'co-pay', 'desk', 'check-in', 'charge', 'line', 'payment', 'collect', 'patient'],
  shortcut: 'Alt+Shift+q',
  privilege: 'PAYMENTS',
  when: onClaim,
  disabledReason: (ctx) =>
    openClaimReason(ctx) ??
    ((shownClaim()?.diagnoses.length ?? 0) === 0 ? 'Add a diagnosis first: a line points at one.' : null),
  steps: [
    {
      key: 'cptCode',
      kind: 'text',
      title: 'Procedure code',
      placeholder: 'CPT or HCPCS, e.g. 99213',
      validate: (value) =>
        /^(\d{5}|\d{4}[FTU]|[A-V]\d{4})$/i.test(value.trim())
          ? null
          : 'A CPT code (5 digits) or a HCPCS code (a letter and 4 digits).',
    },
    {
      key: 'pointers',
      kind: 'text',
      title: 'Diagnosis pointers',
      placeholder: 'e.g. 1 2; Enter for 1',
      validate: (value) =>
        value.trim() === '' || /^\s*\d{1,2}([\s,]+\d{1,2}){0,3}\s*$/.test(value)
          ? null
          : 'Up to 4 numbers separated by spaces.',
    },
    amountStep('charge', 'Charge amount', 'The line’s amount, e.g. 125.00'),
    amountStep('paid', 'Paid by the patient', 'What the patient paid on it now, e.g. 25.00'),
    {
      key: 'method',
      kind: 'choice',
      title: 'Paid by',
      choices: () =>
        PATIENT_PAYMENT_METHODS.map((method) => ({
          value: method,
          label: { cash: 'Cash', check: 'Check', card: 'Card', ach: 'ACH' }[method],
        })),
    },
  ],
  run: async (ctx, args) => {
    const claim = shownClaim();
    if (claim === null || claim === undefined) return;
    const text = (key: string) => (typeof args[key] === 'string' ? args[key].trim() : '');
    const charge = parseDollarsToCents(text('charge'));
    const paid = parseDollarsToCents(text('paid'));
    const method = PATIENT_PAYMENT_METHODS.find((each) => each === args.method);
    if (charge === null || paid === null || method === undefined) return;
    const reply = await saveChargeAndPayment(
      {
        charge: {
          claimID: claim.id,
          cptCode: text('cptCode').toUpperCase(),
          diagnosisPointers: text('pointers') === '' ? [1] : listOf(text('pointers')).map(Number),
          chargeCents: cents(charge),
        },
        payment: { amount: paid, method },
      },
      { source: ctx.source },
    );
    recordsChanged('claim', [claim.id]);
    recordsChanged('posting');
    notify.success(
      `Line ${reply.lineNumber} added for ${formatCents(reply.chargeCents)} and ${formatCents(reply.paidCents)} paid on it: it owes ${formatCents(reply.lineBalance)}.`,
    );
  },
};

/**
 * Opens a claim by its ID on the screen Repository/getClaimScreen names ("Go to a claim by ID…");
 * a claim that does not exist, or is outside the data role, is refused in the catalogue's words.
 */
export async function openClaimByID(ctx: CommandContext, claimID: number): Promise<void> {
  try {
    const screen = await getClaimScreen(claimID, { source: ctx.source, silent: true });
    goTo(screen.route);
  } catch (thrown) {
    notify.error(
      CLAIM_ROUTE_FAILED,
      thrown instanceof ApiError && thrown.status === 404
        ? `Claim ${claimID} was not found, or it belongs to a practice outside your data role.`
        : thrown instanceof ApiError
          ? thrown.message
          : undefined,
    );
  }
}

const fillFromLastClaim: Command = {
  id: 'claims.fillFromLastClaim',
  title: "Fill from the patient's last claim",
  group: 'Claims',
  keywords: ['auto', 'populate', 'copy', 'last claim', 'previous', 'repeat', 'same as last time', 'prefill'],
  shortcut: 'Alt+l',
  privilege: 'CLAIMS',
  when: () => claimFormOnScreen.open && claimFormOnScreen.editable,
  disabledReason: () =>
    !claimFormOnScreen.open
      ? 'Open the claim form first (Alt+N).'
      : claimFormOnScreen.editable
        ? null
        : 'The claim form is read-only.',
  run: () => requestFillFromLastClaim(),
};

export const claimSideCommands: readonly Command[] = [
  fillFromLastClaim,
  validationErrors,
  chargeDetail,
  postingDetail,
  detailsOf,
  codeLookup,
  billingSummary,
  editHistory,
  changePointers,
  chargeWithPayment,
];
