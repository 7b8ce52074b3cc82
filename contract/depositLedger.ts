import { z } from 'zod';
import { numeric } from './scalars.ts';
import { batchLedgerRowSchema } from './batches.ts';
import { deferred } from './deferred.ts';

/**
 * Claims/getERACheckLedgerRows: the ledger rows posted from one ERA check (payments, adjustments
 * and their reversals), as a payment batch's rows are read with GetPaymentLedgerByBatchID, so the
 * reconciliation screen shows what was posted from either kind of deposit. A call this product adds.
 */
export const eraCheckLedgerQuerySchema = deferred(() =>
  z.object({ eraCheckID: numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) }).strict(),
);
export type EraCheckLedgerQuery = z.infer<typeof eraCheckLedgerQuerySchema>;

export const eraCheckLedgerReplySchema = deferred(() =>
  z.object({ eraCheckID: z.number(), rows: z.array(batchLedgerRowSchema) }),
);
export type EraCheckLedgerReply = z.infer<typeof eraCheckLedgerReplySchema>;
