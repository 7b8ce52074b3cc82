/**
 * The claim form as data: what the biller typed (text, as typed), the checks shown beside each
 * field before anything is sent, the line's amount following its units while the biller has not
 * typed one, and the request the server takes. No React here, so the rules are tested alone.
 */
import type { ClaimInfoReply, SaveClaimFormRequest } from '../../../contract/claimForm.ts';
import { ICD_CODE, MAX_LINES, MAX_MODIFIERS, MAX_POINTERS, NDC_CODE, PROCEDURE_CODE } from '../../../contract/claimForm.ts';
import { MAX_DIAGNOSES } from '../../../contract/claimEdit.ts';
import { formatCents } from '../../../contract/money.ts';
import { parseDollarsToCents } from '../../console/stepAnswers.ts';

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
  dosFrom: string;
  dosTo: string;
  frequencyCode: '1' | '7' | '8';
  originalClaimNumber: string;
  priorAuthorizationNumber: string;
  referralNumber: string;
  /** '' puts the claim in no charge batch; a number as text is an open batch of its practice. */
  chargeBatchID: string;
  diagnoses: DiagnosisDraft[];
  lines: LineDraft[];
}

export type LineField = 'cptCode' | 'modifiers' | 'units' | 'amount' | 'pointers' | 'posCode' | 'ndcCode';
/** Messages by field: claim fields by name, line fields as `line.<index>.<field>`. */
export type FormErrors = Record<string, string>;

let nextKey = 0;
const newKey = () => `line-${(nextKey += 1)}`;

export function emptyLine(defaultPointers = '1'): LineDraft {
  return { key: newKey(), chargeID: null, cptCode: '', modifiers: ['', '', '', ''], units: '1', amount: '', amountTyped: false, feeCents: null, pointers: defaultPointers, posCode: '', ndcCode: '', locked: false };
}

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
    dosFrom: today,
    dosTo: today,
    frequencyCode: '1',
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
  const frequency = claim.frequencyCode === '7' || claim.frequencyCode === '8' ? claim.frequencyCode : '1';
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
    dosFrom: claim.dosFrom,
    dosTo: claim.dosTo,
    frequencyCode: frequency,
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
        locked: line.hasPostings,
      })),
  };
}

/** "1 2", "1,2" or "12" typed as pointers: the numbers, or null when it is not a list of numbers. */
export function parsePointers(text: string): number[] | null {
  const parts = text.trim().split(/[\s,]+/).filter((part) => part !== '');
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
  return line.chargeID === null && line.cptCode.trim() === '' && line.modifiers.every((modifier) => modifier.trim() === '') && line.amount.trim() === '' && line.ndcCode.trim() === '';
}

/** What is wrong with one line, by field, in words for the biller. */
export function lineErrors(line: LineDraft, diagnosisCount: number): Partial<Record<LineField, string>> {
  const errors: Partial<Record<LineField, string>> = {};
  const code = line.cptCode.trim().toUpperCase();
  if (code === '') errors.cptCode = 'Enter the CPT or HCPCS code.';
  else if (!PROCEDURE_CODE.test(code)) errors.cptCode = 'A CPT code (5 digits) or a HCPCS code (a letter and 4 digits).';
  const badModifier = line.modifiers.find((modifier) => modifier.trim() !== '' && !/^[A-Z0-9]{2}$/i.test(modifier.trim()));
  if (badModifier !== undefined) errors.modifiers = `${badModifier} is not a modifier: two letters or digits, like 25 or LT.`;
  if (parseUnits(line.units) === null) errors.units = 'Units: a whole number from 1 to 9999.';
  const amount = line.amount.trim();
  if (amount !== '') {
    const cents = parseDollarsToCents(amount);
    if (cents === null || cents <= 0) errors.amount = 'An amount above $0.00, like 125.00.';
  }
  const pointers = parsePointers(line.pointers);
  if (pointers === null) errors.pointers = 'Diagnosis numbers separated by spaces, like 1 2.';
  else if (pointers.length === 0 || pointers.length > MAX_POINTERS) errors.pointers = `Point at 1 to ${MAX_POINTERS} diagnoses.`;
  else if (new Set(pointers).size !== pointers.length) errors.pointers = 'Each diagnosis once.';
  else {
    const past = pointers.find((pointer) => pointer < 1 || pointer > diagnosisCount);
    if (past !== undefined) errors.pointers = diagnosisCount === 0 ? 'Add a diagnosis first.' : `${past} is not a diagnosis: 1 to ${diagnosisCount}.`;
  }
  if (line.posCode.trim() !== '' && !/^\d{2}$/.test(line.posCode.trim())) errors.posCode = 'Two digits, like 11; empty takes the claim’s.';
  if (line.ndcCode.trim() !== '' && !NDC_CODE.test(ndcDigits(line.ndcCode))) errors.ndcCode = 'An NDC has 11 digits (5-4-2).';
  return errors;
}

