import { compareLines, type ComparedLine } from './claimLines.ts';
import { getChargesData, getPaymentLedgers } from './paneApi.ts';

/** Both sides of Claim vs ERA ask for the same claim at once: one pair of calls serves both. */
const SHARE_MS = 3_000;
const inFlight = new Map<number, Promise<ComparedLine[]>>();

export function loadComparison(claimID: number): Promise<ComparedLine[]> {
  const shared = inFlight.get(claimID);
  if (shared) return shared;
  const options = { background: true, silent: true };
  const loading = Promise.all([getChargesData(claimID, options), getPaymentLedgers({ claimID }, options)]).then(([charges, ledger]) =>
    compareLines(charges.charges, ledger.rows),
  );
  inFlight.set(claimID, loading);
  const forget = () => setTimeout(() => inFlight.delete(claimID), SHARE_MS);
  loading.then(forget, forget);
  return loading;
}
