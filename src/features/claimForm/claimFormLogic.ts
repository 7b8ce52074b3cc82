/**
 * The claim form as data: what the biller typed (text, as typed; dates as MM/DD/YYYY), the checks
 * shown beside each field before anything is sent, the line's amount following its units while
 * the biller has not typed one, and the request the server takes. The checks are the contract's
 * own schema (contract/claimForm.ts) run over the request the form would send, so the form and
 * the server say the same thing in the same words; the form adds only what the request cannot
 * carry: a patient or provider not picked yet, and text that is not a date, an amount or a list
 * of diagnosis numbers. No React here, so the rules are tested alone.
 */
import type { ClaimInfoReply, SaveClaimFormRequest } from '../../../contract/claimForm.ts';
import { MAX_MODIFIERS, saveClaimFormRequestSchema } from '../../../contract/claimForm.ts';
import { formatCents } from '../../../contract/money.ts';
import { parseDollarsToCents } from '../../console/stepAnswers.ts';
import { formatDate, parseUsDate } from '../../ui/format.ts';
import {
  emptyInstitutional,
  institutionalFieldOf,
  institutionalFromClaim,
  institutionalRequest,
  institutionalTypingErrors,
  type InstitutionalDraft,
} from './institutionalDraft.ts';

export interface LineDraft {
  /** React's key: stays with the line while lines are added and removed. */
  key: string;
  chargeID: number | null;
  cptCode: string;
  modifiers: string[];
  units: string;
  /** Dollars as typed or as filled from the fee; empty: the server prices it from the fee schedule. */
  amount: string;
  /** The biller typed the amount: a change of units or code no longer refills it. */
  amountTyped: boolean;
  /** The fee of one unit (fee schedule, or the stored amount over the units); null when unknown. */
  feeCents: number | null;
  pointers: string;
  posCode: string;
  ndcCode: string;
  /** Institutional claims: the revenue code (empty: the CPT-revenue crosswalk's when saved). */
  revenueCode: string;
  /** Institutional claims: the non-covered part in dollars as typed; empty keeps what the line has. */
  nonCovered: string;
  /** Payments or adjustments are posted: the amount is kept and the line cannot come off. */
  locked: boolean;
}

export interface DiagnosisDraft {
  code: string;
  description: string | null;
}

export interface ClaimDraft {
  claimID: number | null;
  patientID: number | null;
  patientLabel: string;
  /** '' bills the patient (self-pay); a number as text is the coverage billed. */
  patientInsuranceID: string;
  providerID: string;
  referringProviderID: string;
  supervisingProviderID: string;
  facilityID: string;
  posCode: string;
  /** As typed: MM/DD/YYYY (parseUsDate reads it). */
  dosFrom: string;
  dosTo: string;
  /** Professional: 1, 7 or 8; an institutional claim also takes 0, 2, 3, 4 and 5 (the type of bill's last digit). */
  frequencyCode: '1' | '7' | '8' | '0' | '2' | '3' | '4' | '5';
  /** The kind of bill: CMS-1500 / 837P, or UB-04 / 837I with the `ub` section. */
  claimType: 'professional' | 'institutional';
  ub: InstitutionalDraft;
  originalClaimNumber: string;
  priorAuthorizationNumber: string;
  referralNumber: string;
  /** '' puts the claim in no charge batch; a number as text is an open batch of its practice. */
  chargeBatchID: string;
  diagnoses: DiagnosisDraft[];
  lines: LineDraft[];
}

export type LineField =
  'cptCode' | 'modifiers' | 'units' | 'amount' | 'pointers' | 'posCode' | 'ndcCode' | 'revenueCode' | 'nonCovered';
/** Messages by field: claim fields by name, line fields as `line.<index>.<field>`. */
export type FormErrors = Record<string, string>;

let nextKey = 0;
const newKey = () => `line-${(nextKey += 1)}`;

export function emptyLine(defaultPointers = '1'): LineDraft {
  return {
    key: newKey(),
    chargeID: null,
    cptCode: '',
    modifiers: ['', '', '', ''],
    units: '1',
    amount: '',
    amountTyped: false,
    feeCents: null,
    pointers: defaultPointers,
    posCode: '',
    ndcCode: '',
    revenueCode: '',
    nonCovered: '',
    locked: false,
  };
}

