/**
 * Every path of the app's screens, in one place: what the app navigates to (`goTo(claimDetailPath(7))`)
 * and what it matches (a route table's patterns, a command's "on this screen" test). The menu's
 * links come from the server and are compared with these; no other module writes an `/app/...`
 * or `/setting/...` path.
 */

/** The signed-in areas: without a session these lead to the sign-in rather than to the 404 page. */
export const PROTECTED_PREFIXES: readonly string[] = ['/app/', '/setting/'];

// Screens of one path.
export const CLAIMS_PATH = '/app/all-claims';
export const CREATE_CLAIM_PATH = '/app/create-claim';
export const SUBMISSION_BATCHES_PATH = '/app/submission-batches';
export const DENIAL_MANAGEMENT_PATH = '/app/denial-management';
/** The ERA screen: uploaded checks, upload, posting. */
export const ERA_PATH = '/app/era-search';
export const PAYMENT_BATCHES_PATH = '/app/payment-batches';
export const CHARGE_BATCHES_PATH = '/app/charge-batches';
export const DOCUMENT_BATCHES_PATH = '/app/document-batches';
/** Every document of the data role (batch files, claim attachments, patients' own), and a document's page. */
export const DOCUMENT_SEARCH_PATH = '/app/document-search';
export const ADVANCE_PAYMENTS_PATH = '/app/advance-payments';
export const PAYMENT_RECONCILIATION_PATH = '/app/payment-reconciliation';
/** Reports: aging (trial balance, by insurance, provider, patient), month-end, the other reports, import logs. */
export const AGING_REPORT_PATH = '/app/aging-report';
export const MONTHLY_SUMMARY_PATH = '/app/monthly-summary';
export const REPORTS_PATH = '/app/reports';
/** The money and activity reports, one screen each, by report (contract/moneyReports.ts). */
export const MONEY_REPORT_PATHS = {
  chargeDetail: '/app/reports/charge-detail',
  procedureHistory: '/app/reports/procedure-transaction-history',
  planProcedureHistory: '/app/reports/plan-procedure-history',
  claimActivityByProvider: '/app/reports/claim-activity-by-provider',
  chargesPaymentsSummary: '/app/reports/charges-and-payments-summary',
  paymentReport: '/app/reports/payments',
  eraData: '/app/reports/era-data',
  advancePayments: '/app/reports/patient-advance-payments',
  insuranceProfileByProvider: '/app/reports/insurance-profile-by-provider',
  claimBatchSubmit: '/app/reports/claim-batch-submit',
  patientAccountingDetail: '/app/reports/patient-accounting-detail',
  ledgerAccount: '/app/reports/ledger-account',
} as const;
export const HL7_IMPORT_LOG_PATH = '/app/hl7-import-log';
export const EDI_IMPORT_LOG_PATH = '/app/edi-import-log';
/** The accounts-receivable dashboard. */
export const AR_DASHBOARD_PATH = '/app/ar-dashboard';
/** Not built yet (the menu may hold it): commands that go there light up once it does. */
export const PATIENTS_PATH = '/app/patient-search';
export const REGISTER_PATIENT_PATH = '/app/register-patient';
/** Every signed-in user may open their own settings. */
export const USER_SETTINGS_PATH = '/setting/users-settings';
export const PROVIDERS_PATH = '/setting/providers';
export const GROUPS_PATH = '/setting/group';
export const INSURANCES_PATH = '/setting/insurances';
export const CLEARINGHOUSES_PATH = '/setting/clearinghouses';
export const USERS_PATH = '/setting/users';
/** The organisation's practices and facilities (menu links of ADMIN_PRACTICES and ADMIN_FACILITIES). */
export const PRACTICES_PATH = '/setting/practices';
export const FACILITIES_PATH = '/setting/facilities';
/** Administration of access: menu roles, modules and data roles. */
export const ROLES_PATH = '/setting/roles';
export const MODULES_PATH = '/setting/modules';
export const DATA_ROLES_PATH = '/setting/data-roles';
/** Where an invitation's link leads: open without a session. */
export const ACCEPT_INVITATION_PATH = '/accept-invitation';

/** Screens of one record each: `/app/claim-detail/42`. */
export interface RecordScreen {
  /** The path of record `id`. */
  path: (id: number | string) => string;
  /** The path as menus and route tables write it, the id a bracketed placeholder: `/app/claim-detail/[claim_id]`. */
  pattern: string;
  /** The numeric id in `path`, or null when `path` is not one of this screen's. */
  idIn: (path: string) => number | null;
  /** Whether `path` is this screen's, with or without an id after it. */
  holds: (path: string) => boolean;
}

function recordScreen(prefix: string, placeholder: string): RecordScreen {
  const withID = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}/(\\d{1,15})$`);
  return {
    path: (id) => `${prefix}/${id}`,
    pattern: `${prefix}/[${placeholder}]`,
    idIn: (path) => {
      const match = withID.exec(path);
      return match ? Number(match[1]) : null;
    },
    holds: (path) => path === prefix || path.startsWith(`${prefix}/`),
  };
}

export const CLAIM_DETAIL = recordScreen('/app/claim-detail', 'claim_id');
/** The claim form of an existing claim; a new claim's form is CREATE_CLAIM_PATH. */
export const CLAIM_FORM = recordScreen(CREATE_CLAIM_PATH, 'claim_id');
export const EXPANDED_VIEW = recordScreen('/app/expanded-view', 'claim_id');
export const ERA_DETAIL = recordScreen('/app/era-detail', 'era_id');
export const PAYMENT_BATCH = recordScreen('/app/payment-batch', 'payment_batch_id');
export const CHARGE_BATCH = recordScreen('/app/charge-batch', 'charge_batch_id');
export const DOCUMENT_BATCH = recordScreen('/app/document-batch', 'document_batch_id');
export const PATIENT_FORM = recordScreen(REGISTER_PATIENT_PATH, 'patient_id');
export const PROVIDER = recordScreen(PROVIDERS_PATH, 'provider_id');
export const GROUP = recordScreen(GROUPS_PATH, 'group_id');
export const INSURANCE = recordScreen(INSURANCES_PATH, 'insurance_id');
export const USER = recordScreen(USERS_PATH, 'user_email');
/** The facilities of one practice. */
export const PRACTICE_FACILITIES = recordScreen(FACILITIES_PATH, 'practice_id');
/** A user's own screen: `/setting/users/ann%40example.com`. */
export const userPath = (email: string) => `${USERS_PATH}/${encodeURIComponent(email)}`;

export const claimDetailPath = CLAIM_DETAIL.path;
export const editClaimFormPath = CLAIM_FORM.path;
export const expandedViewPath = EXPANDED_VIEW.path;
/** An uploaded ERA file's checks, claims and lines (the id is the file's). */
export const eraDetailPath = ERA_DETAIL.path;
export const paymentBatchPath = PAYMENT_BATCH.path;
export const chargeBatchPath = CHARGE_BATCH.path;
export const documentBatchPath = DOCUMENT_BATCH.path;

/** The workspaces: `/app/workspace/<layout id>` (the id is a layout's name, not a number). */
export const WORKSPACE_PATH_PREFIX = '/app/workspace/';
export const WORKSPACE_PATTERN = `${WORKSPACE_PATH_PREFIX}[layout_id]`;

export function workspacePath(layoutId: string): string {
  return `${WORKSPACE_PATH_PREFIX}${layoutId}`;
}
