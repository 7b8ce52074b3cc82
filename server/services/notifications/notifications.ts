/**
 * A user's notifications (Users/notifications, markNotificationsRead, markAllNotificationsRead):
 * their own rows, and of those only the ones their data role still sees (a notification placed in
 * a group or practice the role no longer grants is not shown, nor counted, nor marked).
 */
import {
  NOTIFICATIONS_SHOWN,
  type MarkNotificationsReadReply,
  type Notification,
  type NotificationsReply,
} from '../../../contract/notifications.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import { loadDataScope, type DataScope } from '../access/dataScope.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import { describeNotification, type NotificationRow } from './notificationText.ts';

/** Of user $1, within groups $2 and practices $3. */
const VISIBLE = `n.user_id = $1
  AND (n.group_id IS NULL OR n.group_id = ANY($2::bigint[]))
  AND (n.practice_id IS NULL OR n.practice_id = ANY($3::bigint[]))`;
const COLUMNS = `n.notification_id, n.kind, n.record_type, n.record_id, n.facts, n.created_at, n.read_at`;

/** The user's data role as it is now (the organisation selector narrows lists, not what the biller is told). */
async function scopeOf(q: Queryable, userId: number): Promise<DataScope | null> {
  const [user] = await q.query<{ dataRoleId: number; active: boolean }>(
    'SELECT data_role_id AS "dataRoleId", active FROM users WHERE user_id = $1',
    [userId],
  );
  return user?.active ? loadDataScope(q, Number(user.dataRoleId)) : null;
}

const visibleValues = (userId: number, scope: DataScope) => [userId, scope.groupIds, scope.practiceIds];

async function unreadCount(q: Queryable, userId: number, scope: DataScope): Promise<number> {
  const [row] = await q.query<{ unread: number }>(
    `SELECT count(*)::bigint AS unread FROM notifications n WHERE ${VISIBLE} AND n.read_at IS NULL`,
    visibleValues(userId, scope),
  );
  return Number(row?.unread ?? 0);
}

/** Users/notifications: the newest first, with the count of all unread. */
export async function listNotifications(
  db: Db,
  actor: Actor,
  limit = NOTIFICATIONS_SHOWN,
): Promise<NotificationsReply> {
  const scope = await scopeOf(db, actor.userId);
  if (!scope) return { unread: 0, notifications: [] };
  const rows = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications n WHERE ${VISIBLE}
      ORDER BY n.created_at DESC, n.notification_id DESC LIMIT $4`,
    [...visibleValues(actor.userId, scope), limit],
  );
  return { unread: await unreadCount(db, actor.userId, scope), notifications: rows.map(describeNotification) };
}

/** Users/markNotificationsRead: every one named must be the user's and in their data role, else nothing is marked. */
export async function markNotificationsRead(
  db: Db,
  actor: Actor,
  notificationIDs: readonly number[],
  now: Date,
): Promise<MarkNotificationsReadReply> {
  const ids = [...new Set(notificationIDs)];
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, actor.userId);
    const found = scope
      ? await tx.query<{ id: number }>(
          `SELECT n.notification_id AS id FROM notifications n WHERE ${VISIBLE} AND n.notification_id = ANY($4::bigint[]) FOR UPDATE`,
          [...visibleValues(actor.userId, scope), ids],
        )
      : [];
    if (!scope || found.length !== ids.length)
      throw new NotFoundError(
        ids.length === 1 ? 'Notification not found.' : 'Some of these notifications were not found.',
      );
    const marked = await tx.query(
      `UPDATE notifications SET read_at = $2 WHERE notification_id = ANY($1::bigint[]) AND read_at IS NULL RETURNING notification_id`,
      [ids, now],
    );
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'notifications.read',
      source: actor.source,
      ip: actor.ip,
      detail: { notificationIDs: ids, marked: marked.length },
    });
    return {
      message: marked.length === 1 ? 'Marked read.' : `${marked.length} marked read.`,
      marked: marked.length,
      unread: await unreadCount(tx, actor.userId, scope),
    };
  });
}

/** Users/markAllNotificationsRead: every unread one the user may see. */
export async function markAllNotificationsRead(db: Db, actor: Actor, now: Date): Promise<MarkNotificationsReadReply> {
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, actor.userId);
    const marked = scope
      ? await tx.query(
          `UPDATE notifications n SET read_at = $4 WHERE ${VISIBLE} AND n.read_at IS NULL RETURNING n.notification_id`,
          [...visibleValues(actor.userId, scope), now],
        )
      : [];
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'notifications.readAll',
      source: actor.source,
      ip: actor.ip,
      detail: { marked: marked.length },
    });
    return {
      message: marked.length === 0 ? 'Nothing was unread.' : `${marked.length} marked read.`,
      marked: marked.length,
      unread: scope ? await unreadCount(tx, actor.userId, scope) : 0,
    };
  });
}

/**
 * For the live stream: the notifications named (raised or changed since the last event) that the
 * user may see, newest first, and the count of unread. Null once the user is no longer active.
 */
export async function notificationEvent(
  q: Queryable,
  userId: number,
  changedIDs: readonly number[],
): Promise<{ unread: number; notifications: Notification[] } | null> {
  const scope = await scopeOf(q, userId);
  if (!scope) return null;
  const rows =
    changedIDs.length === 0
      ? []
      : await q.query<NotificationRow>(
          `SELECT ${COLUMNS} FROM notifications n WHERE ${VISIBLE} AND n.notification_id = ANY($4::bigint[])
            ORDER BY n.created_at DESC, n.notification_id DESC LIMIT ${NOTIFICATIONS_SHOWN}`,
          [...visibleValues(userId, scope), changedIDs],
        );
  return { unread: await unreadCount(q, userId, scope), notifications: rows.map(describeNotification) };
}

/**
 * Whether a stream's session still stands, without marking it active (a stream left open is not
 * the biller at work): not signed out or revoked, not past its end, not idle, its user active.
 */
export async function sessionStillOpen(
  q: Queryable,
  sessionId: number,
  now: Date,
  idleMinutes: number,
): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM sessions s JOIN users u ON u.user_id = s.user_id
      WHERE s.session_id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3 AND u.active`,
    [sessionId, now, new Date(now.getTime() - idleMinutes * 60_000)],
  );
  return rows.length > 0;
}
