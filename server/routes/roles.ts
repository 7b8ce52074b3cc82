import type { FastifyInstance } from 'fastify';
import { Modules } from '../../contract/calls/modules.ts';
import { Roles } from '../../contract/calls/roles.ts';
import { defineCall } from '../http/defineCall.ts';
import type { AuthDeps } from '../services/auth/deps.ts';
import {
  listModules,
  moduleById,
  moduleTypes,
  saveModule,
  setModuleActive,
  updateModule,
} from '../services/roles/modules.ts';
import {
  listRoles,
  modulesOfRole,
  modulesToAssign,
  saveRole,
  setRoleActive,
  updateRole,
} from '../services/roles/menuRoles.ts';

/** Menu roles and modules (the Roles and Modules controllers). */
export function rolesRoutes(app: FastifyInstance, deps: AuthDeps): void {
  defineCall(app, deps, Roles.GetMenuRoles, { handler: (_input, context) => context.data.reference(listRoles)() });
  defineCall(app, deps, Roles.GetModulesByRoleId, {
    handler: (input, context) => context.data.reference(modulesOfRole)(input.id),
  });
  defineCall(app, deps, Roles.GetModuleForAssignPrivilege, {
    handler: (_input, context) => context.data.asActor(modulesToAssign)(),
  });
  defineCall(app, deps, Roles.saveRole, { handler: (input, context) => context.data.asActor(saveRole)(input) });
  defineCall(app, deps, Roles.updateRoleData, {
    handler: (input, context) => context.data.asActor(updateRole)(input),
  });
  defineCall(app, deps, Roles.updateRoleActive, {
    handler: (input, context) => context.data.asActor(setRoleActive)(input.roleID, input.active),
  });

  defineCall(app, deps, Modules.GetModuleTypes, { handler: () => moduleTypes() });
  defineCall(app, deps, Modules.GetModulesData, {
    handler: (_input, context) => context.data.reference(listModules)(),
  });
  defineCall(app, deps, Modules.GetModuleInfoByModuleId, {
    handler: (input, context) => context.data.reference(moduleById)(input.moduleID),
  });
  defineCall(app, deps, Modules.saveModule, { handler: (input, context) => context.data.asActor(saveModule)(input) });
  defineCall(app, deps, Modules.updateModuleData, {
    handler: (input, context) => context.data.asActor(updateModule)(input),
  });
  defineCall(app, deps, Modules.updateModuleActive, {
    handler: (input, context) => context.data.asActor(setModuleActive)(input.moduleID, input.active),
  });
}
