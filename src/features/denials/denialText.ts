/**
 * Denial management as the biller reads it: reason codes with their CARC text, the filters turned
 * into the report's query, and where the page of claims sits in the whole.
 */
import type { DenialChargesReply, DenialReportQuery, DenialReportReply } from '../../../contract/denials.ts';

export interface DenialFilters {
  insuranceID: number | null;
  reasonCode: string;
  dosFrom: string;
  dosTo: string;
}

export const NO_FILTERS: DenialFilters = { insuranceID: null, reasonCode: '', dosFrom: '', dosTo: '' };

/** Claims per page: a day's denials of a practice fit on one, and the charges load per claim. */
export const DENIALS_PAGE_SIZE = 100;

/** "16 Claim/service lacks information; 50 Not medically necessary" from the claim's codes and the report's reasons. */
export function reasonsText(codes: readonly string[], reasons: DenialReportReply['reasons']): string {
  const described = new Map(reasons.map((reason) => [reason.reasonCode, reason.description]));
  return codes.map((code) => [code, described.get(code)].filter(Boolean).join(' ')).join('; ');
}

/** Only the filters that are set; an unfinished date is left out rather than refused. */
export function denialQuery(filters: DenialFilters, pageNumber: number): DenialReportQuery {
  const date = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
  const dosFrom = date(filters.dosFrom);
  const dosTo = date(filters.dosTo);
  return {
    pageNumber,
    pageSize: DENIALS_PAGE_SIZE,
    ...(filters.insuranceID === null ? {} : { insuranceID: filters.insuranceID }),
    ...(filters.reasonCode === '' ? {} : { reasonCode: filters.reasonCode }),
    ...(dosFrom === undefined ? {} : { dosFrom }),
    ...(dosTo === undefined ? {} : { dosTo }),
  };
}

/** "Claims 101–200 of 250", or "No denied claims". */
export function pageText(pageNumber: number, shown: number, total: number): string {
  if (total === 0) return 'No denied claims';
  const first = (pageNumber - 1) * DENIALS_PAGE_SIZE + 1;
  return `Claims ${first.toLocaleString('en-US')}–${(first + shown - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

export function lastPage(total: number): number {
  return Math.max(1, Math.ceil(total / DENIALS_PAGE_SIZE));
}

type DeniedLine = DenialChargesReply['lines'][number];

/** "Line 2 · 36415-59", or "Whole claim" for a denial of the claim itself. */
export function lineText(line: Pick<DeniedLine, 'chargeID' | 'lineNumber' | 'cptCode' | 'modifiers'>): string {
  if (line.chargeID === null) return 'Whole claim';
  return `Line ${line.lineNumber ?? '?'} · ${[line.cptCode, ...line.modifiers].filter(Boolean).join('-')}`;
}

/** "CO-16 Claim/service lacks information; CO-50 Not medically necessary". */
export function lineReasons(line: Pick<DeniedLine, 'denials'>): string {
  return line.denials
    .map((denial) => {
      const code = [denial.groupCode, denial.reasonCode].filter(Boolean).join('-') || 'no reason code';
      return denial.description ? `${code} ${denial.description}` : code;
    })
    .join('; ');
}
