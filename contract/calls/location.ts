/** The Location controller's calls, each served at /api/Location/<name> (call.ts). */
import { controller, get, noInput, post } from '../call.ts';
import { messageReplySchema } from '../auth.ts';
import {
  addFacilityRequestSchema,
  billTypesReplySchema,
  facilitiesProfileQuerySchema,
  facilitiesProfileReplySchema,
  savedReplySchema,
  toggleRequestSchema,
  updateFacilityRequestSchema,
} from '../organisation.ts';

export const Location = controller('Location', {
  getfacilitiesProfileData: get('ADMIN_FACILITIES', {
    input: facilitiesProfileQuerySchema,
    reply: facilitiesProfileReplySchema,
  }),
  getBillType: get('ADMIN_FACILITIES', { input: noInput, reply: billTypesReplySchema }),
  addFacility: post('ADMIN_FACILITIES', { input: addFacilityRequestSchema, reply: savedReplySchema }),
  updateFacility: post('ADMIN_FACILITIES', { input: updateFacilityRequestSchema, reply: savedReplySchema }),
  updateFacilityActive: post('ADMIN_FACILITIES', {
    input: toggleRequestSchema('facilityID'),
    reply: messageReplySchema,
  }),
});
