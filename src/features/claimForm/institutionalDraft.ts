/**
 * The UB-04 part of the claim form as data: what the biller typed in the institutional section
 * (text as typed, dates as MM/DD/YYYY, amounts in dollars), read from a stored claim, and turned
 * into the request's `institutional` (contract/institutionalClaim.ts), whose schema then speaks
 * for every field. No React here, so the rules are tested alone.
 */
import type { ClaimInfoReply } from '../../../contract/claimForm.ts';
import type { InstitutionalDetails } from '../../../contract/institutionalClaim.ts';
import { parseDollarsToCents } from '../../console/stepAnswers.ts';
import { formatDate, parseUsDate } from '../../ui/format.ts';

export interface OccurrenceDraft {
  code: string;
  date: string;
}
export interface SpanDraft {
  code: string;
  from: string;
  through: string;
}
export interface ValueDraft {
  code: string;
  amount: string;
}

export interface InstitutionalDraft {
  /** Facility type + classification, 2 digits ('' until picked). */
  billType: string;
  admissionDate: string;
  admissionHour: string;
  admissionType: string;
  admissionSource: string;
  dischargeHour: string;
  patientStatus: string;
  admittingDiagnosis: string;
  operatingProviderID: string;
  otherOperatingProviderID: string;
  /** One per diagnosis, in the claim's order; '' not reported. */
  poa: string[];
  /** Condition codes separated by spaces or commas, like "01 17". */
  conditionCodes: string;
  occurrences: OccurrenceDraft[];
  spans: SpanDraft[];
  values: ValueDraft[];
}

/** Rows the section offers: what the UB-04's boxes hold (FL31-34 a/b, FL35-36 a/b, FL39-41 a-d); the 837I takes more. */
export const OCCURRENCE_ROWS = 4;
export const SPAN_ROWS = 2;
export const VALUE_ROWS = 4;

const rows = <T>(count: number, make: () => T, filled: T[] = []): T[] => [
  ...filled,
  ...Array.from({ length: Math.max(0, count - filled.length) }, make),
];

