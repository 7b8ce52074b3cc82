/**
 * Every command of the product, registered in one place. To add a domain: one import and one
 * spread line below.
 */
import { registerRecordSearch } from '../src/console/recordSearch.ts';
import { registerCommands } from '../src/console/registry.ts';
import type { Command } from '../src/console/types.ts';
import { advancePaymentCommands } from './advancePayments.ts';
import { batchCommands } from './batches.ts';
import { batchFileCommands } from './batchFiles.ts';
import { batchScreenCommands } from './batchScreens.ts';
import { chargeBatchClaimCommands } from './chargeBatchClaims.ts';
import { chargeDocumentBatchCommands } from './chargeDocumentBatches.ts';
import { chargeEditCommands } from './chargeEdit.ts';
import { claimEditCommands } from './claimEdit.ts';
import { claimPostingCommands } from './claimPostings.ts';
import { claimScreenCommands } from './claimScreens.ts';
import { manualPaymentCommands } from './manualPayments.ts';
import { medicalCaseCommands } from './medicalCases.ts';
import { claimFilterCommands } from './claimFilters.ts';
import { claimsCommands } from './claims.ts';
import { claimStatusCommands } from './claimStatus.ts';
import { claimWorkCommands } from './claimWork.ts';
import { crossoverCommands } from './crossover.ts';
import { crosswalkCommands } from './crosswalks.ts';
import { denialCommands } from './denials.ts';
import { documentCommands } from './documents.ts';
import { eraCommands } from './era.ts';
import { claimVsEraCommands } from './claimVsEra.ts';
import { eraDetailCommands } from './eraDetail.ts';
import { exportCommands } from './export.ts';
import { generalCommands } from './general.ts';
import { navigationCommands } from './navigation.ts';
import { paymentBatchEditCommands } from './paymentBatchEdit.ts';
import { paymentScreenCommands } from './paymentScreens.ts';
import { printCommands } from './print.ts';
import { globalRecordSearch } from './records.ts';
import { scrubCommands } from './scrub.ts';
import { submissionCommands } from './submission.ts';
import { workQueueCommands } from './workQueue.ts';
import { workspaceCommands } from './workspace.ts';
import { writeOffCommands } from './writeOff.ts';

export const ALL_COMMANDS: readonly Command[] = [
  ...generalCommands,
  ...navigationCommands,
  ...workspaceCommands,
  ...claimsCommands,
  ...claimFilterCommands,
  ...scrubCommands,
  ...chargeEditCommands,
  ...claimEditCommands,
  ...claimPostingCommands,
  ...chargeBatchClaimCommands,
  ...claimScreenCommands,
  ...medicalCaseCommands,
  ...claimStatusCommands,
  ...claimWorkCommands,
  ...crossoverCommands,
  ...denialCommands,
  ...eraCommands,
  ...eraDetailCommands,
  ...claimVsEraCommands,
  ...batchCommands,
  ...batchScreenCommands,
  ...chargeDocumentBatchCommands,
  ...paymentBatchEditCommands,
  ...batchFileCommands,
  ...crosswalkCommands,
  ...writeOffCommands,
  ...advancePaymentCommands,
  ...paymentScreenCommands,
  ...manualPaymentCommands,
  ...submissionCommands,
  ...printCommands,
  ...documentCommands,
  ...workQueueCommands,
  ...exportCommands,
];

/** Registers them all, and the palette's record search; returns the unregister (tests and hot reload). */
export function registerAllCommands(): () => void {
  const unregisterCommands = registerCommands(ALL_COMMANDS);
  const unregisterSearch = registerRecordSearch(globalRecordSearch);
  return () => {
    unregisterCommands();
    unregisterSearch();
  };
}
