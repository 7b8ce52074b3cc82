import { z } from 'zod';
import { numeric } from './scalars.ts';
import { deferred } from './deferred.ts';

/**
 * Claims/changeChargeStatus, getChargeStatusHistory and AddEditClaim/deleteChargeByID: a charge
 * line's status, its history, and taking a line off a claim that was never sent.
 */
const id = numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const CHARGE_STATUSES = ['active', 'hold', 'void'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const CHARGE_STATUS_LABELS: Readonly<Record<ChargeStatus, string>> = {
  active: 'Active',
  hold: 'On hold',
  void: 'Void',
};

/** SPEC point 5: the server's words when a void charge's status is asked to change. */
export const VOID_CHARGE_LOCKED = 'Charge status is void and cannot be changed.';
/** SPEC: the reply of a status change that went through. */
export const CHARGE_STATUS_UPDATED = 'Charge Status Updated successfully';

export const changeChargeStatusRequestSchema = deferred(() =>
  z
    .object({
      chargeID: id,
      status: z.enum(CHARGE_STATUSES, { error: 'Choose active, hold or void.' }),
    })
    .strict(),
);
export type ChangeChargeStatusRequest = z.input<typeof changeChargeStatusRequestSchema>;

export const changeChargeStatusReplySchema = deferred(() => z.object({ message: z.string() }));
export type ChangeChargeStatusReply = z.infer<typeof changeChargeStatusReplySchema>;

/** A refusal that carries the list SPEC point 5 asks for beside the message. */
export const chargeStatusRefusalSchema = deferred(() => z.object({ message: z.string(), errors: z.array(z.string()) }));
export type ChargeStatusRefusal = z.infer<typeof chargeStatusRefusalSchema>;

export const chargeStatusHistoryQuerySchema = deferred(() => z.object({ chargeID: id }).strict());
export type ChargeStatusHistoryQuery = z.input<typeof chargeStatusHistoryQuerySchema>;

export const chargeStatusChangeSchema = deferred(() =>
  z.object({
    fromStatus: z.string(),
    toStatus: z.string(),
    /** "First Last" of the user; null when the system made the change. */
    changedBy: z.string().nullable(),
    /** ISO instant in UTC, to the second. */
    changedAt: z.string(),
  }),
);
export type ChargeStatusChange = z.infer<typeof chargeStatusChangeSchema>;

/** Oldest first. */
export const chargeStatusHistoryReplySchema = deferred(() =>
  z.object({ chargeID: z.number().int(), rows: z.array(chargeStatusChangeSchema) }),
);
export type ChargeStatusHistoryReply = z.infer<typeof chargeStatusHistoryReplySchema>;

export const deleteChargeQuerySchema = deferred(() => z.object({ id }).strict());
export type DeleteChargeQuery = z.input<typeof deleteChargeQuerySchema>;

/** pkid 1: deleted; 2: refused, the message says why. */
export const deleteChargeReplySchema = deferred(() =>
  z.object({ message: z.string(), pkid: z.union([z.literal(1), z.literal(2)]) }),
);
export type DeleteChargeReply = z.infer<typeof deleteChargeReplySchema>;

export const CHARGE_DELETED = 'Charge Successfully Deleted';

/** SPEC point 5: a delete-charge reply whose message lacks 'Successfully' is a failure. */
export function chargeWasDeleted(reply: Pick<DeleteChargeReply, 'message'>): boolean {
  return reply.message.includes('Successfully');
}
