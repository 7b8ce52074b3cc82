import type { FastifyInstance } from 'fastify';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { saveGlobalSearchViewItems } from '../services/search/recents.ts';

/** The header's global search: what the biller opened from it becomes their recents (Repository/getGlobalSearchRecents). */
export function globalSearchRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, AddEditClaim.saveGlobalSearchViewItems, {
    handler: async (input, context) => {
      await context.data.run(saveGlobalSearchViewItems)(input.items, deps.now());
      return { message: 'Saved to your recents.' };
    },
  });
}
