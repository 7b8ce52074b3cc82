/** The Practice controller's calls, each served at /api/Practice/<name> (call.ts). */
import { controller, get, post } from '../call.ts';
import { messageReplySchema } from '../auth.ts';
import {
  addPracticeRequestSchema,
  practiceProfileQuerySchema,
  practiceProfileReplySchema,
  savedReplySchema,
  toggleRequestSchema,
  updatePracticeRequestSchema,
} from '../organisation.ts';

export const Practice = controller('Practice', {
  getPracticeProfileData: get('ADMIN_PRACTICES', {
    input: practiceProfileQuerySchema,
    reply: practiceProfileReplySchema,
  }),
  addpracticeData: post('ADMIN_PRACTICES', { input: addPracticeRequestSchema, reply: savedReplySchema }),
  updatePracticeData: post('ADMIN_PRACTICES', { input: updatePracticeRequestSchema, reply: savedReplySchema }),
  updatePracticeActive: post('ADMIN_PRACTICES', {
    input: toggleRequestSchema('practiceID'),
    reply: messageReplySchema,
  }),
});
