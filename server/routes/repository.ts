import type { FastifyInstance } from 'fastify';
import { gridLayoutQuerySchema, saveGridLayoutRequestSchema } from '../../contract/grid.ts';
import { defineCall, requireActor } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import { loadGridLayout, saveGridLayout } from '../services/settings/gridLayouts.ts';

export function repositoryRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, 'Repository', 'getGridLayout', {
    input: gridLayoutQuerySchema,
    handler: async (input, context) => ({
      gridTypeID: input.gridTypeID,
      layout: await loadGridLayout(deps.db, requireActor(context).userId, input.gridTypeID),
    }),
  });

  defineCall(app, deps, 'Repository', 'addUpdateGridLayout', {
    input: saveGridLayoutRequestSchema,
    handler: async (input, context) => {
      await saveGridLayout(deps.db, requireActor(context).userId, input.gridTypeID, input.gridJason, deps.now());
      return { message: 'Grid Layout successfully updated.' };
    },
  });
}
