import {
  NOTIFICATION_STREAM_PATH,
  notificationEventSchema,
  type MarkNotificationsReadReply,
  type NotificationEvent,
  type NotificationsReply,
} from '../../contract/notifications.ts';
import { Users } from '../../contract/calls/users.ts';
import { API_BASE, callApi, type CallOptions } from './client.ts';

export function getNotifications(options?: CallOptions): Promise<NotificationsReply> {
  return callApi(Users.notifications, {}, options);
}

export function markNotificationsRead(
  notificationIDs: readonly number[],
  options?: CallOptions,
): Promise<MarkNotificationsReadReply> {
  return callApi(Users.markNotificationsRead, { notificationIDs: [...notificationIDs] }, options);
}

export function markAllNotificationsRead(options?: CallOptions): Promise<MarkNotificationsReadReply> {
  return callApi(Users.markAllNotificationsRead, {}, options);
}

/** How a stream ended: the server closed it (signed out), refused it (401/403), or it broke (network, server restart). */
export type StreamEnd = 'signedOut' | 'refused' | 'broken';

/**
 * Reads the live stream of notifications: server-sent events over fetch, so the bearer token goes
 * in the Authorization header (EventSource can send no header, and a token in the address would
 * sit in logs and history). Resolves when the stream is over; `signal` stops it.
 */
export async function readNotificationStream(
  token: string,
  onEvent: (event: NotificationEvent) => void,
  signal: AbortSignal,
): Promise<StreamEnd> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${NOTIFICATION_STREAM_PATH}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      cache: 'no-store',
      signal,
    });
  } catch {
    return 'broken';
  }
  if (response.status === 401 || response.status === 403) return 'refused';
  if (!response.ok || !response.body) return 'broken';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'broken';
      buffer += value;
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let name = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trim();
        }
        if (name === 'end') return 'signedOut';
        if (name !== 'notifications' || data === '') continue;
        const parsed = notificationEventSchema.safeParse(JSON.parse(data));
        if (parsed.success) onEvent(parsed.data);
      }
    }
  } catch {
    return 'broken';
  } finally {
    reader.releaseLock();
  }
}
