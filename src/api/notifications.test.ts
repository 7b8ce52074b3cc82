import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationEvent } from '../../contract/notifications.ts';
import { readNotificationStream } from './notifications.ts';

function streamOf(chunks: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

const event: NotificationEvent = {
  unread: 1,
  notifications: [
    {
      notificationID: 4,
      kind: 'era_arrived',
      title: 'ERA arrived: 1 check, $10.00',
      detail: 'aetna.835',
      createdAt: '2026-11-27T10:00:00.000Z',
      read: false,
      link: { type: 'eraFile', id: 7 },
    },
  ],
};

describe('reading the live stream of notifications', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token in the Authorization header, never in the address, and reads events split across chunks', async () => {
    const text = `: notifications\n\nevent: notifications\ndata: ${JSON.stringify(event)}\n\nevent: end\ndata: {"reason":"signedOut"}\n\n`;
    const fetched = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(streamOf([text.slice(0, 40), text.slice(40, 90), text.slice(90)])),
    );
    vi.stubGlobal('fetch', fetched);
    const events: NotificationEvent[] = [];
    const end = await readNotificationStream('secret-token', (each) => events.push(each), new AbortController().signal);
    expect(end).toBe('signedOut');
    expect(events).toEqual([event]);
    const [url, init] = fetched.mock.calls[0]!;
    expect(url).toBe('/api/Users/notificationStream');
    expect(url).not.toContain('secret-token');
    expect(init.headers).toMatchObject({ authorization: 'Bearer secret-token' });
  });

  it('tells a refused stream from a broken one', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(streamOf([], 401)));
    expect(await readNotificationStream('t', () => undefined, new AbortController().signal)).toBe('refused');
    vi.stubGlobal('fetch', () => Promise.resolve(streamOf(['event: notifications\n'])));
    expect(await readNotificationStream('t', () => undefined, new AbortController().signal)).toBe('broken');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect(await readNotificationStream('t', () => undefined, new AbortController().signal)).toBe('broken');
  });
});
