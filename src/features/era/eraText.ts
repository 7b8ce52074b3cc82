/** What the ERA screen and its commands say about a check, in the biller's words. */
import type {
  EraProfileRow,
  PostInsurancePaymentReply,
  PostingValidationReply,
  UploadEraReply,
  UploadedEraCheck,
} from '../../../contract/era.ts';
import { formatCents } from '../../../contract/money.ts';
import type { EraStatusFilter } from './eraOnScreen.ts';

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

export const balancedText = (balanced: boolean) => (balanced ? 'Balanced' : 'Unbalanced');

/** One uploaded check: what matched, and the first difference when it does not balance. */
export function uploadedCheckText(check: UploadedEraCheck): string {
  const head = `Check ${check.traceNumber} (${check.payerName}, ${formatCents(check.totalPaid)}): ${check.matchedClaims} of ${plural(check.claims, 'claim')} matched`;
  const first = check.imbalances[0];
  if (check.balanced || first === undefined) return `${head}, balanced.`;
  return `${head}, not balanced: ${first.message}`;
}

/** The toast's detail after an upload: every check of the file, one a line. */
export function uploadText(reply: UploadEraReply): string {
  if (reply.checks.length === 0) return 'The file holds no check.';
  return reply.checks.map(uploadedCheckText).join('\n');
}

/** Enter on a check: its claims, how many are unmatched, and whether it balances. */
export function checkSummaryText(check: EraProfileRow): string {
  return `${plural(check.claims, 'claim')}, ${check.unmatchedClaims.toLocaleString('en-US')} unmatched, ${balancedText(check.balanced).toLowerCase()}.`;
}

export const checkName = (check: Pick<EraProfileRow, 'traceNumber' | 'payerName'>) =>
  `check ${check.traceNumber} (${check.payerName})`;

export const STATUS_TITLES: Readonly<Record<EraStatusFilter, string>> = {
  all: 'All checks',
  unposted: 'Unposted checks',
  posted: 'Posted checks',
};

/** The posting's last step: why it cannot post, or post (accepting the warnings named) or not. */
export function postingChoices(
  check: Pick<EraProfileRow, 'traceNumber' | 'payerName' | 'totalPaid'> | null,
  validation: PostingValidationReply,
): { value: string; label: string; hint?: string }[] {
  if (check === null) return [{ value: 'keep', label: 'Nothing to post: go back and pick a check.' }];
  if (validation.errors.length > 0)
    return [{ value: 'keep', label: `It cannot be posted: ${validation.errors.join(' ')}` }];
  const post = `Post ${checkName(check)}, ${formatCents(check.totalPaid)}`;
  if (validation.warnings.length === 0)
    return [
      { value: 'post', label: post },
      { value: 'keep', label: 'Do not post' },
    ];
  return [
    { value: 'post-accepting', label: `${post}, accepting: ${validation.warnings.join(' ')}` },
    { value: 'keep', label: 'Do not post' },
  ];
}

/** The toast after a posting. */
export function postedText(reply: PostInsurancePaymentReply): string {
  return `${plural(reply.claims, 'claim')} posted, ${formatCents(reply.paid)} paid.`;
}
