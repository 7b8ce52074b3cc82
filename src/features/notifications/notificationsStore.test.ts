import { beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '../../../contract/notifications.ts';
import { resetStores } from '../../state/store.ts';
import { applyNotificationEvent, notifications } from './notificationsStore.ts';

const note = (id: number, createdAt: string, read = false): Notification => ({
  notificationID: id,
  kind: 'task_assigned',
  title: `Task ${id}`,
  detail: '',
  createdAt,
  read,
  link: { type: 'tasks' },
});

describe('the bell as stream events arrive', () => {
  beforeEach(() => resetStores());

  it('adds new ones newest first, replaces changed ones, and takes the server count', () => {
    notifications.items = [note(1, '2026-11-27T10:00:00.000Z'), note(2, '2026-11-27T09:00:00.000Z')];
    notifications.unread = 2;
    applyNotificationEvent({
      unread: 2,
      notifications: [note(3, '2026-11-27T11:00:00.000Z'), note(1, '2026-11-27T10:00:00.000Z', true)],
    });
    expect(notifications.items.map((item) => [item.notificationID, item.read])).toEqual([
      [3, false],
      [1, true],
      [2, false],
    ]);
    expect(notifications.unread).toBe(2);
  });

  it('keeps the cursor on the list when it shrinks to nothing new', () => {
    notifications.cursor = 5;
    applyNotificationEvent({ unread: 0, notifications: [note(9, '2026-11-27T11:00:00.000Z')] });
    expect(notifications.cursor).toBe(0);
  });
});
