import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../errors.ts';

export const NUL_REFUSED = 'Text may not contain a NUL character.';

/** Whether a parsed JSON value holds a NUL in any string or key (a file's bytes are not text here). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Deeper than any of our schemas: the parse refuses such input anyway.
  if (depth > 64 || typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000 (errors 22021 and 22P05), and no field of ours means one, so
 * a NUL in a header, the query string or the body is refused before anything reads the session or
 * touches the database. Headers and query first (onRequest), the body once it is parsed.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const nul = /%00/i.test(request.url) || holdsNul(request.headers) || holdsNul(request.query);
    done(nul ? new BadRequestError(NUL_REFUSED) : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    done(holdsNul(request.body) ? new BadRequestError(NUL_REFUSED) : undefined);
  });
}
