/**
 * The bell's state: the newest notifications and the unread count, kept live by the stream while
 * the biller is signed in. Plain functions, no React: the commands (commands/notifications/) and
 * the bell call the same ones.
 */
import type { Notification, NotificationEvent } from '../../../contract/notifications.ts';
import { AR_DASHBOARD_PATH, claimDetailPath, eraDetailPath } from '../../routing/paths.ts';
import { goTo } from '../../routing/navigation.ts';
import {
  getNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
  readNotificationStream,
} from '../../api/notifications.ts';
import type { CommandSource } from '../../console/types.ts';
import { currentToken } from '../../state/session.ts';
import { defineStore } from '../../state/store.ts';
import { followRun } from '../bulk/index.ts';

export interface NotificationsState {
  unread: number;
  items: Notification[];
  /** The list under the bell is open. */
  open: boolean;
  /** The row the list's cursor is on. */
  cursor: number;
  /** Whether the live stream is connected (the bell says so when it is not). */
  live: boolean;
}

export const notifications = defineStore<NotificationsState>(() => ({
  unread: 0,
  items: [],
  open: false,
  cursor: 0,
  live: false,
}));

const newestFirst = (a: Notification, b: Notification) =>
  b.createdAt.localeCompare(a.createdAt) || b.notificationID - a.notificationID;

/** A stream event: new or changed notifications replace theirs, and the count is the server's. */
export function applyNotificationEvent(event: NotificationEvent): void {
  const byId = new Map(notifications.items.map((item) => [item.notificationID, item]));
  for (const item of event.notifications) byId.set(item.notificationID, item);
  notifications.items = [...byId.values()].sort(newestFirst).slice(0, 50);
  notifications.unread = event.unread;
  notifications.cursor = Math.min(notifications.cursor, Math.max(0, notifications.items.length - 1));
}

export async function loadNotifications(): Promise<void> {
  const reply = await getNotifications({ silent: true, background: true });
  notifications.items = reply.notifications;
  notifications.unread = reply.unread;
  notifications.cursor = Math.min(notifications.cursor, Math.max(0, reply.notifications.length - 1));
}

const RETRY_MS = [1_000, 3_000, 10_000, 30_000];
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * While signed in: the list, then the live stream, connected again after a break (the list read
 * again each time, so nothing raised meanwhile is missed). Returns the stop.
 */
export function startNotifications(): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  void (async () => {
    let failures = 0;
    while (!signal.aborted) {
      const token = currentToken();
      if (!token) return;
      const connected = loadNotifications().catch(() => undefined);
      const end = await readNotificationStream(
        token,
        (event) => {
          failures = 0;
          notifications.live = true;
          applyNotificationEvent(event);
        },
        signal,
      );
      await connected;
      notifications.live = false;
      // Signed out or refused: the session is over; the app's next call takes the biller to sign-in.
      if (signal.aborted || end !== 'broken') return;
      await sleep(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!, signal);
      failures += 1;
    }
  })();
  return () => {
    controller.abort();
    // Signed out: nothing of this user's stays for whoever signs in next on this page.
    Object.assign(notifications, { unread: 0, items: [], open: false, cursor: 0, live: false });
  };
}

export function openNotificationList(): void {
  notifications.open = true;
  const firstUnread = notifications.items.findIndex((item) => !item.read);
  notifications.cursor = Math.max(0, firstUnread);
  void loadNotifications().catch(() => undefined);
}

export function closeNotificationList(): void {
  notifications.open = false;
}

export function moveNotificationCursor(by: number): void {
  const last = notifications.items.length - 1;
  notifications.cursor = Math.max(0, Math.min(last, notifications.cursor + by));
}

export function notificationAtCursor(): Notification | null {
  return notifications.open ? (notifications.items[notifications.cursor] ?? null) : null;
}

function markedLocally(ids: readonly number[]): void {
  const marked = new Set(ids);
  notifications.items = notifications.items.map((item) =>
    marked.has(item.notificationID) ? { ...item, read: true } : item,
  );
}

export async function markNotificationRead(notification: Notification, source: CommandSource): Promise<void> {
  if (notification.read) return;
  const reply = await markNotificationsRead([notification.notificationID], { source, background: true });
  markedLocally([notification.notificationID]);
  notifications.unread = reply.unread;
}

export async function markEveryNotificationRead(source: CommandSource): Promise<number> {
  const reply = await markAllNotificationsRead({ source, background: true });
  markedLocally(notifications.items.map((item) => item.notificationID));
  notifications.unread = reply.unread;
  return reply.marked;
}

/** Where a notification leads: its claim, its ERA, its bulk run's report, or the tasks on the dashboard. */
export async function openNotification(notification: Notification, source: CommandSource): Promise<void> {
  closeNotificationList();
  const { link } = notification;
  if (link.type === 'claim') goTo(claimDetailPath(link.id));
  else if (link.type === 'eraFile') goTo(eraDetailPath(link.id));
  else if (link.type === 'tasks') goTo(AR_DASHBOARD_PATH);
  else await followRun(link.id);
  await markNotificationRead(notification, source).catch(() => undefined);
}
