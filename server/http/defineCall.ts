import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { endpoint } from '../../contract/endpoints.ts';
import { PASSWORD_CHANGE_REQUIRED } from '../../contract/messages.ts';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../errors.ts';
import { loadDataScope, type DataScope } from '../services/access/dataScope.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { authenticate } from '../services/auth/sessions.ts';
import type { Actor } from '../services/context.ts';
import { describeInputError } from './describeInputError.ts';
import { actionSource, bearerToken, requestMeta, type CallContext } from './requestContext.ts';

/** The calls a user who must replace a one-time password may still make. */
const ALLOWED_WHILE_PASSWORD_CHANGE_REQUIRED = new Set(['Users/updateUserPassword', 'Users/userLogout']);

type Schema = z.ZodType;

interface CallSpec<Input extends Schema> {
  /** Parses the query string (GET, DELETE without body) or the JSON body (POST, PUT, DELETE). */
  input: Input;
  handler(input: z.output<Input>, context: CallContext, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/**
 * Mounts one catalogue call at /api/<controller>/<name> with the method and access rule the
 * contract gives it: a session for everything but the public sign-in steps, the module for
 * module calls. The input is parsed before the handler runs, so bad input never reaches a service.
 */
export function defineCall<Input extends Schema>(app: FastifyInstance, deps: AuthDeps, controller: string, name: string, spec: CallSpec<Input>): void {
  const call = endpoint(controller, name);
  const key = `${controller}/${name}`;
  app.route({
    method: call.method,
    url: `/api${call.path}`,
    handler: async (request, reply) => {
      let actor: Actor | null = null;
      const token = bearerToken(request);
      if (call.access !== 'public' || token) {
        actor = token ? await authenticate(deps, token, request.ip) : null;
        if (actor) actor.source = actionSource(request);
      }
      if (call.access !== 'public') {
        if (!actor) throw new UnauthorizedError();
        if (actor.mustChangePassword && !ALLOWED_WHILE_PASSWORD_CHANGE_REQUIRED.has(key)) throw new ForbiddenError(PASSWORD_CHANGE_REQUIRED);
        if (call.access !== 'session' && !actor.modules.has(call.access)) throw new ForbiddenError();
      }
      const raw = call.method === 'GET' || (call.method === 'DELETE' && request.body === undefined) ? request.query : request.body;
      const parsed = spec.input.safeParse(raw ?? {});
      if (!parsed.success) throw new BadRequestError(describeInputError(parsed.error, raw ?? {}));
      const input = parsed.data;
      let scope: Promise<DataScope> | undefined;
      const context: CallContext = {
        deps,
        meta: requestMeta(request),
        actor,
        scope: () => {
          if (!actor) return Promise.resolve({ groupIds: [], practiceIds: [] });
          scope ??= loadDataScope(deps.db, actor.dataRoleId);
          return scope;
        },
      };
      return spec.handler(input, context, request, reply);
    },
  });
}

/** For handlers of non-public calls, where the access check guarantees an actor. */
export function requireActor(context: CallContext): Actor {
  if (!context.actor) throw new UnauthorizedError();
  return context.actor;
}
