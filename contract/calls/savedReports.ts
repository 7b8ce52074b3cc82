/** The SavedReports controller's calls, each served at /api/SavedReports/<name> (call.ts). */
import { controller, del, get, post } from '../call.ts';
import { messageReplySchema } from '../auth.ts';
import {
  addSavedReportRequestSchema,
  deleteSavedReportQuerySchema,
  editSavedReportRequestSchema,
  getSavedReportsQuerySchema,
  savedReportSchema,
  savedReportsReplySchema,
} from '../savedSearches.ts';

export const SavedReports = controller('SavedReports', {
  GetSavedReports: get('REPORTS', { input: getSavedReportsQuerySchema, reply: savedReportsReplySchema }),
  AddSavedReport: post('REPORTS', { input: addSavedReportRequestSchema, reply: savedReportSchema }),
  EditSavedReport: post('REPORTS', { input: editSavedReportRequestSchema, reply: savedReportSchema }),
  DeleteSavedReport: del('REPORTS', { input: deleteSavedReportQuerySchema, reply: messageReplySchema }),
});
