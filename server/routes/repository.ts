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
      layout: await context.data.asUser(loadGridLayout)(input.gridTypeID),
    }),
  });

  defineCall(app, deps, Repository.addUpdateGridLayout, {
    handler: async (input, context) => {
      await context.data.asUser(saveGridLayout)(input.gridTypeID, input.gridJason, deps.now());
      return { message: 'Grid Layout successfully updated.' };
    },
  });

  defineCall(app, deps, Repository.getSystemGlobalSearch, {
    handler: async (input, context) => context.data.run(globalSearch)(input.searchValue),
  });

  defineCall(app, deps, Repository.getGlobalSearchRecents, {
    handler: async (input, context) => context.data.run(loadRecents)(input),
  });

  // A Users call, mounted here beside the search it serves.
  defineCall(app, deps, Users.addRecents, {
    handler: async (input, context) => {
      await context.data.run(addRecent)(input.type, input.id, deps.now());
      return { message: 'Saved.' };
    },
  });
}
