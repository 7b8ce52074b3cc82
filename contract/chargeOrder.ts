import { z } from 'zod';
import { deferred } from './deferred.ts';

/**
 * Claims/updateChargesSortOrder: the order of a claim's charge lines. The 837 sends the lines in
 * this order and the diagnosis-pointer findings follow it, so a new order is a change of content.
 */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A claim holds at most 50 lines (addCharge); deleted lines kept on the claim add a little. */
const MAX_LINES = 200;

export const updateChargesSortOrderRequestSchema = deferred(() =>
  z
    .object({
      claimID: id,
      chargeIDs: z
        .array(id)
        .min(1, "Send the claim's charge lines in their new order.")
        .max(MAX_LINES, `A claim has at most ${MAX_LINES} lines.`)
        .refine((ids) => new Set(ids).size === ids.length, 'Each charge line appears once in the new order.'),
    })
    .strict(),
);
export type UpdateChargesSortOrderRequest = z.input<typeof updateChargesSortOrderRequestSchema>;

export const updateChargesSortOrderReplySchema = deferred(() =>
  z.object({ message: z.string(), claimID: z.number().int(), chargeIDs: z.array(z.number().int()) }),
);
export type UpdateChargesSortOrderReply = z.infer<typeof updateChargesSortOrderReplySchema>;

export const CHARGES_REORDERED = 'Charge lines reordered.';
