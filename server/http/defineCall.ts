import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallDefinition, FileReply } from '../../contract/call.ts';
import { PASSWORD_CHANGE_REQUIRED } from '../../contract/messages.ts';
import { AppError, BadRequestError, ForbiddenError, UnauthorizedError } from '../errors.ts';
import { auditOfRequest } from '../services/audit/audit.ts';
import { auditCallRead, auditCallRefused } from '../services/audit/callAudit.ts';
import { PublicRepository, Repository } from '../services/access/repository.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { authenticate } from '../services/auth/sessions.ts';
import { JsonText } from '../services/jsonText.ts';
import type { Actor } from '../services/context.ts';
import { parseJsonBody } from '../../contract/scalars.ts';
import { describeInputError } from './describeInputError.ts';
import { actionSource, bearerToken, requestMeta, type CallContext, type SignedInContext } from './requestContext.ts';

/** The calls a user who must replace a one-time password may still make. */
const ALLOWED_WHILE_PASSWORD_CHANGE_REQUIRED = new Set(['Users/updateUserPassword', 'Users/userLogout']);

/**
 * What a handler answers: the call's reply as the contract has it, or as JSON text the database
 * wrote (sent as it is), or for a call whose reply is a file the Fastify reply it sent it on.
 */
export type HandlerReply<Call extends CallDefinition> = Call['reply'] extends FileReply
  ? FastifyReply
  : z.input<Call['reply']> | JsonText<z.input<Call['reply']>> | FastifyReply;

/** A public call's handler may have no user; every other handler is given the signed-in one. */
export type ContextOf<Call extends CallDefinition> = Call['access'] extends 'public' ? CallContext : SignedInContext;

interface CallSpec<Call extends CallDefinition> {
  handler(
    input: z.output<Call['input']>,
    context: ContextOf<Call>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<HandlerReply<Call>>;
}

/**
 * Whether replies are checked against their schema before they are sent: in tests and in
 * development, so a handler that answers what the contract does not say fails where it is
 * written. In production the browser's own check of every reply stands.
 */
const CHECK_REPLIES =
  process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development' || process.env.CHECK_REPLIES === '1';

/** A reply that does not match the contract: a bug of the handler, a 500 with its place in the log. */
export class ReplyMismatchError extends Error {
  constructor(key: string, problems: string) {
    super(`The reply of ${key} does not match its contract: ${problems}`);
    this.name = 'ReplyMismatchError';
  }
}

/**
 * Mounts one call at /api/<controller>/<name> with the method, access rule and input schema its
 * definition gives (contract/calls/): a session for everything but the public sign-in steps, the
 * module for module calls. The input is parsed before the handler runs, so bad input never
 * reaches a service; the handler's answer is the definition's reply, checked in tests.
 */
export function defineCall<Call extends CallDefinition>(
  app: FastifyInstance,
  deps: AuthDeps,
  call: Call,
  spec: CallSpec<Call>,
): void {
  const key = `${call.controller}/${call.name}`;
  app.route({
    method: call.method,
    url: `/api${call.path}`,
    handler: (request, reply) => auditOfRequest.run({ written: false }, () => serve(request, reply)),
  });

  async function serve(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    let actor: Actor | null = null;
    try {
      return await answer(request, reply, (signedIn) => (actor = signedIn));
    } catch (error) {
      const status = error instanceof AppError ? error.statusCode : 0;
      if (actor !== null && (status === 403 || status === 404))
        await auditCallRefused(deps.db, actor, key, inputOf(request), status);
      throw error;
    }
  }

  function inputOf(request: FastifyRequest): unknown {
    return call.method === 'GET' || (call.method === 'DELETE' && request.body === undefined)
      ? request.query
      : request.body;
  }

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    signedIn: (actor: Actor) => void,
  ): Promise<unknown> {
    let actor: Actor | null = null;
    const token = bearerToken(request);
    if (call.access !== 'public' || token) {
      actor = token ? await authenticate(deps, token, request.ip) : null;
      if (actor) {
        actor.source = actionSource(request);
        signedIn(actor);
      }
    }
    if (call.access !== 'public') {
      if (!actor) throw new UnauthorizedError();
      if (actor.mustChangePassword && !ALLOWED_WHILE_PASSWORD_CHANGE_REQUIRED.has(key))
        throw new ForbiddenError(PASSWORD_CHANGE_REQUIRED);
      if (call.access !== 'session' && !actor.modules.has(call.access)) throw new ForbiddenError();
    }
    const raw = inputOf(request);
    const parsed =
      raw === request.query ? call.input.safeParse(raw ?? {}) : parseJsonBody(() => call.input.safeParse(raw ?? {}));
    if (!parsed.success) throw new BadRequestError(describeInputError(parsed.error, raw ?? {}));
    const input = parsed.data;
    const data =
      actor === null
        ? null
        : new Repository(deps.db, actor, {
            call: key,
            reads: call.method === 'GET' && call.access !== 'public',
            input,
          });
    const publicData = new PublicRepository(deps.db);
    const context: CallContext | SignedInContext = {
      meta: requestMeta(request),
      actor,
      reference: (service) => publicData.reference(service),
      ...(data === null ? {} : { data }),
    };
    // A call that is not public has thrown above without a user, so the context holds one.
    const answered = await spec.handler(input as z.output<Call['input']>, context as ContextOf<Call>, request, reply);
    if (CHECK_REPLIES && call.replyKind === 'json' && answered !== reply) {
      const checked = call.reply.safeParse(answered instanceof JsonText ? JSON.parse(answered.text) : answered);
      if (!checked.success)
        throw new ReplyMismatchError(
          key,
          checked.error.issues
            .slice(0, 3)
            .map((issue) => `${issue.path.join('.') || '(reply)'}: ${issue.message}`)
            .join('; '),
        );
    }
    // A read whose handler kept no record of it gets the call's own row.
    if (
      actor !== null &&
      call.method === 'GET' &&
      call.access !== 'public' &&
      auditOfRequest.getStore()?.written === false
    )
      await auditCallRead(deps.db, actor, key, input);
    if (answered instanceof JsonText) {
      void reply.type('application/json; charset=utf-8');
      return answered.text;
    }
    return answered;
  }
}
