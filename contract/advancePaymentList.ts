import { z } from 'zod';
import { numeric } from './scalars.ts';
import { advancePaymentRowSchema } from './advancePayments.ts';
import { deferred } from './deferred.ts';

/**
 * Patient/getAdvancePaymentsData: the advance payments of every patient the data role reaches,
 * newest received first, for the advance payments screen. `credit` keeps only those with credit
 * left to apply or refund. A call this product adds: the catalogue lists advances per patient only.
 */
export const ADVANCE_LIST_FILTERS = ['all', 'credit', 'active', 'reversed', 'refunded'] as const;
export type AdvanceListFilter = (typeof ADVANCE_LIST_FILTERS)[number];

/** The newest shown at once: a month of deposits for a large group stays under it. */
export const ADVANCE_LIST_MAX = 1000;

export const advanceListQuerySchema = deferred(() =>
  z
    .object({
      filter: z
        .enum(ADVANCE_LIST_FILTERS, { error: 'The filter is all, credit, active, reversed or refunded.' })
        .default('all'),
      pageSize: numeric(
        z
          .number()
          .int('The page size is a whole number.')
          .min(1, 'The page size is at least 1.')
          .max(ADVANCE_LIST_MAX, `The page size is at most ${ADVANCE_LIST_MAX}.`),
      ).default(500),
    })
    .strict(),
);
export type AdvanceListQuery = z.infer<typeof advanceListQuerySchema>;

export const listedAdvanceSchema = deferred(() =>
  advancePaymentRowSchema.unwrap().extend({ patientName: z.string(), accountNumber: z.string() }),
);
export type ListedAdvance = z.infer<typeof listedAdvanceSchema>;

export const advanceListReplySchema = deferred(() =>
  z.object({ count: z.number(), rows: z.array(listedAdvanceSchema) }),
);
export type AdvanceListReply = z.infer<typeof advanceListReplySchema>;
