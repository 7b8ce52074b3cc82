/**
 * The live streams of this process: each open stream is a signed-in user waiting for their
 * notifications. It gets the unread count at once, then an event whenever notifications of theirs
 * are raised or change (read elsewhere, in another tab or process), within their data role as it
 * is at that moment. A stream ends when its session does (signed out, revoked, past its end, idle:
 * an open stream never keeps a session alive) or the user is deactivated.
 */
import type { NotificationEvent } from '../../../contract/notifications.ts';
import type { SessionPolicy } from '../auth/deps.ts';
import type { Actor, ServiceDeps } from '../context.ts';
import { NotificationHub, type NotificationHubOptions } from './hub.ts';
import { notificationEvent, sessionStillOpen } from './notifications.ts';

export interface NotificationStreamOptions extends NotificationHubOptions {
  /** How often an open stream checks its session still stands. */
  sessionCheckMs?: number;
}

export interface OpenStream {
  send(event: NotificationEvent): void;
  /** The stream is over: the session ended or the user may no longer see anything. */
  end(reason: 'signedOut' | 'closing'): void;
}

export class NotificationStreams {
  readonly hub: NotificationHub;
  private readonly open = new Set<() => void>();
  private readonly sessionCheckMs: number;

  constructor(
    private readonly deps: ServiceDeps & { session: SessionPolicy },
    options: NotificationStreamOptions = {},
  ) {
    this.hub = new NotificationHub(deps.db, options);
    this.sessionCheckMs = options.sessionCheckMs ?? 30_000;
  }

  /** Starts a stream for a signed-in user; the answer closes it (the client went away). */
  async start(actor: Actor, stream: OpenStream): Promise<() => void> {
    const { db } = this.deps;
    let closed = false;
    let lastUnread = -1;
    let sending = Promise.resolve();
    const push = (ids: readonly number[]) => {
      sending = sending.then(async () => {
        if (closed) return;
        const event = await notificationEvent(db, actor.userId, ids).catch(() => undefined);
        if (closed || event === undefined) return;
        if (event === null) return finish('signedOut');
        if (event.notifications.length === 0 && event.unread === lastUnread) return;
        lastUnread = event.unread;
        stream.send(event);
      });
    };
    const unsubscribe = await this.hub.subscribe(actor.userId, push);
    const check = setInterval(() => {
      void sessionStillOpen(db, actor.sessionId, this.deps.now(), this.deps.session.idleMinutes).then(
        (open) => open || finish('signedOut'),
        () => undefined,
      );
    }, this.sessionCheckMs);
    check.unref?.();
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(check);
      unsubscribe();
      this.open.delete(endForClosing);
    };
    const finish = (reason: 'signedOut' | 'closing') => {
      if (closed) return;
      close();
      stream.end(reason);
    };
    const endForClosing = () => finish('closing');
    this.open.add(endForClosing);
    push([]);
    return close;
  }

  /** Something of this process changed notifications (marked read): the streams hear it now, not at the next poll. */
  changed(): void {
    this.hub.poke();
  }

  /** At shutdown: every stream ends, so the server can close its connections. */
  stop(): void {
    for (const end of [...this.open]) end();
    this.hub.stop();
  }
}
