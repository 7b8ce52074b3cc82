/** What the ERA detail screen and its commands say about claims, lines and adjustments. */
import type { ChargeLine } from '../../../contract/claimDetail.ts';
import { formatCents } from '../../../contract/money.ts';
import { formatDate } from '../../ui/format.ts';
import type { EraDetailCheck, EraDetailClaim, EraDetailLine } from './eraDetailOnScreen.ts';

type Adjustment = EraDetailLine['adjustments'][number];
type Remark = EraDetailLine['remarks'][number];

export const UNMATCHED = 'Unmatched';

/** "CO-45 $30.00", the way billers say a CARC adjustment. */
export const adjustmentText = (adjustment: Pick<Adjustment, 'group' | 'reason' | 'amount'>) =>
  `${adjustment.group}-${adjustment.reason} ${formatCents(adjustment.amount)}`;

export const adjustmentHint = (adjustment: Pick<Adjustment, 'description'>) =>
  adjustment.description ?? 'Not in the CARC list';

export const remarkHint = (remark: Pick<Remark, 'description'>) => remark.description ?? 'Not in the RARC list';

export const procedureText = (line: Pick<EraDetailLine, 'procedureCode' | 'modifiers'>) =>
  [line.procedureCode, ...line.modifiers].join(' ');

export const dateText = (date: string | null) => (date === null ? '—' : formatDate(date));

export const claimName = (claim: Pick<EraDetailClaim, 'patientControlNumber' | 'patientName'>) =>
  `ERA claim ${claim.patientControlNumber}${claim.patientName === null ? '' : ` (${claim.patientName})`}`;

export const checkStatusText = (check: Pick<EraDetailCheck, 'status'>) =>
  check.status === 'posted' ? 'Posted' : check.status === 'partial' ? 'Partly posted' : 'Unposted';

/** Posted, held back (and why), or still to post: how one ERA claim stands. */
export function claimPostingText(
  claim: Pick<EraDetailClaim, 'posted' | 'heldReason' | 'suggestedClaimID' | 'claimID'>,
): string {
  if (claim.posted) return 'Posted';
  if (claim.claimID === null)
    return claim.suggestedClaimID === null
      ? 'Unmatched: to link'
      : `Unmatched: suggested claim ${claim.suggestedClaimID}`;
  return claim.heldReason === null ? 'To post' : `Held: ${claim.heldReason}`;
}

/** The provider adjustments (PLB) of a check, one phrase each. */
export function providerAdjustmentsText(check: Pick<EraDetailCheck, 'providerAdjustments'>): string {
  if (check.providerAdjustments.length === 0) return 'None';
  return check.providerAdjustments
    .map((plb) => `${plb.reason}${plb.reference === null ? '' : ` ${plb.reference}`} ${formatCents(plb.amount)}`)
    .join(', ');
}

const CLAIM_ID = /^\d{1,15}$/;

/** The claim ID step: digits only. */
export function claimIDProblem(value: string): string | null {
  return CLAIM_ID.test(value.trim()) ? null : 'Type the claim ID, digits only.';
}

/**
 * The charges an ERA line may be linked to: those payments and adjustments have not settled yet
 * (a draft's balance is still 0, so the balance alone does not say), as line, code, modifiers,
 * DOS and amount.
 */
export function chargeChoices(
  charges: readonly ChargeLine[],
  claimID: number,
): { value: string; label: string; hint?: string }[] {
  const open = charges.filter((charge) => charge.paid + charge.adjusted < charge.charge);
  if (open.length === 0) return [{ value: 'none', label: `Claim ${claimID} has no open charge to link.` }];
  return open.map((charge) => ({
    value: String(charge.chargeID),
    label: `Line ${charge.lineNumber} · ${[charge.cptCode, ...charge.modifiers].join(' ')} · ${formatDate(charge.dosFrom)} · ${formatCents(charge.charge)}`,
    hint: `${charge.status}, balance ${formatCents(charge.balance)}`,
  }));
}

export const POSTED_REASON = 'This ERA check is posted.';
export const POSTED_CLAIM_REASON = 'This ERA claim is posted.';

type RowClaim = { claim?: { posted?: boolean; claimID?: number | null } };
/** Why nothing on the row can change: its check, or its own claim, is posted. */
const postedReason = (row: { check: Pick<EraDetailCheck, 'status'> } & RowClaim): string | null =>
  row.check.status === 'posted' ? POSTED_REASON : row.claim?.posted === true ? POSTED_CLAIM_REASON : null;
export const OFF_SCREEN_REASON = 'Open an ERA file’s detail first (O on the ERA screen).';
export const LINK_CLAIM_FIRST = 'Link the ERA claim to one of our claims first (L on the claims list).';

/** Why the cursor ERA claim cannot be linked to a claim, or null. */
export function linkClaimReason(row: ({ check: Pick<EraDetailCheck, 'status'> } & RowClaim) | null): string | null {
  if (row === null) return 'No ERA claim is under the cursor.';
  return postedReason(row);
}

/** Why the cursor ERA line cannot be linked to a charge, or null. */
export function linkLineReason(
  row: { check: Pick<EraDetailCheck, 'status'>; claim: Pick<EraDetailClaim, 'claimID'> & { posted?: boolean } } | null,
  line: unknown,
): string | null {
  if (row === null) return 'No ERA claim is under the cursor.';
  const posted = postedReason(row);
  if (posted !== null) return posted;
  if (line === null) return 'The ERA claim has no service line.';
  return row.claim.claimID === null ? LINK_CLAIM_FIRST : null;
}

/** Why the cursor ERA line cannot be unlinked, or null. */
export function unlinkLineReason(
  row: ({ check: Pick<EraDetailCheck, 'status'> } & RowClaim) | null,
  line: Pick<EraDetailLine, 'chargeID'> | null,
): string | null {
  if (row === null) return 'No ERA claim is under the cursor.';
  const posted = postedReason(row);
  if (posted !== null) return posted;
  if (line === null) return 'The ERA claim has no service line.';
  return line.chargeID === null ? 'The ERA line is not linked to a charge.' : null;
}

/** Why the cursor check cannot be posted from here, or null (the posting step says the rest). */
export function postCheckReason(row: { check: Pick<EraDetailCheck, 'status'> } | null): string | null {
  if (row === null) return 'No ERA check is shown.';
  return row.check.status === 'posted' ? POSTED_REASON : null;
}

/** Why our claim cannot be opened from the cursor ERA claim, or null. */
export function openClaimReason(row: { claim: Pick<EraDetailClaim, 'claimID'> } | null): string | null {
  if (row === null) return 'No ERA claim is under the cursor.';
  return row.claim.claimID === null ? 'The ERA claim is not linked to one of our claims (L links it).' : null;
}
