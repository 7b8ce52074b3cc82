import type { ComponentType } from 'react';
import { ForcedPasswordChangePage } from '../features/auth/ForcedPasswordChangePage.tsx';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { TfaPage } from '../features/auth/TfaPage.tsx';
import { AdvancePaymentsPage } from '../features/advancePayments/AdvancePaymentsPage.tsx';
import { ClaimDetailPage } from '../features/claimDetail/ClaimDetailPage.tsx';
import { ClaimFormPage } from '../features/claimForm/ClaimFormPage.tsx';
import { ExpandedViewPage } from '../features/expandedView/ExpandedViewPage.tsx';
import { AllClaimsPage } from '../features/claims/AllClaimsPage.tsx';
import { DenialManagementPage } from '../features/denials/DenialManagementPage.tsx';
import { EraPage } from '../features/era/EraPage.tsx';
import { EraDetailPage } from '../features/eraDetail/EraDetailPage.tsx';
import { ChargeBatchDetailPage } from '../features/batches/ChargeBatchDetailPage.tsx';
import { ChargeBatchesPage } from '../features/batches/ChargeBatchesPage.tsx';
import { DocumentBatchDetailPage } from '../features/batches/DocumentBatchDetailPage.tsx';
import { DocumentBatchesPage } from '../features/batches/DocumentBatchesPage.tsx';
import { DocumentSearchPage } from '../features/documents/DocumentSearchPage.tsx';
import { PaymentBatchDetailPage } from '../features/batches/PaymentBatchDetailPage.tsx';
import { PaymentBatchesPage } from '../features/batches/PaymentBatchesPage.tsx';
import { UserSettingsPage } from '../features/settings/UserSettingsPage.tsx';
import { PatientSearchPage } from '../features/patients/PatientSearchPage.tsx';
import { RegisterPatientPage } from '../features/patients/RegisterPatientPage.tsx';
import { PatientFinancialsSection } from '../features/patients/financials/index.tsx';
import { PatientStatementsSection } from '../features/patients/statements/index.tsx';
import { PatientDocumentsSection } from '../features/patients/documents/PatientDocumentsSection.tsx';
import { PatientCoverageSections } from '../features/patients/coverage/index.ts';
import { GroupsPage } from '../features/organisation/GroupsPage.tsx';
import { InsurancePage, InsurancesPage } from '../features/organisation/InsurancePages.tsx';
import { ClearinghousesPage } from '../features/clearinghouses/ClearinghousesPage.tsx';
import { FacilitiesPage, GroupPage, PracticesPage } from '../features/organisation/OrganisationPages.tsx';
import { ProviderPage, ProvidersPage } from '../features/organisation/ProviderPages.tsx';
import { AcceptInvitationPage } from '../features/access/AcceptInvitationPage.tsx';
import { DataRolesPage } from '../features/access/DataRolesPage.tsx';
import { ModulesPage } from '../features/access/ModulesPage.tsx';
import { RolesPage } from '../features/access/RolesPage.tsx';
import { UserPage } from '../features/access/UserPage.tsx';
import { UsersPage } from '../features/access/UsersPage.tsx';
import { SubmissionBatchesPage } from '../features/submission/SubmissionBatchesPage.tsx';
import { AppShell } from '../features/shell/AppShell.tsx';
import { NoScreensPage } from '../features/shell/NoScreensPage.tsx';
import { WorkspacePage } from '../features/workspace/WorkspacePage.tsx';
import { matchesAllowedLink } from '../routing/matchesAllowedLink.ts';
import {
  ACCEPT_INVITATION_PATH,
  ADVANCE_PAYMENTS_PATH,
  CHARGE_BATCH,
  CHARGE_BATCHES_PATH,
  CLAIM_DETAIL,
  CLAIM_FORM,
  CLAIMS_PATH,
  CREATE_CLAIM_PATH,
  DATA_ROLES_PATH,
  DENIAL_MANAGEMENT_PATH,
  DOCUMENT_BATCH,
  DOCUMENT_BATCHES_PATH,
  DOCUMENT_SEARCH_PATH,
  ERA_DETAIL,
  ERA_PATH,
  EXPANDED_VIEW,
  FACILITIES_PATH,
  GROUP,
  GROUPS_PATH,
  INSURANCE,
  INSURANCES_PATH,
  CLEARINGHOUSES_PATH,
  MODULES_PATH,
  PATIENT_FORM,
  PATIENTS_PATH,
  PAYMENT_BATCH,
  PAYMENT_BATCHES_PATH,
  PAYMENT_RECONCILIATION_PATH,
  PRACTICE_FACILITIES,
  PRACTICES_PATH,
  PROVIDER,
  PROVIDERS_PATH,
  REGISTER_PATIENT_PATH,
  ROLES_PATH,
  SUBMISSION_BATCHES_PATH,
  USER,
  USER_SETTINGS_PATH,
  USERS_PATH,
  WORKSPACE_PATTERN,
} from '../routing/paths.ts';
import { NotFoundPage } from '../routing/NotFoundPage.tsx';
import { PaymentReconciliationPage } from '../features/reconciliation/PaymentReconciliationPage.tsx';
import { FORGOT_PASSWORD_PATH, HOME_PATH, LOGIN_PATH, TFA_PATH } from '../routing/routeDecision.ts';
import { session } from '../state/session.ts';
import { useStore } from '../state/useStore.ts';
import { agingReportScreens } from '../features/agingReports/screens.ts';
import { arDashboardScreens } from '../features/arDashboard/screens.ts';
import { importLogScreens } from '../features/importLogs/screens.ts';
import { monthEndScreens } from '../features/monthEnd/screens.ts';
import { moneyReportScreens } from '../features/moneyReports/screens.ts';

