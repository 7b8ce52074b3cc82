/**
 * The claim's history (DNA log) in the biller's words: one formatter for every action the server
 * records in claim_events, turning its detail (ids, cents, ISO dates, from/to pairs) into a line
 * such as "Insurance payment $137.76, check LAKESIDE0041 · Posted on 11/18/2026 · Status:
 * Submitted → Patient Balance · Balance $34.44". The claim detail and the expanded view both draw it.
 */
import type { ClaimEvent } from '../../../contract/claimDNA.ts';
import { CHARGE_STATUS_LABELS, type ChargeStatus } from '../../../contract/chargeStatus.ts';
import { CLAIM_STATUS_NAMES, SCRUB_STATUS_NAMES } from '../../../contract/claimStatus.ts';
import { formatCents } from '../../../contract/money.ts';
import { formatDate } from '../../ui/format.ts';
import { icdWithDot, procedureText } from '../panes/billingText.ts';

type Detail = Readonly<Record<string, unknown>>;

export interface DnaLine {
  /** What happened: "Patient payment posted". */
  what: string;
  /** What it changed: "Patient payment $25.00, check 1200 · Posted on 11/22/2026 · Balance $30.81". */
  detail: string;
}

const isRecord = (value: unknown): value is Detail =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOf = (detail: Detail, key: string): number | null => (typeof detail[key] === 'number' ? detail[key] : null);
const textOf = (detail: Detail, key: string): string | null =>
  typeof detail[key] === 'string' && detail[key] !== '' ? detail[key] : null;
const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
/** A number or text recorded in the detail, as text; anything else is nothing to show. */
const plain = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
const joined = (parts: readonly (string | null | false)[]) =>
  parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' · ');

/** The name the server sent for an id the event records (`names`: 'provider:12' -> 'Lee, Ann'). */
function nameOf(detail: Detail, kind: string, id: unknown): string | null {
  if (typeof id !== 'number') return null;
  const names = isRecord(detail.names) ? detail.names : {};
  const name = names[`${kind}:${id}`];
  return typeof name === 'string' ? name : null;
}

const statusName = (id: unknown) => (typeof id === 'number' ? (CLAIM_STATUS_NAMES[id] ?? `status ${id}`) : null);
const scrubStatusName = (id: unknown) =>
  typeof id === 'number' ? (SCRUB_STATUS_NAMES[id] ?? `scrub status ${id}`) : null;
const chargeStatusName = (status: unknown) =>
  typeof status === 'string' ? (CHARGE_STATUS_LABELS[status as ChargeStatus] ?? status) : null;

/** "Status: Submitted → Patient Balance", from the claimStatus { from, to } a posting or a write-off records. */
function statusMove(detail: Detail): string | null {
  const move = isRecord(detail.claimStatus) ? detail.claimStatus : null;
  const to = statusName(move?.to);
  if (!move || to === null) return null;
  const from = statusName(move.from);
  return from === null ? `Status: ${to}` : `Status: ${from} → ${to}`;
}

const postedOn = (detail: Detail) =>
  textOf(detail, 'postingDate') ? `Posted on ${formatDate(textOf(detail, 'postingDate') ?? '')}` : null;
const balanceAfter = (detail: Detail) =>
  numberOf(detail, 'balanceAfterCents') === null
    ? null
    : `Balance ${formatCents(numberOf(detail, 'balanceAfterCents') ?? 0)}`;

/** Cents the posting moved on the claim's ledger, of the entry types named (every type when none is). */
function moved(detail: Detail, types?: readonly string[]): number | null {
  const ledger = isRecord(detail.ledgerCents) ? detail.ledgerCents : null;
  if (!ledger) return null;
  const amounts = Object.entries(ledger).filter(
    ([type, cents]) => typeof cents === 'number' && (types === undefined || types.includes(type)),
  );
  return amounts.length === 0 ? null : amounts.reduce((sum, [, cents]) => sum + (cents as number), 0);
}

const ADJUSTMENTS = ['contractual_adjustment', 'adjustment', 'write_off', 'denial'];

