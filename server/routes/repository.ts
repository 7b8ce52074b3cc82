import type { FastifyInstance } from 'fastify';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { globalSearch } from '../services/search/globalSearch.ts';
import { addRecent, loadRecents } from '../services/search/recents.ts';
import { loadGridLayout, saveGridLayout } from '../services/settings/gridLayouts.ts';
import { Repository } from '../../contract/calls/repository.ts';
import { Users } from '../../contract/calls/users.ts';

export function repositoryRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Repository.getGridLayout, {
    handler: async (input, context) => ({
      gridTypeID: input.gridTypeID,
      layout: await loadGridLayout(deps.db, context.actor.userId, input.gridTypeID),
    }),
  });

  defineCall(app, deps, Repository.addUpdateGridLayout, {
    handler: async (input, context) => {
      await saveGridLayout(deps.db, context.actor.userId, input.gridTypeID, input.gridJason, deps.now());
      return { message: 'Grid Layout successfully updated.' };
    },
  });

  defineCall(app, deps, Repository.getSystemGlobalSearch, {
    handler: async (input, context) => globalSearch(deps.db, context.actor, await context.scope(), input.searchValue),
  });

  defineCall(app, deps, Repository.getGlobalSearchRecents, {
    handler: async (input, context) => loadRecents(deps.db, context.actor, await context.scope(), input),
  });

  // A Users call, mounted here beside the search it serves.
  defineCall(app, deps, Users.addRecents, {
    handler: async (input, context) => {
      await addRecent(deps.db, context.actor, await context.scope(), input.type, input.id, deps.now());
      return { message: 'Saved.' };
    },
  });
}
