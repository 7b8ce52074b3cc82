/**
 * Tells the people who follow a claim that it was turned back, in the file's transaction: the
 * claim already lands in the work queue (a "Correct and resubmit" task); the notification reaches
 * its biller (or everyone who works its claims) at once.
 */
import type { Transaction } from '../../db/types.ts';
import { notifyClaimsRejected } from '../notifications/raise.ts';

export interface Rejection {
  claimID: number;
  reason: string;
  source: string;
}

export async function notifyRejections(tx: Transaction, rejections: readonly Rejection[]): Promise<void> {
  if (rejections.length === 0) return;
  await notifyClaimsRejected(
    tx,
    rejections.map((rejection) => ({ claimId: rejection.claimID, reason: rejection.reason, source: rejection.source })),
  );
}
