/** What the import log screens and their commands say, as plain functions. */
import type {
  EdiImportLogQuery,
  EdiOutcome,
  EdiTransactionSet,
  Hl7ImportLogQuery,
  Hl7MessageResult,
  Hl7Outcome,
  UploadHl7Reply,
} from '../../../contract/importLogs.ts';

export const LOG_PAGE_SIZE = 100;

export interface Hl7LogFilters {
  outcome: Hl7Outcome | null;
  messageType: string;
  fromDate: string;
  toDate: string;
}
export const NO_HL7_FILTERS: Hl7LogFilters = { outcome: null, messageType: '', fromDate: '', toDate: '' };

export interface EdiLogFilters {
  outcome: EdiOutcome | null;
  transactionSet: EdiTransactionSet | null;
  fromDate: string;
  toDate: string;
}
export const NO_EDI_FILTERS: EdiLogFilters = { outcome: null, transactionSet: null, fromDate: '', toDate: '' };

export function hl7LogQuery(filters: Hl7LogFilters, pageNumber: number): Hl7ImportLogQuery {
  return {
    pageNumber,
    pageSize: LOG_PAGE_SIZE,
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
    ...(filters.messageType ? { messageType: filters.messageType } : {}),
    ...(filters.fromDate ? { fromDate: filters.fromDate } : {}),
    ...(filters.toDate ? { toDate: filters.toDate } : {}),
  };
}

export function ediLogQuery(filters: EdiLogFilters, pageNumber: number): EdiImportLogQuery {
  return {
    pageNumber,
    pageSize: LOG_PAGE_SIZE,
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
    ...(filters.transactionSet ? { transactionSet: filters.transactionSet } : {}),
    ...(filters.fromDate ? { fromDate: filters.fromDate } : {}),
    ...(filters.toDate ? { toDate: filters.toDate } : {}),
  };
}

export const lastPage = (total: number) => Math.max(1, Math.ceil(total / LOG_PAGE_SIZE));

/** "Messages 101-200 of 431". */
export function pageText(what: string, pageNumber: number, shown: number, total: number): string {
  if (total === 0) return `No ${what.toLowerCase()}`;
  const first = (pageNumber - 1) * LOG_PAGE_SIZE + 1;
  return `${what} ${first.toLocaleString('en-US')}-${(first + shown - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

export const HL7_OUTCOME_TEXT: Readonly<Record<Hl7Outcome, string>> = {
  accepted: 'Accepted (AA)',
  error: 'Error (AE)',
  rejected: 'Rejected (AR)',
};

export const EDI_OUTCOME_TEXT: Readonly<Record<EdiOutcome, string>> = {
  accepted: 'Read',
  rejected: 'Refused',
  error: 'Not understood',
};

export const EDI_SET_TEXT: Readonly<Record<EdiTransactionSet, string>> = {
  '835': '835 remittance',
  '271': '271 eligibility answer',
  '999': '999 acknowledgment',
  '277': '277 claim status',
};

/** The filters in words, for the list's title: "Errors, DFT^P03, from 2026-11-01". */
export function hl7FiltersText(filters: Hl7LogFilters): string {
  const parts = [
    filters.outcome ? HL7_OUTCOME_TEXT[filters.outcome] : null,
    filters.messageType || null,
    filters.fromDate ? `from ${filters.fromDate}` : null,
    filters.toDate ? `to ${filters.toDate}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? 'All messages' : `Messages: ${parts.join(', ')}`;
}

export function ediFiltersText(filters: EdiLogFilters): string {
  const parts = [
    filters.transactionSet ? EDI_SET_TEXT[filters.transactionSet] : null,
    filters.outcome ? EDI_OUTCOME_TEXT[filters.outcome] : null,
    filters.fromDate ? `from ${filters.fromDate}` : null,
    filters.toDate ? `to ${filters.toDate}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? 'All files read' : `Files: ${parts.join(', ')}`;
}

/** One message of an upload, for the toast: "2 DFT^P03 DFT-0001: draft claim 2051 created…" or its reasons. */
export function messageResultText(result: Hl7MessageResult): string {
  const what = `${result.position}. ${result.messageType || 'not HL7'} ${result.controlID}`.trim();
  return result.outcome === 'accepted'
    ? `${what}: ${result.action ?? 'accepted'}`
    : `${what}: ${result.ackCode} ${result.errors.join(' ')}`;
}

/** The toast's detail: each message on its line, refusals first so they are read. */
export function uploadText(reply: UploadHl7Reply): string {
  const order = (result: Hl7MessageResult) => (result.outcome === 'accepted' ? 1 : 0);
  return [...reply.results]
    .sort((a, b) => order(a) - order(b) || a.position - b.position)
    .map(messageResultText)
    .join('\n');
}
