import type { FastifyInstance } from 'fastify';
import { PASSWORD_CHANGE_REQUIRED } from '../../contract/messages.ts';
import { NOTIFICATION_STREAM_PATH, type NotificationEvent } from '../../contract/notifications.ts';
import { Users } from '../../contract/calls/users.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { defineCall } from '../http/defineCall.ts';
import { bearerToken } from '../http/requestContext.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { authenticate } from '../services/auth/sessions.ts';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
} from '../services/notifications/notifications.ts';
import { NotificationStreams, type NotificationStreamOptions } from '../services/notifications/streams.ts';

/** A comment line every so often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;

/**
 * The bell's calls, and its live stream: server-sent events at /api/Users/notificationStream,
 * read by the browser with fetch so the bearer token travels in the Authorization header as on
 * every call (never in the address; docs/decisions/notifications-live-over-sse.md).
 */
export function notificationRoutes(
  app: FastifyInstance,
  deps: AuthDeps,
  options: NotificationStreamOptions = {},
): void {
  const streams = new NotificationStreams(deps, {
    onError: (error) => app.log.error({ err: error }, 'Reading notifications for the live streams failed.'),
    ...options,
  });
  app.addHook('preClose', (done) => {
    streams.stop();
    done();
  });

  defineCall(app, deps, Users.notifications, {
    handler: (input, context) => context.data.asActor(listNotifications)(input.limit),
  });

  defineCall(app, deps, Users.markNotificationsRead, {
    handler: async (input, context) => {
      const reply = await context.data.asActor(markNotificationsRead)(input.notificationIDs, deps.now());
      streams.changed();
      return reply;
    },
  });

  defineCall(app, deps, Users.markAllNotificationsRead, {
    handler: async (_input, context) => {
      const reply = await context.data.asActor(markAllNotificationsRead)(deps.now());
      streams.changed();
      return reply;
    },
  });

  app.get(`/api${NOTIFICATION_STREAM_PATH}`, { config: { longLived: true } }, async (request, reply) => {
    const token = bearerToken(request);
    const actor = token ? await authenticate(deps, token, request.ip) : null;
    if (!actor) throw new UnauthorizedError();
    if (actor.mustChangePassword) throw new ForbiddenError(PASSWORD_CHANGE_REQUIRED);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write(': notifications\n\n');
    const write = (text: string) => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(text);
    };
    const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    keepAlive.unref();
    const close = await streams.start(actor, {
      send: (event: NotificationEvent) => write(`event: notifications\ndata: ${JSON.stringify(event)}\n\n`),
      end: (reason) => {
        clearInterval(keepAlive);
        write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
        raw.end();
      },
    });
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      close();
    });
  });
}
