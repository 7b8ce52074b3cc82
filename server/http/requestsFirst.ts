import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types.ts';
import { requestStarted } from '../services/background/requestsFirst.ts';

/** Counts every request as being served on `db` from its arrival until its answer is sent or it is abandoned. */
export function installRequestsFirst(app: FastifyInstance, db: Queryable): void {
  const ends = new WeakMap<FastifyRequest, () => void>();
  const end = (request: FastifyRequest) => ends.get(request)?.();
  app.addHook('onRequest', (request, _reply, done) => {
    // A stream held open (the notifications') is nobody waiting: background work need not give way to it.
    if ((request.routeOptions.config as { longLived?: boolean } | undefined)?.longLived) return done();
    ends.set(request, requestStarted(db));
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    end(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
}
