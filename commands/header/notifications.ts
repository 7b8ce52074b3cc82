/**
 * The bell's actions, and the unread notifications as a palette group ("Notifications"): each one
 * a command that opens it, kept in step with the bell while the biller is signed in.
 */
import { registerCommands } from '../../src/console/registry.ts';
import type { Command } from '../../src/console/types.ts';
import {
  closeNotificationList,
  markEveryNotificationRead,
  markNotificationRead,
  notificationAtCursor,
  notifications,
  openNotification,
  openNotificationList,
} from '../../src/features/notifications/index.ts';
import { watchStore } from '../../src/state/store.ts';
import { showToast } from '../../src/toasts/notify.tsx';

const GROUP = 'Notifications';
const LIST_CLOSED = 'Open the notifications first (Alt+Shift+N).';
/** How many unread notifications the palette lists. */
const IN_PALETTE = 10;

export const notificationCommands: readonly Command[] = [
  {
    id: 'notifications.show',
    title: 'Show notifications',
    group: GROUP,
    keywords: ['bell', 'alerts', 'inbox', 'unread', 'era arrived', 'task assigned', 'rejected', 'bulk run finished'],
    shortcut: 'Alt+Shift+n',
    run: () => (notifications.open ? closeNotificationList() : openNotificationList()),
  },
  {
    id: 'notifications.markAllRead',
    title: 'Mark all notifications read',
    group: GROUP,
    keywords: ['bell', 'clear', 'unread', 'read all'],
    shortcut: 'Alt+Shift+u',
    disabledReason: () => (notifications.unread === 0 ? 'No notification is unread.' : null),
    run: async (ctx) => {
      const marked = await markEveryNotificationRead(ctx.source);
      showToast({
        text: marked === 1 ? '1 notification marked read.' : `${marked} notifications marked read.`,
        toastType: 'success',
      });
    },
  },
  {
    id: 'notifications.markRead',
    title: 'Mark notification read',
    group: GROUP,
    keywords: ['bell', 'unread', 'read'],
    screenKey: 'r',
    disabledReason: () => {
      const current = notificationAtCursor();
      if (!current) return LIST_CLOSED;
      return current.read ? 'This notification is read already.' : null;
    },
    run: async (ctx) => {
      const current = notificationAtCursor();
      if (current) await markNotificationRead(current, ctx.source);
    },
  },
  {
    id: 'notifications.open',
    title: 'Open notification',
    group: GROUP,
    keywords: ['bell', 'go to'],
    screenKey: 'Enter',
    disabledReason: () => (notificationAtCursor() ? null : LIST_CLOSED),
    run: async (ctx) => {
      const current = notificationAtCursor();
      if (current) await openNotification(current, ctx.source);
    },
  },
];

/** The unread notifications as commands ("Open: ERA arrived: 2 checks, $1,234.50"). */
export function unreadNotificationCommands(): Command[] {
  return notifications.items
    .filter((item) => !item.read)
    .slice(0, IN_PALETTE)
    .map((item) => ({
      id: `notifications.item.${item.notificationID}`,
      title: `Open: ${item.title}`,
      group: GROUP,
      keywords: ['notification', 'unread', ...(item.detail ? [item.detail] : [])],
      run: (ctx) => openNotification(item, ctx.source),
    }));
}

/** Keeps the palette's group of unread notifications in step with the bell; returns the stop. */
export function watchNotificationCommands(): () => void {
  let shownKey = '';
  let unregister: () => void = () => undefined;
  const sync = () => {
    const list = unreadNotificationCommands();
    const key = list.map((command) => `${command.id}:${command.title}`).join('|');
    if (key === shownKey) return;
    shownKey = key;
    unregister();
    unregister = registerCommands(list);
  };
  sync();
  const stop = watchStore(notifications, sync);
  return () => {
    stop();
    unregister();
  };
}
