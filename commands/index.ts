/**
 * Every command of the product, registered in one place. Commands live in one folder per domain
 * (claims, claimsList, payments, batches, era, workQueue, workspace, general); to add some: one
 * import and one spread line below. A command reads what the biller is on through targetOf
 * (src/state/target.ts), announces what it changed with recordsChanged (src/state/recordsChanged.ts),
 * and uses of a feature only what the feature's index.ts exports.
 */
import { registerRecordSearch } from '../src/console/recordSearch.ts';
import { registerCommands } from '../src/console/registry.ts';
import type { Command } from '../src/console/types.ts';
import { authenticatorCommands } from './access/authenticator.ts';
import { dataRoleCommands } from './access/dataRoles.ts';
import { roleCommands } from './access/roles.ts';
import { userCommands } from './access/users.ts';
import { batchFileCommands } from './batches/batchFiles.ts';
import { organisationCommands } from './organisation/index.ts';
import { organisationSelectorCommands } from './organisationSelector/organisationSelector.ts';
import { patientCommands } from './patients/index.ts';
import { patientStatementCommands } from './patients/statements.ts';
import { patientDocumentCommands } from './patients/documents.ts';
import { patientCoverageCommands } from './patientCoverage/index.ts';
import { eligibilityCommands } from './eligibility/eligibility.ts';
import { batchScreenCommands } from './batches/batchScreens.ts';
import { batchCommands } from './batches/batches.ts';
import { chargeDocumentBatchCommands } from './batches/chargeDocumentBatches.ts';
import { paymentBatchEditCommands } from './batches/paymentBatchEdit.ts';
import { chargeBatchClaimCommands } from './claims/chargeBatchClaims.ts';
import { chargeEditCommands } from './claims/chargeEdit.ts';
import { claimEditCommands } from './claims/claimEdit.ts';
import { claimScreenCommands } from './claims/claimScreens.ts';
import { claimStatusCommands } from './claims/claimStatus.ts';
import { claimWorkCommands } from './claims/claimWork.ts';
import { balanceTransferCommands } from './claims/balanceTransfer.ts';
import { crossoverCommands } from './claims/crossover.ts';
import { crosswalkCommands } from './claims/crosswalks.ts';
import { denialCommands } from './claims/denials.ts';
import { documentCommands } from './claims/documents.ts';
import { medicalCaseCommands } from './claims/medicalCases.ts';
import { documentSearchCommands } from './documents/documentSearch.ts';
import { revenueCodeCommands } from './claims/revenueCodes.ts';
import { printCommands } from './claims/print.ts';
import { scrubCommands } from './claims/scrub.ts';
import { acknowledgementCommands } from './acknowledgements/acknowledgements.ts';
import { submissionCommands } from './claims/submission.ts';
import { clearinghouseCommands } from './clearinghouse/clearinghouse.ts';
import { writeOffCommands } from './claims/writeOff.ts';
import { claimFilterCommands } from './claimsList/claimFilters.ts';
import { claimSideCommands } from './claims/claimSide.ts';
import { eraSummaryCommands } from './era/eraSummary.ts';
import { claimsCommands } from './claimsList/claims.ts';
import { exportCommands } from './claimsList/export.ts';
import { claimVsEraCommands } from './era/claimVsEra.ts';
import { eraCommands } from './era/era.ts';
import { eraDetailCommands } from './era/eraDetail.ts';
import { generalCommands } from './general/general.ts';
import { globalSearchCommands } from './header/globalSearch.ts';
import { notificationCommands, watchNotificationCommands } from './header/notifications.ts';
import { navigationCommands } from './general/navigation.ts';
import { globalRecordSearch } from './general/records.ts';
import { advancePaymentCommands } from './payments/advancePayments.ts';
import { claimPostingCommands } from './payments/claimPostings.ts';
import { manualPaymentCommands } from './payments/manualPayments.ts';
import { paymentScreenCommands } from './payments/paymentScreens.ts';
import { workQueueCommands } from './workQueue/workQueue.ts';
import { workspaceCommands } from './workspace/workspace.ts';
import { agingReportCommands } from './reports/aging.ts';
import { arDashboardCommands } from './reports/arDashboard.ts';
import { importLogCommands } from './reports/importLogs.ts';
import { monthEndCommands } from './reports/monthEnd.ts';
import { moneyReportCommands } from './reports/moneyReports.ts';

export const ALL_COMMANDS: readonly Command[] = [
  ...generalCommands,
  ...navigationCommands,
  ...workspaceCommands,
  ...claimsCommands,
  ...claimFilterCommands,
  ...scrubCommands,
  ...chargeEditCommands,
  ...acknowledgementCommands,
  ...claimEditCommands,
  ...claimPostingCommands,
  ...chargeBatchClaimCommands,
  ...claimScreenCommands,
  ...medicalCaseCommands,
  ...documentSearchCommands,
  ...revenueCodeCommands,
  ...claimStatusCommands,
  ...claimWorkCommands,
  ...crossoverCommands,
  ...balanceTransferCommands,
  ...denialCommands,
  ...agingReportCommands,
  ...monthEndCommands,
  ...arDashboardCommands,
  ...importLogCommands,
  ...moneyReportCommands,
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
  ...claimSideCommands,
  ...eraSummaryCommands,
  ...manualPaymentCommands,
  ...submissionCommands,
  ...clearinghouseCommands,
  ...printCommands,
  ...documentCommands,
  ...workQueueCommands,
  ...userCommands,
  ...roleCommands,
  ...dataRoleCommands,
  ...authenticatorCommands,
  ...organisationCommands,
  ...organisationSelectorCommands,
  ...patientCommands,
  ...patientStatementCommands,
  ...patientDocumentCommands,
  ...patientCoverageCommands,
  ...eligibilityCommands,
  ...exportCommands,
  ...notificationCommands,
  ...globalSearchCommands,
];

/** Registers them all, and the palette's record search; returns the unregister (tests and hot reload). */
export function registerAllCommands(): () => void {
  const unregisterCommands = registerCommands(ALL_COMMANDS);
  const unregisterSearch = registerRecordSearch(globalRecordSearch);
  const unwatchNotifications = watchNotificationCommands();
  return () => {
    unregisterCommands();
    unregisterSearch();
    unwatchNotifications();
  };
}
