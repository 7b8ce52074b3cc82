import type { FastifyInstance } from 'fastify';
import { resetPasswordRequestSchema } from '../../contract/auth.ts';
import { claimSearchQuerySchema } from '../../contract/claims.ts';
import { PASSWORD_RESET_DONE } from '../../contract/messages.ts';
import { defineCall, requireActor } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { resetPassword } from '../services/auth/passwords.ts';
import { searchClaims } from '../services/claims/searchClaims.ts';

export function claimsRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, 'Claims', 'getAllClaimsSearchData', {
    input: claimSearchQuerySchema,
    handler: async (input, context) => searchClaims(deps.db, requireActor(context), await context.scope(), input),
  });

  // The catalogue files the forgotten-password reset under Claims; the name is kept.
  defineCall(app, deps, 'Claims', 'ResetPassword', {
    input: resetPasswordRequestSchema,
    handler: async (input, { meta }) => {
      await resetPassword(deps, input, meta);
      return { message: PASSWORD_RESET_DONE };
    },
  });
}
