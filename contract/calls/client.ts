/** The Client controller's calls, each served at /api/Client/<name> (call.ts). */
import { controller, fileReply, get, post } from '../call.ts';
import { messageReplySchema } from '../auth.ts';
import {
  addGroupRequestSchema,
  brandingFileQuerySchema,
  groupProfileQuerySchema,
  groupProfileReplySchema,
  savedReplySchema,
  toggleRequestSchema,
  updateGroupRequestSchema,
  whiteLabelingRequestSchema,
} from '../organisation.ts';

export const Client = controller('Client', {
  getGroupProfileData: get('ADMIN_GROUPS', { input: groupProfileQuerySchema, reply: groupProfileReplySchema }),
  addGroupData: post('ADMIN_GROUPS', { input: addGroupRequestSchema, reply: savedReplySchema }),
  updateGroupData: post('ADMIN_GROUPS', { input: updateGroupRequestSchema, reply: savedReplySchema }),
  updateGroupActive: post('ADMIN_GROUPS', { input: toggleRequestSchema('groupID'), reply: messageReplySchema }),
  addUpdateGroupWhiteLabeling: post('ADMIN_GROUPS', { input: whiteLabelingRequestSchema, reply: savedReplySchema }),
  /** A kept branding file (logo, images, favicon), for the login page before anyone signs in. */
  getBrandingFile: get('public', { input: brandingFileQuerySchema, reply: fileReply }),
});
