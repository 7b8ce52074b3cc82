/** The Modules controller's calls, each served at /api/Modules/<name> (call.ts). */
import { controller, get, noInput, post } from '../call.ts';
import { messageReplySchema } from '../auth.ts';
import {
  idMessageReplySchema,
  moduleIdQuerySchema,
  moduleRowSchema,
  modulesReplySchema,
  moduleTypesReplySchema,
  saveModuleRequestSchema,
  updateModuleActiveRequestSchema,
  updateModuleRequestSchema,
} from '../menuRoles.ts';

export const Modules = controller('Modules', {
  GetModuleTypes: get('ADMIN_ROLES', { input: noInput, reply: moduleTypesReplySchema }),
  GetModulesData: get('ADMIN_ROLES', { input: noInput, reply: modulesReplySchema }),
  GetModuleInfoByModuleId: get('ADMIN_ROLES', { input: moduleIdQuerySchema, reply: moduleRowSchema }),
  saveModule: post('ADMIN_ROLES', { input: saveModuleRequestSchema, reply: idMessageReplySchema }),
  updateModuleData: post('ADMIN_ROLES', { input: updateModuleRequestSchema, reply: messageReplySchema }),
  updateModuleActive: post('ADMIN_ROLES', { input: updateModuleActiveRequestSchema, reply: messageReplySchema }),
});