/** A new claim dated `today` (YYYY-MM-DD), shown as the biller reads dates. */
export function emptyClaim(today: string): ClaimDraft {
  return {
    claimID: null,
    patientID: null,
    patientLabel: '',
    patientInsuranceID: '',
    providerID: '',
    referringProviderID: '',
    supervisingProviderID: '',
    facilityID: '',
    posCode: '11',
    dosFrom: formatDate(today),
    dosTo: formatDate(today),
    frequencyCode: '1',
    claimType: 'professional',
    ub: emptyInstitutional(),
    originalClaimNumber: '',
    priorAuthorizationNumber: '',
    referralNumber: '',
    chargeBatchID: '',
    diagnoses: [],
    lines: [emptyLine()],
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const idText = (id: number | null) => (id === null ? '' : String(id));

/** The form filled with a stored claim; void lines are not edited, so they are not in it. */
export function draftFromClaim(reply: ClaimInfoReply): ClaimDraft {
  const { claim } = reply;
  const institutional = claim.claimType === 'institutional';
  const frequencies: readonly string[] = institutional ? ['1', '7', '8', '0', '2', '3', '4', '5'] : ['1', '7', '8'];
  const frequency = (
    frequencies.includes(claim.frequencyCode) ? claim.frequencyCode : '1'
  ) as ClaimDraft['frequencyCode'];
  return {
    claimID: claim.claimID,
    patientID: claim.patientID,
    patientLabel: `${claim.patientName} · ${claim.accountNumber}`,
    patientInsuranceID: idText(claim.patientInsuranceID),
    providerID: String(claim.providerID),
    referringProviderID: idText(claim.referringProviderID),
    supervisingProviderID: idText(claim.supervisingProviderID),
    facilityID: idText(claim.facilityID),
    posCode: claim.posCode ?? '',
    dosFrom: formatDate(claim.dosFrom),
    dosTo: formatDate(claim.dosTo),
    frequencyCode: frequency,
    claimType: institutional ? 'institutional' : 'professional',
    ub: institutionalFromClaim(reply),
    originalClaimNumber: claim.originalClaimNumber ?? '',
    priorAuthorizationNumber: claim.priorAuthorizationNumber ?? '',
    referralNumber: claim.referralNumber ?? '',
    chargeBatchID: idText(claim.chargeBatchID),
    diagnoses: reply.diagnoses.map((diagnosis) => ({ code: diagnosis.code, description: diagnosis.description })),
    lines: reply.lines
      .filter((line) => line.status !== 'void')
      .map((line) => ({
        key: newKey(),
        chargeID: line.chargeID,
        cptCode: line.cptCode,
        modifiers: [...line.modifiers, '', '', '', ''].slice(0, MAX_MODIFIERS),
        units: String(line.units),
        amount: dollars(line.chargeCents),
        amountTyped: false,
        feeCents: line.chargeCents % line.units === 0 ? line.chargeCents / line.units : null,
        pointers: line.diagnosisPointers.join(' '),
        posCode: line.posCode ?? '',
        ndcCode: line.ndcCode ?? '',
        revenueCode: line.revenueCode ?? '',
        nonCovered: line.nonCoveredCents ? dollars(line.nonCoveredCents) : '',
        locked: line.hasPostings,
      })),
  };
}

/** "1 2", "1,2" or "12" typed as pointers: the numbers, or null when it is not a list of numbers. */
export function parsePointers(text: string): number[] | null {
  const parts = text
    .trim()
    .split(/[\s,]+/)
    .filter((part) => part !== '');
  if (parts.length === 0) return [];
  if (!parts.every((part) => /^\d{1,2}$/.test(part))) return null;
  return parts.map(Number);
}

export function parseUnits(text: string): number | null {
  return /^\d{1,4}$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null;
}

const ndcDigits = (text: string) => text.replace(/[\s-]/g, '');

/** A line nobody has started: left out when the form is saved. */
export function isBlankLine(line: LineDraft): boolean {
  return (
    line.chargeID === null &&
    line.cptCode.trim() === '' &&
    line.modifiers.every((modifier) => modifier.trim() === '') &&
    line.amount.trim() === '' &&
    line.ndcCode.trim() === '' &&
    line.revenueCode.trim() === '' &&
    line.nonCovered.trim() === ''
  );
}

/** Said by the form itself: what the request cannot carry (a pick not made, text that is not a value). */
export const FORM_MESSAGES = {
  patient: 'Pick the patient: type a name or account number.',
  providerID: 'Pick the rendering provider.',
  date: 'A date as MM/DD/YYYY, like 11/03/2026.',
  amount: 'An amount in dollars, like 125.00; empty takes the fee schedule’s.',
  pointers: 'Diagnosis numbers separated by spaces, like 1 2.',
} as const;

const LINE_FIELDS: Readonly<Record<string, LineField>> = {
  cptCode: 'cptCode',
  modifiers: 'modifiers',
  units: 'units',
  chargeCents: 'amount',
  diagnosisPointers: 'pointers',
  posCode: 'posCode',
  ndcCode: 'ndcCode',
  revenueCode: 'revenueCode',
  nonCoveredCents: 'nonCovered',
};

const CLAIM_FIELDS: Readonly<Record<string, string>> = {
  patientID: 'patient',
  providerID: 'providerID',
  posCode: 'posCode',
  dosFrom: 'dosFrom',
  dosTo: 'dosTo',
  originalClaimNumber: 'originalClaimNumber',
  frequencyCode: 'frequencyCode',
  priorAuthorizationNumber: 'priorAuthorizationNumber',
  referralNumber: 'referralNumber',
  icds: 'diagnoses',
  lines: 'lines',
};

/** The form's field a schema issue is about; a pointer's own range is left to the line's pointer check. */
function fieldOf(path: readonly PropertyKey[], lineIndexes: readonly number[]): string | null {
  const [first, index, field, item] = path;
  if (first === 'institutional') return institutionalFieldOf(path);
  if (first !== 'lines' || index === undefined) return CLAIM_FIELDS[String(first)] ?? null;
  const line = lineIndexes[Number(index)];
  const name = LINE_FIELDS[String(field)];
  if (line === undefined || name === undefined || (name === 'pointers' && item !== undefined)) return null;
  return `line.${line}.${name}`;
}

/** Units as the schema checks them: text that is not a number is 0, which it refuses in its words. */
function unitsValue(text: string): number {
  const units = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(units) ? 0 : units;
}

/** Every message of the form; empty when it may be sent. */
export function formErrors(draft: ClaimDraft): FormErrors {
  const errors: FormErrors = {};
  if (draft.patientID === null) errors.patient = FORM_MESSAGES.patient;
  if (draft.providerID === '') errors.providerID = FORM_MESSAGES.providerID;
  if (parseUsDate(draft.dosFrom) === null) errors.dosFrom = FORM_MESSAGES.date;
  if (parseUsDate(draft.dosTo) === null) errors.dosTo = FORM_MESSAGES.date;
  if (draft.claimType === 'institutional') Object.assign(errors, institutionalTypingErrors(draft.ub));
  const lineIndexes: number[] = [];
  draft.lines.forEach((line, index) => {
    if (isBlankLine(line)) return;
    lineIndexes.push(index);
    if (
      draft.claimType === 'institutional' &&
      line.nonCovered.trim() !== '' &&
      parseDollarsToCents(line.nonCovered) === null
    )
      errors[`line.${index}.nonCovered`] = FORM_MESSAGES.amount;
    if (line.amount.trim() !== '' && lineCents(line) === null) errors[`line.${index}.amount`] = FORM_MESSAGES.amount;
    const pointers = parsePointers(line.pointers);
    if (pointers === null || pointers.some((pointer) => pointer < 1))
      errors[`line.${index}.pointers`] = FORM_MESSAGES.pointers;
  });
  const checked = saveClaimFormRequestSchema.safeParse(requestOf(draft));
  if (checked.success) return errors;
  for (const issue of checked.error.issues) {
    const field = fieldOf(issue.path, lineIndexes);
    if (field !== null && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** The line after its units or fee changed: the amount follows the fee unless the biller typed it. */
export function repriced(line: LineDraft): LineDraft {
  if (line.amountTyped || line.feeCents === null) return line;
  const units = parseUnits(line.units);
  return units === null ? line : { ...line, amount: dollars(line.feeCents * units) };
}

/** Adds a diagnosis after the others; the reason when it cannot, in the contract's words. */
export function addDiagnosis(
  draft: ClaimDraft,
  code: string,
  description: string | null,
): { draft: ClaimDraft; refusal: string | null } {
  const icds = saveClaimFormRequestSchema.unwrap().shape.icds;
  const checked = icds.safeParse([...draft.diagnoses.map((diagnosis) => diagnosis.code), code]);
  if (!checked.success)
    return {
      draft,
      refusal: `${code.trim().toUpperCase()}: ${checked.error.issues[0]?.message ?? 'not a diagnosis the claim takes.'}`,
    };
  const clean = checked.data.at(-1) ?? code;
  return { draft: { ...draft, diagnoses: [...draft.diagnoses, { code: clean, description }] }, refusal: null };
}

/**
 * Takes diagnosis `index` off; the lines' pointers follow (later ones move up, pointers at it go),
 * as the server does when a diagnosis is removed from the claim and its lines.
 */
export function removeDiagnosis(draft: ClaimDraft, index: number): ClaimDraft {
  const removed = index + 1;
  const lines = draft.lines.map((line) => {
    const pointers = parsePointers(line.pointers);
    if (pointers === null) return line;
    const moved = pointers
      .filter((pointer) => pointer !== removed)
      .map((pointer) => (pointer > removed ? pointer - 1 : pointer));
    return { ...line, pointers: moved.join(' ') };
  });
  return { ...draft, diagnoses: draft.diagnoses.filter((_, at) => at !== index), lines };
}

export function lineCents(line: LineDraft): number | null {
  const typed = line.amount.trim();
  return typed === '' ? null : parseDollarsToCents(typed);
}

/** The total of the lines whose amount is known, and how many wait for the fee schedule. */
export function formTotal(draft: ClaimDraft): { text: string; unpriced: number } {
  const lines = draft.lines.filter((line) => !isBlankLine(line));
  const known = lines.map(lineCents);
  const sum = known.reduce<number>((total, cents) => total + (cents ?? 0), 0);
  return { text: formatCents(sum), unpriced: known.filter((cents) => cents === null).length };
}

/**
 * The picked charge batch once the practice's open batches are known: kept when it is one of them
 * or the batch the claim is stored in (shown as it is, even closed); else none, since the server
 * would refuse it.
 */
export function keptChargeBatch(picked: string, offered: readonly number[], stored: number | null): string {
  if (picked === '' || picked === idText(stored)) return picked;
  return offered.some((chargeBatchID) => String(chargeBatchID) === picked) ? picked : '';
}

/**
 * The request the form would send, whatever its state: what cannot be read goes as a value the
 * schema refuses (an unpicked patient as 0, a date that is not one as typed).
 */
function requestOf(draft: ClaimDraft): SaveClaimFormRequest {
  const optionalID = (text: string) => (text === '' ? null : Number(text));
  const optionalText = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    ...(draft.claimID === null ? {} : { claimID: draft.claimID }),
    patientID: draft.patientID ?? 0,
    patientInsuranceID: optionalID(draft.patientInsuranceID),
    providerID: Number(draft.providerID),
    referringProviderID: optionalID(draft.referringProviderID),
    supervisingProviderID: optionalID(draft.supervisingProviderID),
    facilityID: optionalID(draft.facilityID),
    posCode: draft.posCode.trim(),
    dosFrom: parseUsDate(draft.dosFrom) ?? draft.dosFrom,
    dosTo: parseUsDate(draft.dosTo) ?? draft.dosTo,
    frequencyCode: draft.frequencyCode,
    claimType: draft.claimType,
    institutional: draft.claimType === 'institutional' ? institutionalRequest(draft.ub, draft.diagnoses.length) : null,
    originalClaimNumber:
      draft.frequencyCode === '7' || draft.frequencyCode === '8' ? optionalText(draft.originalClaimNumber) : null,
    priorAuthorizationNumber: optionalText(draft.priorAuthorizationNumber),
    referralNumber: optionalText(draft.referralNumber),
    chargeBatchID: optionalID(draft.chargeBatchID),
    icds: draft.diagnoses.map((diagnosis) => diagnosis.code),
    lines: draft.lines
      .filter((line) => !isBlankLine(line))
      .map((line) => {
        const cents = lineCents(line);
        const ndc = ndcDigits(line.ndcCode);
        return {
          ...(line.chargeID === null ? {} : { chargeID: line.chargeID }),
          cptCode: line.cptCode.trim().toUpperCase(),
          modifiers: line.modifiers
            .map((modifier) => modifier.trim().toUpperCase())
            .filter((modifier) => modifier !== ''),
          units: unitsValue(line.units),
          diagnosisPointers: parsePointers(line.pointers) ?? [],
          ...(cents === null ? {} : { chargeCents: cents }),
          posCode: optionalText(line.posCode),
          // A new line without an NDC takes the crosswalk's; an existing one clears it.
          ...(ndc === '' ? (line.chargeID === null ? {} : { ndcCode: null }) : { ndcCode: ndc }),
          ...(draft.claimType === 'institutional' ? revenueOf(line) : {}),
        };
      }),
  };
}

/** An institutional line's revenue code (empty on a new line: the crosswalk's) and non-covered amount. */
function revenueOf(line: LineDraft): { revenueCode?: string; nonCoveredCents?: number } {
  const code = line.revenueCode.trim();
  const nonCovered = line.nonCovered.trim() === '' ? 0 : parseDollarsToCents(line.nonCovered);
  return {
    ...(code === '' ? {} : { revenueCode: code.padStart(4, '0') }),
    ...(nonCovered === null ? {} : { nonCoveredCents: nonCovered }),
  };
}

/** The request for a form with no errors. */
export function saveRequest(draft: ClaimDraft): SaveClaimFormRequest {
  return requestOf(draft);
}

/** The draft as it would be saved: without the keys and fee look-ups the form keeps for itself. */
export function draftFingerprint(draft: ClaimDraft): string {
  return JSON.stringify({
    ...draft,
    lines: draft.lines.map(({ key: _key, feeCents: _fee, amountTyped: _typed, ...line }) => line),
  });
}

/** Whether the biller has changed the form from what it opened with. */
export function draftChanged(draft: ClaimDraft, opened: ClaimDraft): boolean {
  return draftFingerprint(draft) !== draftFingerprint(opened);
}