/** An insurer's payment, by ERA or from a paper EOB: what it paid, its check, what it adjusted. */
function insurancePayment(detail: Detail, check: string | null): string {
  const paid = moved(detail, ['insurance_payment']);
  const adjusted = moved(detail, ADJUSTMENTS);
  const batch = nameOf(detail, 'paymentBatch', detail.paymentBatchID);
  return [
    `Insurance payment ${formatCents(paid === null ? (numberOf(detail, 'paidCents') ?? 0) : -paid)}`,
    check === null ? null : `check ${check}`,
    adjusted ? `adjusted ${formatCents(-adjusted)}` : null,
    batch === null ? null : `payment batch ${batch}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The money side of a posting: the lead, when it was posted, the status it moved and the balance it left. */
const posting = (detail: Detail, lead: string) =>
  joined([lead, postedOn(detail), statusMove(detail), balanceAfter(detail)]);

const CLAIM_FIELDS: Readonly<Record<string, string>> = {
  posCode: 'Place of service',
  providerID: 'Rendering provider',
  referringProviderID: 'Referring provider',
  supervisingProviderID: 'Supervising provider',
  facilityID: 'Facility',
  referralNumber: 'Referral number',
  priorAuthorizationNumber: 'Prior authorization',
  frequencyCode: 'Frequency',
  originalClaimNumber: 'Original claim number',
  dosFrom: 'DOS from',
  dosTo: 'DOS to',
  chargeBatchID: 'Charge batch',
  icds: 'Diagnoses',
};

const FREQUENCIES: Readonly<Record<string, string>> = { '1': '1 (original)', '7': '7 (replacement)', '8': '8 (void)' };

/** One field of a claim edit as the biller reads it: names for ids, US dates, codes with their dots. */
function claimFieldValue(detail: Detail, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  switch (field) {
    case 'providerID':
    case 'referringProviderID':
    case 'supervisingProviderID':
      return nameOf(detail, 'provider', value) ?? `provider ${plain(value)}`;
    case 'facilityID':
      return nameOf(detail, 'facility', value) ?? `facility ${plain(value)}`;
    case 'chargeBatchID':
      return nameOf(detail, 'chargeBatch', value) ?? `batch ${plain(value)}`;
    case 'dosFrom':
    case 'dosTo':
      return formatDate(plain(value));
    case 'frequencyCode':
      return FREQUENCIES[plain(value)] ?? plain(value);
    case 'icds':
      return listOf(value)
        .map((code) => icdWithDot(plain(code)))
        .join(', ');
    default:
      return plain(value);
  }
}

function claimEdited(detail: Detail): string {
  if (detail.form === true) {
    const lines = [
      numberOf(detail, 'added') ? `${plural(numberOf(detail, 'added') ?? 0, 'line')} added` : null,
      numberOf(detail, 'changed') ? `${plural(numberOf(detail, 'changed') ?? 0, 'line')} changed` : null,
      numberOf(detail, 'removed') ? `${plural(numberOf(detail, 'removed') ?? 0, 'line')} taken off` : null,
    ].filter(Boolean);
    const batch =
      detail.chargeBatchID === undefined
        ? null
        : `Charge batch: ${claimFieldValue(detail, 'chargeBatchID', detail.chargeBatchID)}`;
    return joined([
      'Saved in the claim form',
      lines.join(', '),
      numberOf(detail, 'diagnoses') === null
        ? null
        : plural(numberOf(detail, 'diagnoses') ?? 0, 'diagnosis', 'diagnoses'),
      batch,
    ]);
  }
  const values = isRecord(detail.values) ? detail.values : {};
  const fields = listOf(detail.fields).map(plain);
  return fields
    .map((field) => {
      const label = CLAIM_FIELDS[field] ?? field;
      if (field === 'chargeBatchID' && 'fromChargeBatchID' in detail) {
        return `${label}: ${claimFieldValue(detail, field, detail.fromChargeBatchID)} → ${claimFieldValue(detail, field, values[field])}`;
      }
      return `${label}: ${claimFieldValue(detail, field, values[field])}`;
    })
    .join(' · ');
}

const LINE_FIELDS: Readonly<Record<string, string>> = {
  cptCode: 'code',
  modifiers: 'modifiers',
  units: 'units',
  diagnosisPointers: 'diagnosis pointers',
  posCode: 'place of service',
  chargeCents: 'amount',
  ndcCode: 'NDC',
};

function lineValue(field: string, value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(plain).join(' ');
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'chargeCents' && typeof value === 'number') return formatCents(value);
  return plain(value);
}

function chargeEdited(detail: Detail): string {
  const changes = isRecord(detail.changes) ? detail.changes : {};
  const parts = Object.entries(changes).map(([field, change]) => {
    const name = LINE_FIELDS[field] ?? field;
    return isRecord(change) ? `${name} ${lineValue(field, change.from)} → ${lineValue(field, change.to)}` : name;
  });
  return `Line ${lineValue('lineNumber', detail.lineNumber)}: ${parts.join(', ')}`;
}

const lineName = (detail: Detail) => {
  const code = textOf(detail, 'cptCode');
  const modifiers = listOf(detail.modifiers).map(plain);
  return `Line ${lineValue('lineNumber', detail.lineNumber)}${code === null ? '' : ` (${procedureText(code, modifiers)})`}`;
};

const payerOf = (detail: Detail) => nameOf(detail, 'payer', detail.insuranceID) ?? textOf(detail, 'payerName');
const PRIORITY = ['', 'primary', 'secondary', 'tertiary'];
const rankOf = (detail: Detail) => {
  const priority = numberOf(detail, 'priority');
  return priority === null ? null : (PRIORITY[priority] ?? `payer ${priority}`);
};

/** What the action was, in a few words. */
const ACTIONS: Readonly<Record<string, string>> = {
  created: 'Claim created',
  'created from crossover': 'Created as a crossover',
  'crossover created': 'Crossover claim made',
  scrubbed: 'Scrubbed',
  'scrub.forcefullyPassed': 'Passed with its warnings',
  'scrub status changed': 'Scrub status changed',
  'status changed': 'Status changed',
  submitted: 'Submitted',
  'claim edited': 'Claim edited',
  'charge added': 'Line added',
  'charge edited': 'Line edited',
  'charge deleted': 'Line deleted',
  'charge status changed': 'Line status changed',
  'lines reordered': 'Lines reordered',
  'diagnosis removed': 'Diagnosis removed',
  'encounter voided': 'Claim voided',
  'written off': 'Written off',
  'ERA posted': 'ERA posted',
  'insurance payment posted': 'Paper EOB posted',
  'patient payment posted': 'Patient payment posted',
  'advance payment applied': 'Advance payment applied',
  'advance payment reversed': 'Advance payment reversed',
  'ledger posting reversed': 'Posting reversed',
  'balance transferred to patient': 'Balance to patient',
  'balance transfer reversed': 'Balance back on payer',
  'note.added': 'Note added',
  'note.archived': 'Note archived',
  'task.added': 'Task added',
  'task.resolved': 'Task resolved',
  'task.deleted': 'Task deleted',
  'claim.assigned': 'Assigned',
  'claim.unassigned': 'Unassigned',
  'medical case linked': 'Linked to a medical case',
  'medical case unlinked': 'Unlinked from its medical case',
  'document uploaded': 'Document attached',
  'document deleted': 'Document deleted',
  'document saved': 'Document tagged',
  'acknowledgement accepted': 'Acknowledged: accepted',
  'acknowledgement rejected': 'Acknowledged: rejected',
  'claim status response': 'Claim status answered',
  'status inquiry': 'Claim status asked',
  'resent as replacement': 'Set to go as a replacement',
};

/** Every action the server records, for the tests that hold the formatter to all of them. */
export const KNOWN_ACTIONS: readonly string[] = Object.keys(ACTIONS);

/** An action this formatter does not know yet, readable still: 'note.pinned' -> 'Note pinned'. */
function actionWords(action: string): string {
  const words = action
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The detail of an action the formatter does not know: each field in words, values as text, never JSON. */
function anyDetail(detail: Detail): string {
  return Object.entries(detail)
    .filter(
      ([key, value]) =>
        key !== 'names' &&
        key !== 'jobID' &&
        (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'),
    )
    .map(
      ([key, value]) =>
        `${actionWords(key)}: ${/Cents$/.test(key) && typeof value === 'number' ? formatCents(value) : plain(value)}`,
    )
    .join(' · ');
}

function detailText(action: string, detail: Detail): string {
  switch (action) {
    case 'created': {
      const payer =
        detail.insuranceID === null ? 'Self-pay' : payerOf(detail) === null ? null : `Bills ${payerOf(detail)}`;
      const batch =
        detail.chargeBatchID === null || detail.chargeBatchID === undefined
          ? null
          : `Charge batch ${claimFieldValue(detail, 'chargeBatchID', detail.chargeBatchID)}`;
      return joined([
        payer,
        numberOf(detail, 'diagnoses') === null
          ? null
          : plural(numberOf(detail, 'diagnoses') ?? 0, 'diagnosis', 'diagnoses'),
        batch,
      ]);
    }
    case 'created from crossover':
      return joined([
        `From claim ${plain(detail.originalClaimID)}`,
        numberOf(detail, 'lines') === null ? null : plural(numberOf(detail, 'lines') ?? 0, 'line'),
        numberOf(detail, 'totalCents') === null ? null : formatCents(numberOf(detail, 'totalCents') ?? 0),
        payerOf(detail) === null ? null : `Bills ${payerOf(detail)}${rankOf(detail) ? ` as ${rankOf(detail)}` : ''}`,
      ]);
    case 'crossover created':
      return joined([
        `Claim ${plain(detail.crossoverClaimID)}`,
        payerOf(detail) === null ? null : `bills ${payerOf(detail)}${rankOf(detail) ? ` as ${rankOf(detail)}` : ''}`,
        textOf(detail, 'medicareSecondaryType')
          ? `Medicare secondary payer type ${textOf(detail, 'medicareSecondaryType')}`
          : null,
      ]);
    case 'scrubbed': {
      const errors = numberOf(detail, 'errors') ?? 0;
      const warnings = numberOf(detail, 'warnings') ?? 0;
      return `${scrubStatusName(detail.scrubStatusID) ?? 'Scrubbed'}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
    }
    case 'scrub.forcefullyPassed':
      return joined([
        plural(numberOf(detail, 'warnings') ?? 0, 'warning'),
        textOf(detail, 'reason') ? `Why: ${textOf(detail, 'reason')}` : null,
      ]);
    case 'scrub status changed':
      return `Scrub status: ${textOf(detail, 'from') ?? scrubStatusName(detail.fromID) ?? '?'} → ${textOf(detail, 'to') ?? scrubStatusName(detail.toID) ?? '?'}`;
    case 'status changed':
      return joined([
        `Status: ${textOf(detail, 'from') ?? statusName(detail.fromID) ?? '?'} → ${textOf(detail, 'to') ?? statusName(detail.toID) ?? '?'}`,
        textOf(detail, 'note') ? `Note: ${textOf(detail, 'note')}` : null,
      ]);
    case 'submitted':
      return joined([
        `Batch ${plain(detail.submissionBatchID)}`,
        textOf(detail, 'file') ? `file ${textOf(detail, 'file')}` : null,
      ]);
    case 'claim edited':
      return claimEdited(detail);
    case 'charge added':
      return joined([
        lineName(detail),
        numberOf(detail, 'units') === null ? null : plural(numberOf(detail, 'units') ?? 0, 'unit'),
        numberOf(detail, 'chargeCents') === null ? null : formatCents(numberOf(detail, 'chargeCents') ?? 0),
      ]);
    case 'charge edited':
      return chargeEdited(detail);
    case 'charge deleted':
      return joined([
        lineName(detail),
        numberOf(detail, 'chargeCents') === null ? null : formatCents(numberOf(detail, 'chargeCents') ?? 0),
        numberOf(detail, 'reversedCents')
          ? `${formatCents(numberOf(detail, 'reversedCents') ?? 0)} taken off the balance`
          : null,
      ]);
    case 'charge status changed':
      return joined([
        `Line ${lineValue('lineNumber', detail.lineNumber)}: ${chargeStatusName(detail.from) ?? '?'} → ${chargeStatusName(detail.to) ?? '?'}`,
        numberOf(detail, 'reversedCents')
          ? `${formatCents(numberOf(detail, 'reversedCents') ?? 0)} taken off the balance`
          : null,
      ]);
    case 'lines reordered':
      return `${plural(listOf(detail.to).length, 'line')} in a new order`;
    case 'diagnosis removed':
      return `${icdWithDot(textOf(detail, 'icd') ?? '')} (diagnosis ${lineValue('sequence', detail.sequence)}); the lines' pointers follow`;
    case 'encounter voided': {
      const lines = listOf(detail.lines);
      const reversed = lines.reduce<number>(
        (sum, line) => sum + (isRecord(line) && typeof line.reversedCents === 'number' ? line.reversedCents : 0),
        0,
      );
      return joined([
        `Status: ${textOf(detail, 'from') ?? statusName(detail.fromID) ?? '?'} → Void`,
        `${plural(lines.length, 'line')} reversed, ${formatCents(reversed)}`,
        postedOn(detail),
      ]);
    }
    case 'written off': {
      const code =
        textOf(detail, 'groupCode') && textOf(detail, 'reasonCode')
          ? ` (${textOf(detail, 'groupCode')}-${textOf(detail, 'reasonCode')})`
          : '';
      const reason = textOf(detail, 'reason');
      return joined([
        `Written off ${formatCents(numberOf(detail, 'amountCents') ?? 0)}${reason ? `: ${reason}${code}` : code}`,
        textOf(detail, 'note') ? `Note: ${textOf(detail, 'note')}` : null,
        postedOn(detail),
        statusMove(detail),
        balanceAfter(detail),
      ]);
    }
    case 'ERA posted':
      return posting(
        detail,
        insurancePayment(detail, nameOf(detail, 'eraCheck', detail.eraCheckID) ?? textOf(detail, 'reference')),
      );
    case 'insurance payment posted':
      return posting(detail, insurancePayment(detail, textOf(detail, 'reference')));
    case 'patient payment posted': {
      const paid = moved(detail, ['patient_payment']) ?? moved(detail);
      const how = textOf(detail, 'ledgerNote') ?? textOf(detail, 'reference');
      const batch = nameOf(detail, 'paymentBatch', detail.paymentBatchID);
      return posting(
        detail,
        [`Patient payment ${formatCents(-(paid ?? 0))}`, how, batch === null ? null : `payment batch ${batch}`]
          .filter(Boolean)
          .join(', '),
      );
    }
    case 'advance payment applied': {
      const applied = moved(detail, ['advance_application']) ?? moved(detail);
      return posting(
        detail,
        `${textOf(detail, 'reference') ?? 'Advance payment'} applied: ${formatCents(-(applied ?? 0))}`,
      );
    }
    case 'advance payment reversed':
      return posting(
        detail,
        `${textOf(detail, 'reference') ?? 'Advance payment'} taken back: ${formatCents(moved(detail) ?? 0)} owed again`,
      );
    case 'balance transferred to patient':
      return joined([
        `${formatCents(numberOf(detail, 'amountCents') ?? 0)} moved from the payer to the patient`,
        postedOn(detail),
        statusMove(detail),
      ]);
    case 'balance transfer reversed':
      return joined([
        `${formatCents(numberOf(detail, 'amountCents') ?? 0)} back on the payer`,
        postedOn(detail),
        statusMove(detail),
      ]);
    case 'ledger posting reversed':
      return posting(detail, `${formatCents(moved(detail) ?? 0)} owed again`);
    case 'note.added':
    case 'note.archived':
      return nameOf(detail, 'noteType', detail.noteTypeID) ?? '';
    case 'task.added':
      return joined([
        textOf(detail, 'taskType'),
        textOf(detail, 'assignedTo') ? `for ${textOf(detail, 'assignedTo')}` : null,
        textOf(detail, 'dueDate') ? `due ${formatDate(textOf(detail, 'dueDate') ?? '')}` : null,
      ]);
    case 'task.resolved':
    case 'task.deleted':
      return textOf(detail, 'taskType') ?? '';
    case 'claim.assigned':
      return joined([
        `To ${textOf(detail, 'assignedTo') ?? nameOf(detail, 'user', detail.toUserID) ?? 'a biller'}`,
        nameOf(detail, 'user', detail.fromUserID) ? `from ${nameOf(detail, 'user', detail.fromUserID)}` : null,
        textOf(detail, 'note') ? `Note: ${textOf(detail, 'note')}` : null,
      ]);
    case 'claim.unassigned':
      return joined([
        nameOf(detail, 'user', detail.fromUserID) ? `From ${nameOf(detail, 'user', detail.fromUserID)}` : null,
        textOf(detail, 'note') ? `Note: ${textOf(detail, 'note')}` : null,
      ]);
    case 'medical case linked': {
      const previous =
        detail.previousMedicalCaseID === null || detail.previousMedicalCaseID === undefined
          ? null
          : (nameOf(detail, 'medicalCase', detail.previousMedicalCaseID) ??
            `case ${plain(detail.previousMedicalCaseID)}`);
      return joined([
        nameOf(detail, 'medicalCase', detail.medicalCaseID) ?? `Case ${plain(detail.medicalCaseID)}`,
        previous === null ? null : `was ${previous}`,
      ]);
    }
    case 'medical case unlinked':
      return nameOf(detail, 'medicalCase', detail.medicalCaseID) ?? `Case ${plain(detail.medicalCaseID)}`;
    case 'document uploaded':
    case 'document deleted':
      return textOf(detail, 'fileName') ?? '';
    case 'document saved': {
      const tags = listOf(detail.tags).map(plain);
      const category = nameOf(detail, 'documentCategory', detail.categoryID);
      return joined([
        textOf(detail, 'fileName'),
        tags.length === 0 ? 'no tags' : `tags ${tags.join(', ')}`,
        category === null ? null : `category ${category}`,
      ]);
    }
    case 'acknowledgement accepted':
    case 'acknowledgement rejected':
    case 'claim status response':
      return joined([
        `${textOf(detail, 'source') ?? ''} from ${textOf(detail, 'answeredByName') || (textOf(detail, 'answeredBy') === 'payer' ? 'the payer' : 'the clearinghouse')}`,
        action === 'acknowledgement accepted' ? null : textOf(detail, 'reason'),
        textOf(detail, 'payerClaimNumber') ? `payer claim number ${textOf(detail, 'payerClaimNumber')}` : null,
        textOf(detail, 'file'),
      ]);
    case 'status inquiry':
      return textOf(detail, 'file') ?? '';
    case 'resent as replacement':
      return joined([
        `Frequency ${textOf(detail, 'frequencyCode') ?? ''}`,
        textOf(detail, 'originalClaimNumber') ? `replacing ${textOf(detail, 'originalClaimNumber')}` : null,
      ]);
    default:
      return anyDetail(detail);
  }
}

/** One event of the claim's log as two pieces of text: what happened, and what it changed. */
export function dnaLine(event: Pick<ClaimEvent, 'action' | 'detail'>): DnaLine {
  return {
    what: ACTIONS[event.action] ?? actionWords(event.action),
    detail: detailText(event.action, event.detail ?? {}),
  };
}

const SOURCES: Readonly<Record<string, string>> = {
  palette: 'Palette',
  hotkey: 'Shortcut',
  menu: 'Menu',
  button: 'Button',
  bulk: 'Bulk run',
  api: 'API',
  system: 'System',
};

/** Where the change came from, as a word. */
export function sourceText(source: string): string {
  return SOURCES[source] ?? actionWords(source);
}