const OPEN_SCREENS: Readonly<Record<string, ComponentType>> = {
  [LOGIN_PATH]: LoginPage,
  [TFA_PATH]: TfaPage,
  [FORGOT_PASSWORD_PATH]: ForgotPasswordPage,
  [ACCEPT_INVITATION_PATH]: AcceptInvitationPage,
};

/** Screens inside the app shell. A permitted path with no screen yet reads as not found. */
const APP_SCREENS: Readonly<Record<string, ComponentType>> = {
  [HOME_PATH]: NoScreensPage,
  [CLAIMS_PATH]: AllClaimsPage,
  [SUBMISSION_BATCHES_PATH]: SubmissionBatchesPage,
  [DENIAL_MANAGEMENT_PATH]: DenialManagementPage,
  [ERA_PATH]: EraPage,
  [PAYMENT_BATCHES_PATH]: PaymentBatchesPage,
  [CHARGE_BATCHES_PATH]: ChargeBatchesPage,
  [DOCUMENT_BATCHES_PATH]: DocumentBatchesPage,
  [DOCUMENT_SEARCH_PATH]: DocumentSearchPage,
  [ADVANCE_PAYMENTS_PATH]: AdvancePaymentsPage,
  [PAYMENT_RECONCILIATION_PATH]: PaymentReconciliationPage,
  [CREATE_CLAIM_PATH]: ClaimFormPage,
  [USER_SETTINGS_PATH]: UserSettingsPage,
  [GROUPS_PATH]: GroupsPage,
  [PRACTICES_PATH]: PracticesPage,
  [FACILITIES_PATH]: FacilitiesPage,
  [PROVIDERS_PATH]: ProvidersPage,
  [INSURANCES_PATH]: InsurancesPage,
  [CLEARINGHOUSES_PATH]: ClearinghousesPage,
  [USERS_PATH]: UsersPage,
  [ROLES_PATH]: RolesPage,
  [MODULES_PATH]: ModulesPage,
  [DATA_ROLES_PATH]: DataRolesPage,
  [PATIENTS_PATH]: PatientSearchPage,
  [REGISTER_PATIENT_PATH]: RegisterPatientPage,
  // Paths with a bracketed segment: the screen reads the segment from the path.
  [CLAIM_DETAIL.pattern]: ClaimDetailPage,
  [CLAIM_FORM.pattern]: ClaimFormPage,
  [EXPANDED_VIEW.pattern]: ExpandedViewPage,
  [ERA_DETAIL.pattern]: EraDetailPage,
  [PAYMENT_BATCH.pattern]: PaymentBatchDetailPage,
  [CHARGE_BATCH.pattern]: ChargeBatchDetailPage,
  [DOCUMENT_BATCH.pattern]: DocumentBatchDetailPage,
  [WORKSPACE_PATTERN]: WorkspacePage,
  [GROUP.pattern]: GroupPage,
  [PRACTICE_FACILITIES.pattern]: FacilitiesPage,
  [PROVIDER.pattern]: ProviderPage,
  [INSURANCE.pattern]: InsurancePage,
  [USER.pattern]: UserPage,
  [PATIENT_FORM.pattern]: PatientRecordScreen,
  ...agingReportScreens,
  ...monthEndScreens,
  ...arDashboardScreens,
  ...importLogScreens,
  ...moneyReportScreens,
};

/** The APP_SCREENS key for a path: the path itself, or the bracketed pattern it matches. */
function screenKey(path: string): string {
  if (APP_SCREENS[path]) return path;
  return Object.keys(APP_SCREENS).find((pattern) => pattern.includes('[') && matchesAllowedLink(path, pattern)) ?? path;
}

/** The screen for a path RouteGate let through. */
export function Screens({ path }: { path: string }) {
  const { user } = useStore(session);
  const Open = OPEN_SCREENS[path];
  if (Open) return <Open />;
  if (!user) return null;
  if (user.mustChangePassword) return <ForcedPasswordChangePage />;
  const Screen = APP_SCREENS[screenKey(path)];
  return <AppShell>{Screen ? <Screen /> : <NotFoundPage signedIn />}</AppShell>;
}

/** /app/register-patient/[patient_id]: the demographics, then the patient's insurances, guarantors, financials and documents. */
function PatientRecordScreen() {
  return (
    <RegisterPatientPage>
      <PatientCoverageSections />
      <PatientFinancialsSection />
      <PatientStatementsSection />
      <PatientDocumentsSection />
    </RegisterPatientPage>
  );
}