export function emptyInstitutional(): InstitutionalDraft {
  return {
    billType: '',
    admissionDate: '',
    admissionHour: '',
    admissionType: '',
    admissionSource: '',
    dischargeHour: '',
    patientStatus: '01',
    admittingDiagnosis: '',
    operatingProviderID: '',
    otherOperatingProviderID: '',
    poa: [],
    conditionCodes: '',
    occurrences: rows(OCCURRENCE_ROWS, () => ({ code: '', date: '' })),
    spans: rows(SPAN_ROWS, () => ({ code: '', from: '', through: '' })),
    values: rows(VALUE_ROWS, () => ({ code: '', amount: '' })),
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const idText = (id: number | null) => (id === null ? '' : String(id));

/** The section filled with a stored claim's UB-04 fields; an empty one for a professional claim. */
export function institutionalFromClaim(reply: ClaimInfoReply): InstitutionalDraft {
  const stored = reply.institutional ?? null;
  if (stored === null) return emptyInstitutional();
  return {
    billType: stored.billType,
    admissionDate: stored.admissionDate === null ? '' : formatDate(stored.admissionDate),
    admissionHour: stored.admissionHour ?? '',
    admissionType: stored.admissionType ?? '',
    admissionSource: stored.admissionSource ?? '',
    dischargeHour: stored.dischargeHour ?? '',
    patientStatus: stored.patientStatus,
    admittingDiagnosis: stored.admittingDiagnosis ?? '',
    operatingProviderID: idText(stored.operatingProviderID),
    otherOperatingProviderID: idText(stored.otherOperatingProviderID),
    poa: stored.poa.map((indicator) => indicator ?? ''),
    conditionCodes: stored.conditionCodes.join(' '),
    occurrences: rows(
      OCCURRENCE_ROWS,
      () => ({ code: '', date: '' }),
      stored.occurrenceCodes.map((occurrence) => ({ code: occurrence.code, date: formatDate(occurrence.date) })),
    ),
    spans: rows(
      SPAN_ROWS,
      () => ({ code: '', from: '', through: '' }),
      stored.occurrenceSpans.map((span) => ({
        code: span.code,
        from: formatDate(span.from),
        through: formatDate(span.through),
      })),
    ),
    values: rows(
      VALUE_ROWS,
      () => ({ code: '', amount: '' }),
      stored.valueCodes.map((value) => ({ code: value.code, amount: dollars(value.amountCents) })),
    ),
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const dateOrTyped = (text: string) => parseUsDate(text) ?? text.trim();

/**
 * The request's `institutional`, whatever the section's state: text that is not a date or an
 * amount goes as typed (or as a value the schema refuses), so the schema names it. `diagnoses` is
 * how many diagnoses the claim has: the POA list follows them.
 */
export function institutionalRequest(draft: InstitutionalDraft, diagnoses: number): InstitutionalDetails {
  const poa = Array.from({ length: diagnoses }, (_, index) => draft.poa[index] ?? '');
  const lastReported = poa.reduce((last, indicator, index) => (indicator === '' ? last : index), -1);
  return {
    billType: draft.billType,
    admissionDate: orNull(draft.admissionDate) === null ? null : dateOrTyped(draft.admissionDate),
    admissionHour: orNull(draft.admissionHour),
    admissionType: orNull(draft.admissionType),
    admissionSource: orNull(draft.admissionSource),
    dischargeHour: orNull(draft.dischargeHour),
    patientStatus: draft.patientStatus,
    admittingDiagnosis: orNull(draft.admittingDiagnosis),
    operatingProviderID: draft.operatingProviderID === '' ? null : Number(draft.operatingProviderID),
    otherOperatingProviderID: draft.otherOperatingProviderID === '' ? null : Number(draft.otherOperatingProviderID),
    poa: poa.slice(0, lastReported + 1).map((indicator) => (indicator === '' ? null : indicator)),
    conditionCodes: draft.conditionCodes
      .split(/[\s,]+/)
      .map((code) => code.trim().toUpperCase())
      .filter((code) => code !== ''),
    occurrenceCodes: draft.occurrences
      .filter((row) => row.code.trim() !== '' || row.date.trim() !== '')
      .map((row) => ({ code: row.code, date: dateOrTyped(row.date) })),
    occurrenceSpans: draft.spans
      .filter((row) => row.code.trim() !== '' || row.from.trim() !== '' || row.through.trim() !== '')
      .map((row) => ({ code: row.code, from: dateOrTyped(row.from), through: dateOrTyped(row.through) })),
    valueCodes: draft.values
      .filter((row) => row.code.trim() !== '' || row.amount.trim() !== '')
      .map((row) => ({ code: row.code, amountCents: parseDollarsToCents(row.amount) ?? Number.NaN })),
  };
}

/** What the section says itself, before the schema: text that is not a date or an amount. */
export function institutionalTypingErrors(draft: InstitutionalDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const date = 'A date as MM/DD/YYYY, like 11/03/2026.';
  if (draft.admissionDate.trim() !== '' && parseUsDate(draft.admissionDate) === null) errors['ub.admissionDate'] = date;
  draft.occurrences.forEach((row, index) => {
    if (row.date.trim() !== '' && parseUsDate(row.date) === null) errors[`ub.occurrenceCodes.${index}`] = date;
  });
  draft.spans.forEach((row, index) => {
    if (
      (row.from.trim() !== '' && parseUsDate(row.from) === null) ||
      (row.through.trim() !== '' && parseUsDate(row.through) === null)
    )
      errors[`ub.occurrenceSpans.${index}`] = date;
  });
  draft.values.forEach((row, index) => {
    if (row.amount.trim() !== '' && parseDollarsToCents(row.amount) === null)
      errors[`ub.valueCodes.${index}`] = 'An amount in dollars, like 3.00.';
  });
  return errors;
}

/** The form's key of a schema issue under `institutional`: `ub.<field>`, rows as `ub.<list>.<row>`. */
export function institutionalFieldOf(path: readonly PropertyKey[]): string {
  const [, field, row] = path;
  if (field === undefined) return 'ub';
  return row === undefined || typeof row !== 'number' ? `ub.${String(field)}` : `ub.${String(field)}.${row}`;
}
