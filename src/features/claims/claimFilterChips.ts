/**
 * The words on the filter bar's chips: one chip per active filter (a range is one chip), each
 * naming the fields it removes. Pure, so the wording is tested without a browser.
 */
import type { AgingBucket, ClaimFilter, ClaimFilterField } from '../../../contract/claims.ts';
import { CLAIM_STATUS_NAMES, SCRUB_STATUS_NAMES, SUBMIT_STATUS_NAMES } from '../../../contract/claimStatus.ts';
import { formatCents } from '../../../contract/money.ts';
import { formatDate } from '../../ui/format.ts';

export interface FilterChip {
  /** Stable key for React and tests: the first field. */
  key: ClaimFilterField;
  text: string;
  /** What removing the chip clears. */
  fields: ClaimFilterField[];
}

export type FilterLabels = Readonly<Partial<Record<ClaimFilterField, string>>>;

/** The ids a chip names, by field, with the word before the name. */
const NAMED_IDS: [ClaimFilterField, string][] = [
  ['groupID', 'Group'],
  ['practiceID', 'Practice'],
  ['facilityID', 'Facility'],
  ['providerID', 'Provider'],
  ['insuranceID', 'Payer'],
  ['patientID', 'Patient'],
];

export function agingText(bucket: AgingBucket): string {
  return bucket === '120+' ? 'Aged over 120 days' : `Aged ${bucket} days`;
}

/** "DOS 01/01/2026 to 01/31/2026", or one end: "DOS from ...", "Balance at most ...". */
function rangeText(
  what: string,
  from: string | undefined,
  to: string | undefined,
  [after, before] = ['from', 'until'],
): string {
  if (from !== undefined && to !== undefined) return from === to ? `${what} ${from}` : `${what} ${from} to ${to}`;
  return from !== undefined ? `${what} ${after} ${from}` : `${what} ${before} ${to ?? ''}`;
}

const statusName = (names: Record<number, string>, id: number) => names[id] ?? `#${id}`;

export function filterChips(filter: ClaimFilter, labels: FilterLabels = {}): FilterChip[] {
  const chips: FilterChip[] = [];
  const chip = (fields: ClaimFilterField[], text: string) => chips.push({ key: fields[0] ?? 'search', text, fields });
  const date = (value: string | undefined) => (value === undefined ? undefined : formatDate(value));
  const money = (value: number | undefined) => (value === undefined ? undefined : formatCents(value));

  if (filter.ar === 'true') chip(['ar'], 'Accounts receivable');
  for (const [field, word] of NAMED_IDS) {
    const value = filter[field];
    if (value !== undefined) chip([field], `${word}: ${labels[field] ?? `#${String(value)}`}`);
  }
  if (filter.claimStatusID !== undefined)
    chip(['claimStatusID'], `Status: ${statusName(CLAIM_STATUS_NAMES, filter.claimStatusID)}`);
  if (filter.claimStatusIDs) {
    const names = filter.claimStatusIDs.split(',').map((id) => statusName(CLAIM_STATUS_NAMES, Number(id)));
    chip(['claimStatusIDs'], `Status: ${labels.claimStatusIDs ?? names.join(' or ')}`);
  }
  if (filter.scrubStatusID !== undefined)
    chip(['scrubStatusID'], `Scrub: ${statusName(SCRUB_STATUS_NAMES, filter.scrubStatusID)}`);
  if (filter.submitStatusID !== undefined)
    chip(['submitStatusID'], `Submission: ${statusName(SUBMIT_STATUS_NAMES, filter.submitStatusID)}`);
  if (filter.dosFrom !== undefined || filter.dosTo !== undefined)
    chip(['dosFrom', 'dosTo'], rangeText('DOS', date(filter.dosFrom), date(filter.dosTo)));
  if (filter.postingFrom !== undefined || filter.postingTo !== undefined)
    chip(['postingFrom', 'postingTo'], rangeText('Posted', date(filter.postingFrom), date(filter.postingTo)));
  if (filter.balanceMin !== undefined || filter.balanceMax !== undefined)
    chip(
      ['balanceMin', 'balanceMax'],
      rangeText('Balance', money(filter.balanceMin), money(filter.balanceMax), ['at least', 'at most']),
    );
  if (filter.agingBucket !== undefined) chip(['agingBucket'], agingText(filter.agingBucket));
  if (filter.assignedUserID === 'unassigned') chip(['assignedUserID'], 'Unassigned');
  else if (filter.assignedUserID !== undefined)
    chip(['assignedUserID'], `Assigned to ${labels.assignedUserID ?? `#${filter.assignedUserID}`}`);
  if (filter.denialReason !== undefined) chip(['denialReason'], `Denial reason ${filter.denialReason}`);
  return chips;
}