function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** Every message of the form; empty when it may be sent. */
export function formErrors(draft: ClaimDraft): FormErrors {
  const errors: FormErrors = {};
  if (draft.patientID === null) errors.patient = 'Pick the patient: type a name or account number.';
  if (draft.providerID === '') errors.providerID = 'Pick the rendering provider.';
  if (!/^\d{2}$/.test(draft.posCode.trim())) errors.posCode = 'Two digits, like 11.';
  if (!isDay(draft.dosFrom)) errors.dosFrom = 'A date as YYYY-MM-DD.';
  if (!isDay(draft.dosTo)) errors.dosTo = 'A date as YYYY-MM-DD.';
  else if (isDay(draft.dosFrom) && draft.dosTo < draft.dosFrom) errors.dosTo = 'Before the first date of service.';
  if (draft.frequencyCode !== '1' && draft.originalClaimNumber.trim() === '') errors.originalClaimNumber = 'A replacement or void names the original claim.';
  if (draft.diagnoses.length === 0) errors.diagnoses = 'Add at least one diagnosis.';
  const lines = draft.lines.filter((line) => !isBlankLine(line));
  if (lines.length === 0) errors.lines = 'Add at least one charge line.';
  if (lines.length > MAX_LINES) errors.lines = `At most ${MAX_LINES} lines.`;
  draft.lines.forEach((line, index) => {
    if (isBlankLine(line)) return;
    for (const [field, message] of Object.entries(lineErrors(line, draft.diagnoses.length))) errors[`line.${index}.${field}`] = message;
  });
  return errors;
}

/** The line after its units or fee changed: the amount follows the fee unless the biller typed it. */
export function repriced(line: LineDraft): LineDraft {
  if (line.amountTyped || line.feeCents === null) return line;
  const units = parseUnits(line.units);
  return units === null ? line : { ...line, amount: dollars(line.feeCents * units) };
}

/** Adds a diagnosis after the others; the reason when it cannot. */
export function addDiagnosis(draft: ClaimDraft, code: string, description: string | null): { draft: ClaimDraft; refusal: string | null } {
  const clean = code.trim().toUpperCase().replace('.', '');
  if (!ICD_CODE.test(clean)) return { draft, refusal: `${code} is not an ICD-10-CM code (like E11.9).` };
  if (draft.diagnoses.some((diagnosis) => diagnosis.code === clean)) return { draft, refusal: `${clean} is on the claim already.` };
  if (draft.diagnoses.length >= MAX_DIAGNOSES) return { draft, refusal: `A claim takes at most ${MAX_DIAGNOSES} diagnoses.` };
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
    const moved = pointers.filter((pointer) => pointer !== removed).map((pointer) => (pointer > removed ? pointer - 1 : pointer));
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

/** The request for a form with no errors. */
export function saveRequest(draft: ClaimDraft): SaveClaimFormRequest {
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
    dosFrom: draft.dosFrom,
    dosTo: draft.dosTo,
    frequencyCode: draft.frequencyCode,
    originalClaimNumber: draft.frequencyCode === '1' ? null : optionalText(draft.originalClaimNumber),
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
          modifiers: line.modifiers.map((modifier) => modifier.trim().toUpperCase()).filter((modifier) => modifier !== ''),
          units: parseUnits(line.units) ?? 1,
          diagnosisPointers: parsePointers(line.pointers) ?? [],
          ...(cents === null ? {} : { chargeCents: cents }),
          posCode: optionalText(line.posCode),
          // A new line without an NDC takes the crosswalk's; an existing one clears it.
          ...(ndc === '' ? (line.chargeID === null ? {} : { ndcCode: null }) : { ndcCode: ndc }),
        };
      }),
  };
}
