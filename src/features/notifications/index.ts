/** What the header and the commands use of the bell (commands/notifications/). */
export { NotificationBell } from './NotificationBell.tsx';
export {
  closeNotificationList,
  markEveryNotificationRead,
  markNotificationRead,
  notificationAtCursor,
  notifications,
  openNotification,
  openNotificationList,
} from './notificationsStore.ts';
