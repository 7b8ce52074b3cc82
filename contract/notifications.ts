import { z } from 'zod';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';

/**
 * What a biller is told, in the header's bell (Users/notifications): a bulk run of theirs finished,
 * an ERA arrived for a group they see, a claim was rejected, a task was assigned to them. Stored per
 * user, read or unread, limited to the user's data role; new ones arrive live over
 * NOTIFICATION_STREAM_PATH (server-sent events read with fetch, so the bearer token travels in its
 * header as on every call).
 */
export const NOTIFICATION_KINDS = ['job_finished', 'era_arrived', 'claim_rejected', 'task_assigned'] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** Where opening a notification goes: a claim, an ERA file, a bulk run's report, or the biller's tasks. */
export const notificationLinkSchema = deferred(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('claim'), id: z.number().int() }),
    z.object({ type: z.literal('eraFile'), id: z.number().int() }),
    z.object({ type: z.literal('bulkJob'), id: z.number().int() }),
    z.object({ type: z.literal('tasks') }),
  ]),
);
export type NotificationLink = z.infer<typeof notificationLinkSchema>;

export const notificationSchema = deferred(() =>
  z.object({
    notificationID: z.number().int(),
    kind: notificationKindSchema,
    /** One line: "ERA arrived: 2 checks, $1,234.50". */
    title: z.string(),
    /** The line under it: the file, the payer, the reason, who gave the task. */
    detail: z.string(),
    /** ISO time it was raised (or last merged). */
    createdAt: z.string(),
    read: z.boolean(),
    link: notificationLinkSchema,
  }),
);
export type Notification = z.infer<typeof notificationSchema>;

/** The most a list answers. */
export const NOTIFICATIONS_SHOWN = 50;

export const notificationsQuerySchema = deferred(() =>
  z
    .object({
      limit: numeric(z.number().int().min(1, 'Ask for at least one.').max(NOTIFICATIONS_SHOWN)).optional(),
    })
    .strict(),
);
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const notificationsReplySchema = deferred(() =>
  z.object({
    /** Unread notifications the user may see, all of them (the list holds the newest only). */
    unread: z.number().int().min(0),
    notifications: z.array(notificationSchema).max(NOTIFICATIONS_SHOWN),
  }),
);
export type NotificationsReply = z.infer<typeof notificationsReplySchema>;

export const markNotificationsReadRequestSchema = deferred(() =>
  z
    .object({
      notificationIDs: z
        .array(z.number().int().positive())
        .min(1, 'Name at least one notification.')
        .max(200, 'At most 200 notifications at once.'),
    })
    .strict(),
);
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequestSchema>;

export const markNotificationsReadReplySchema = deferred(() =>
  z.object({ message: z.string(), marked: z.number().int().min(0), unread: z.number().int().min(0) }),
);
export type MarkNotificationsReadReply = z.infer<typeof markNotificationsReadReplySchema>;

/**
 * The live stream: server-sent events, each `event: notifications` with a NotificationEvent as
 * data and the stream's position as id (sent back as Last-Event-ID on reconnecting).
 */
export const NOTIFICATION_STREAM_PATH = '/Users/notificationStream';

export const notificationEventSchema = deferred(() =>
  z.object({
    unread: z.number().int().min(0),
    /** Notifications raised or changed since the last event (newest first); empty on the first. */
    notifications: z.array(notificationSchema),
  }),
);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
