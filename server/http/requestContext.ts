import type { FastifyRequest } from 'fastify';
import type { PublicRepository, Repository } from '../services/access/repository.ts';
import type { RequestMeta } from '../services/auth/deps.ts';
import type { Actor } from '../services/context.ts';

/** What a handler gets besides its parsed input. */
export interface CallContext {
  meta: RequestMeta;
  /** The signed-in user; null only on public calls. */
  actor: Actor | null;
  /** The data layer for a call without a user: reference data only. */
  reference: PublicRepository['reference'];
}

/** The context of a call that needs a session: its user is always there, and its data layer. */
export interface SignedInContext extends CallContext {
  actor: Actor;
  /** Claim and patient data, limited to the user's data role and audited (server/services/access/repository.ts). */
  data: Repository;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S{20,200})$/i.exec(header);
  return match ? match[1]! : null;
}

const sources = new Set(['palette', 'hotkey', 'menu', 'button', 'bulk']);

/** The client says where an action came from (palette, hotkey, ...); anything else is 'api'. */
export function actionSource(request: FastifyRequest): Actor['source'] {
  const header = request.headers['x-action-source'];
  return typeof header === 'string' && sources.has(header) ? (header as Actor['source']) : 'api';
}
