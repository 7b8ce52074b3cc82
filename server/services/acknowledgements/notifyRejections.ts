/**
 * Tells the people who follow a claim that it was turned back. The claim already lands in the
 * work queue (a "Correct and resubmit" task) in the same transaction; a notification is sent
 * when the product has them.
 */
import type { Transaction } from '../../db/types.ts';

export function notifyRejections(_tx: Transaction, claimIDs: readonly number[], _now: Date): Promise<void> {
  if (claimIDs.length === 0) return Promise.resolve();
  return Promise.resolve();
}
