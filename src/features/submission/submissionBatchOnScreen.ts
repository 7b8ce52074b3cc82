/** The submission batch open on its screen, for the "Download 837 file" command. */
import type { SubmissionBatchDetail } from '../../../contract/submission.ts';
import { defineStore } from '../../state/store.ts';

export const submissionBatchOnScreen = defineStore(() => ({ detail: null as SubmissionBatchDetail | null }));

export function showSubmissionBatch(detail: SubmissionBatchDetail | null): void {
  submissionBatchOnScreen.detail = detail;
}
