/** Month-end: the monthly summary and the month lock, spread into Reports and Repository (contract/monthEnd.ts describes each). */
import { get, post } from '../call.ts';
import {
  groupQuerySchema,
  lastSummaryDateReplySchema,
  lockMonthReplySchema,
  lockMonthRequestSchema,
  monthEndStatusQuerySchema,
  monthEndStatusReplySchema,
  monthlySummaryQuerySchema,
  monthlySummaryReplySchema,
  reloadSummaryReplySchema,
} from '../monthEnd.ts';

export const monthEndReportCalls = {
  /** The month-end view: which months each practice has locked, and what locking a month would lock and keep. */
  getNewMonthlySummaryDevelopmemt: get('REPORTS', {
    input: monthEndStatusQuerySchema,
    reply: monthEndStatusReplySchema,
  }),
  getmonthlySummaryDevelopmemt: get('REPORTS', { input: monthlySummaryQuerySchema, reply: monthlySummaryReplySchema }),
  /** Reads the open months again and checks every locked month against the ledger; no time-out (SPEC point 9). */
  reloadMonthlySummaryReport: get('REPORTS', {
    input: groupQuerySchema,
    reply: reloadSummaryReplySchema,
    timeoutMs: null,
  }),
  lockMonthEndData: post('REPORTS', { input: lockMonthRequestSchema, reply: lockMonthReplySchema }),
};

export const monthEndRepositoryCalls = {
  getLastMonthlySummaryReportDate: get('session', { input: groupQuerySchema, reply: lastSummaryDateReplySchema }),
};
