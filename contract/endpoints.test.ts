import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS, ENDPOINTS } from './endpoints.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
/** The API catalogue the product is built to, kept beside the contract (the shared copy, when present, must be the same). */
const CATALOGUE = `${here}api-catalogue.tsv`;
const SHARED_CATALOGUE = `${here}../../shared/api-catalogue.tsv`;

/** Calls this product adds to the catalogue: its own state, and the catalogue's "(variants)" rows by name. */
const ADDED = [
  'AddEditClaim/saveClaim',
  'AddEditClaim/saveClaimForm',
  'AddEditClaim/transferClaimBalance',
  'Batches/getChargeBatchDetailChargesByID',
  'Claims/getAllClaimsSearchTableData',
  'Claims/getAllClaimsSearchChargeData',
  'Claims/getARClaimsSearchChargeData',
  'Claims/getAllClaimsSearchClaimIDS',
  'Claims/getARClaimsSearchClaimIDS',
  'Claims/viewClaimCMS1500',
  'Claims/uploadClaimDocument',
  'Claims/getERACheckLedgerRows',
  'Claims/getERAProfileDetailSummaryCharges',
  'Claims/addClaimsToChargeBatch',
  'Claims/checkEligibilityForDay',
  'Client/getBrandingFile',
  'Jobs/getJob',
  'Jobs/cancelJob',
  'Jobs/getMyActiveJobs',
  'Jobs/dismissJob',
  'Patient/getAdvancePaymentsData',
  'Reports/getChargeDetailReport',
  'Reports/getProcedureTransactionHistory',
  'Reports/getClaimActivityByProvider',
  'Reports/getChargesPaymentsSummary',
  'Reports/getPatientAdvancePaymentsReport',
  'Reports/getInsuranceProfileByProvider',
  'Reports/getClaimBatchSubmitReport',
  'Patient/startPatientStatementRun',
  'Patient/updatePatientCollections',
  'Reports/getAgedTrialBalanceReport',
  'Reports/getAgingByInsuranceReport',
  'Reports/getAgingByProviderReport',
  'Users/getUserSettings',
  'Users/saveUserSetting',
  'Users/getInvitation',
  'Users/acceptInvitation',
  'Users/enrolInvitedAuthenticator',
  'Users/startAuthenticatorEnrolment',
  'Users/confirmAuthenticatorEnrolment',
  'Users/markNotificationsRead',
  'Users/markAllNotificationsRead',
  'Reports/uploadHL7File',
  'Reports/getHL7InboundSettings',
  'Reports/saveHL7InboundSettings',
  'Insurance/getClearingHouseConnections',
  'Insurance/saveClearingHouseConnection',
  'Insurance/collectClearingHouseReplies',
  'Batches/sendSubmissionBatch',
  'AbilityApiIntegration/uploadAcknowledgementFile',
  'AbilityApiIntegration/checkClaimStatus',
  'AbilityApiIntegration/resendClaimAsReplacement',
];

interface CatalogueRow {
  controller: string;
  method: string;
  name: string;
  timeoutMs: number | null;
}

function catalogue(): CatalogueRow[] {
  return readFileSync(CATALOGUE, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter(([, , name]) => name !== '(variants)')
    .map(([controller = '', method = '', name = '', , timeout = '']) => ({
      controller,
      method,
      name,
      timeoutMs: timeout === '' ? DEFAULT_TIMEOUT_MS : timeout === 'none' ? null : Number(timeout),
    }));
}

describe('the endpoint table, read off the call definitions', () => {
  it('holds every catalogue row with its method and time-out, and only those and the calls the product adds', () => {
    const rows = catalogue();
    expect(rows.length).toBe(322);
    const table = new Map(ENDPOINTS.map((call) => [`${call.controller}/${call.name}`, call]));
    for (const row of rows) {
      const call = table.get(`${row.controller}/${row.name}`);
      expect(
        call && { method: call.method, timeoutMs: call.timeoutMs, path: call.path },
        `${row.controller}/${row.name}`,
      ).toEqual({ method: row.method, timeoutMs: row.timeoutMs, path: `/${row.controller}/${row.name}` });
    }
    const listed = new Set(rows.map((row) => `${row.controller}/${row.name}`));
    expect(
      ENDPOINTS.map((call) => `${call.controller}/${call.name}`)
        .filter((key) => !listed.has(key))
        .sort(),
    ).toEqual([...ADDED].sort());
    expect(new Set(table.keys()).size).toBe(ENDPOINTS.length);
  });

  it('keeps its copy of the catalogue equal to the shared one', () => {
    if (!existsSync(SHARED_CATALOGUE)) return;
    expect(readFileSync(CATALOGUE, 'utf8')).toBe(readFileSync(SHARED_CATALOGUE, 'utf8'));
  });

  it('is imported by no contract module the definitions import: that would be a cycle, and the server would not start', () => {
    const modules = readdirSync(here).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'endpoints.ts',
    );
    const cyclic = modules.filter((file) =>
      /from '\.\/(endpoints|calls\/[\w.]+)\.ts'/.test(readFileSync(`${here}${file}`, 'utf8')),
    );
    expect(cyclic).toEqual([]);
  });
});
