import { getClaimEraAnswers } from '../../api/era.ts';
import { compareLines, type ComparedLine } from './claimLines.ts';
import { getChargesData, getPaymentLedgers } from './paneApi.ts';

/** Both sides of Claim vs ERA ask for the same claim at once: one set of calls serves both. */
const SHARE_MS = 3_000;
const inFlight = new Map<string, Promise<ComparedLine[]>>();

/** `revision` changes after a link, unlink or posting is announced, so the claim is read again. */
export function loadComparison(claimID: number, revision = 0): Promise<ComparedLine[]> {
  const key = `${claimID}:${revision}`;
  const shared = inFlight.get(key);
  if (shared) return shared;
  const options = { background: true, silent: true };
  // A biller without the Payments module still compares billed with posted: no ERA answers then.
  const answers = getClaimEraAnswers(claimID, options).catch(() => ({ claimID, answers: [] }));
  const loading = Promise.all([
    getChargesData(claimID, options),
    getPaymentLedgers({ claimID }, options),
    answers,
  ]).then(([charges, ledger, answers]) => compareLines(charges.charges, ledger.rows, answers.answers));
  inFlight.set(key, loading);
  const forget = () => setTimeout(() => inFlight.delete(key), SHARE_MS);
  loading.then(forget, forget);
  return loading;
}
