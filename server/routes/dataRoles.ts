import type { FastifyInstance } from 'fastify';
import { Repository } from '../../contract/calls/repository.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import {
  dataRoleGroups,
  dataRolePractices,
  listDataRoles,
  saveDataRole,
  setDataRoleActive,
  updateDataRole,
} from '../services/dataRoles/dataRoles.ts';

/** Data roles (Repository/GetDataRoles ... updateDataRoleActive). */
export function dataRolesRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Repository.GetDataRoles, {
    handler: (_input, context) => context.data.asActor(listDataRoles)(),
  });
  defineCall(app, deps, Repository.getDataRoleGroups, {
    handler: (input, context) => context.data.asActor(dataRoleGroups)(input.dataRoleID),
  });
  defineCall(app, deps, Repository.getDataRolePractices, {
    handler: (input, context) =>
      context.data.asActor(dataRolePractices)(input.dataRoleID, input.groupIDs?.split(',').map(Number)),
  });
  defineCall(app, deps, Repository.saveDataRole, {
    handler: (input, context) => context.data.asActor(saveDataRole)(input),
  });
  defineCall(app, deps, Repository.updateDataRoleData, {
    handler: (input, context) => context.data.asActor(updateDataRole)(input),
  });
  defineCall(app, deps, Repository.updateDataRoleActive, {
    handler: (input, context) => context.data.asActor(setDataRoleActive)(input.dataRoleID, input.active),
  });
}
