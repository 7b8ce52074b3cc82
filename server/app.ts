import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { SecretBox } from './auth/secretBox.ts';
import { startAuditSealer } from './services/audit/auditSealer.ts';
import type { Db } from './db/types.ts';
import { installErrorHandler } from './http/errorHandler.ts';
import { installNulGuard } from './http/nulGuard.ts';
import { installRequestsFirst } from './http/requestsFirst.ts';
import { installSecurityHeaders } from './http/securityHeaders.ts';
import { serveSpa } from './http/spa.ts';
import { logMailer, type Mailer } from './mail/mailer.ts';
import { claimChargeBatchRoutes } from './routes/claimChargeBatch.ts';
import { claimDetailRoutes } from './routes/claimDetail.ts';
import { claimSideCallRoutes } from './routes/claimSideCalls.ts';
import { claimEditRoutes } from './routes/claimEdit.ts';
import { printRoutes } from './routes/print.ts';
import { claimStatusRoutes } from './routes/claimStatus.ts';
import { claimListsRoutes } from './routes/claimLists.ts';
import { claimInfoRoutes } from './routes/claimInfo.ts';
import { claimFormRoutes } from './routes/claimForm.ts';
import { crosswalkRoutes } from './routes/crosswalks.ts';
import { revenueCodeRoutes } from './routes/revenueCodes.ts';
import { chargeOrderRoutes } from './routes/chargeOrder.ts';
import { feeScheduleRoutes } from './routes/feeSchedules.ts';
import { medicalCaseRoutes } from './routes/medicalCases.ts';
import { medicalCaseLookupRoutes } from './routes/medicalCaseLookups.ts';
import { crossoverDenialsRoutes } from './routes/crossoverDenials.ts';
import { eraRoutes } from './routes/era.ts';
import { advancePaymentRoutes } from './routes/advancePayments.ts';
import { batchesRoutes } from './routes/batches.ts';
import { documentRoutes } from './routes/documents.ts';
import { documentSearchRoutes } from './routes/documentSearch.ts';
import { claimsRoutes } from './routes/claims.ts';
import { jobsRoutes } from './routes/jobs.ts';
import { scrubRoutes } from './routes/scrub.ts';
import { submissionRoutes } from './routes/submission.ts';
import { clearinghouseRoutes } from './routes/clearinghouse.ts';
import { startClearinghouseCollector } from './services/clearinghouse/collector.ts';
import { lookupRoutes } from './routes/lookups.ts';
import { repositoryRoutes } from './routes/repository.ts';
import { organisationRoutes } from './routes/organisation.ts';
import { organisationSelectorRoutes } from './routes/organisationSelector.ts';
import { patientFinancialsRoutes } from './routes/patientFinancials.ts';
import { patientStatementRoutes } from './routes/patientStatements.ts';
import { patientCoverageRoutes } from './routes/patientCoverage.ts';
import { eligibilityRoutes } from './routes/eligibility.ts';
import { addressService } from './services/organisation/addressCheck.ts';
import { npiRegistry } from './services/organisation/npiRegistry.ts';
import { dataRolesRoutes } from './routes/dataRoles.ts';
import { rolesRoutes } from './routes/roles.ts';
import { staffRoutes } from './routes/staff.ts';
import { patientRoutes } from './routes/patients.ts';
import { usersRoutes } from './routes/users.ts';
import { workQueueRoutes } from './routes/workQueue.ts';
import { writeOffRoutes } from './routes/writeOff.ts';
import { agingReportRoutes } from './routes/agingReports.ts';
import { monthEndRoutes } from './routes/monthEnd.ts';
import { arDashboardRoutes } from './routes/arDashboard.ts';
import { importLogRoutes } from './routes/importLogs.ts';
import { moneyReportRoutes } from './routes/moneyReports.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { globalSearchRoutes } from './routes/globalSearch.ts';
import { acknowledgementRoutes } from './routes/acknowledgements.ts';
import type { AuthDeps, SessionPolicy } from './services/auth/deps.ts';
import type { JobRunnerOptions } from './services/jobs/runner.ts';
import { eligibilityAdapterFromEnv, type EligibilityAdapter } from './services/eligibility/adapter.ts';
import { eligibilityRunHandler } from './services/eligibility/eligibilityRun.ts';
import { startSumCompaction } from './services/ledger/sumCompaction.ts';

export interface AppOptions {
  db: Db;
  now?: () => Date;
  mailer?: Mailer;
  session?: SessionPolicy;
  /** Folder of the built browser app; absent in API-only tests. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  bodyLimitBytes?: number;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
  trustProxy?: boolean | string;
  /**
   * The key sealing the users' authenticator secrets (server/auth/totpKey.ts). Without one (API
   * tests, benches) a key of this process only is used: secrets it seals die with it.
   */
  totpKey?: Buffer;
  /** Seconds between sealings of the audit chain; 0 seals none (API tests seal by hand). Default 30. */
  auditSealSeconds?: number;
  /** Seconds between compactions of the ledger's insert-only sums (sumCompaction.ts); 0 runs none. Default 300. */
  sumCompactionSeconds?: number;
  /** Seconds between looks for clearinghouse connections due a collection of replies; 0 or absent looks for none (main.ts sets it). */
  clearinghouseTickSeconds?: number;
  /** The NPI registry's API (NPPES_URL); absent or null: the look-up says it is switched off. */
  nppesUrl?: string | null;
  /** An address service for Reports/validateAddress (ADDRESS_SERVICE_URL); absent: the offline rules only. */
  addressServiceUrl?: string | null;
  /** Bulk runs: chunk size and the pause between chunks (tests make chunks small and gate them). */
  jobs?: JobRunnerOptions;
  /** Who answers eligibility checks, asked at each check; by default ELIGIBILITY_URL or PAYER_SIM_URL as they are then. */
  eligibility?: () => EligibilityAdapter;
}

/** Logs method and path only: query strings carry codes and search terms, bodies carry PHI. */
const requestSerializers = {
  req(request: { method: string; url: string; id: string }) {
    return { id: request.id, method: request.method, path: request.url.split('?')[0] };
  },
};

/** Builds the whole server as one Fastify instance; main.ts listens, tests use app.inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const logger = options.logger ?? false;
  const app = Fastify({
    logger:
      logger === false ? false : { ...(typeof logger === 'object' ? logger : {}), serializers: requestSerializers },
    bodyLimit: options.bodyLimitBytes ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  });
  const deps: AuthDeps = {
    db: options.db,
    now: options.now ?? (() => new Date()),
    session: options.session ?? { idleMinutes: 30, maxHours: 12 },
    mailer: options.mailer ?? logMailer((line) => app.log.info(line)),
    totpBox: new SecretBox(options.totpKey ?? randomBytes(32)),
  };
  installErrorHandler(app);
  installSecurityHeaders(app);
  installRequestsFirst(app, options.db);
  installNulGuard(app);
  app.get('/api/health', async () => {
    await options.db.query('SELECT 1');
    return { ok: true };
  });
  const sealEvery = options.auditSealSeconds ?? 30;
  if (sealEvery > 0) {
    const stopSealing = startAuditSealer(options.db, sealEvery, (error) =>
      app.log.error({ err: error }, 'Sealing the audit chain failed.'),
    );
    app.addHook('onClose', () => stopSealing());
  }
  const compactEvery = options.sumCompactionSeconds ?? 300;
  if (compactEvery > 0) {
    const stopCompaction = startSumCompaction(options.db, compactEvery, (error) =>
      app.log.error({ err: error }, 'Compacting the ledger sums failed.'),
    );
    app.addHook('onClose', () => stopCompaction());
  }
  if ((options.clearinghouseTickSeconds ?? 0) > 0) {
    const stopCollecting = startClearinghouseCollector(options.db, options.clearinghouseTickSeconds ?? 0, (error) =>
      app.log.error({ err: error }, 'Collecting clearinghouse replies failed.'),
    );
    app.addHook('onClose', () => stopCollecting());
  }
  usersRoutes(app, deps);
  staffRoutes(app, deps);
  rolesRoutes(app, deps);
  dataRolesRoutes(app, deps);
  const eligibility = options.eligibility ?? (() => eligibilityAdapterFromEnv());
  const jobs = jobsRoutes(app, deps, options.jobs, [eligibilityRunHandler(eligibility)]);
  claimsRoutes(app, deps, jobs);
  claimDetailRoutes(app, deps);
  patientRoutes(app, deps);
  repositoryRoutes(app, deps);
  notificationRoutes(app, deps);
  globalSearchRoutes(app, deps);
  organisationSelectorRoutes(app, deps);
  lookupRoutes(app, deps);
  agingReportRoutes(app, deps);
  monthEndRoutes(app, deps);
  arDashboardRoutes(app, deps);
  importLogRoutes(app, deps);
  moneyReportRoutes(app, deps);
  scrubRoutes(app, deps);
  submissionRoutes(app, deps);
  clearinghouseRoutes(app, deps);
  claimInfoRoutes(app, deps);
  claimFormRoutes(app, deps);
  crosswalkRoutes(app, deps);
  revenueCodeRoutes(app, deps);
  chargeOrderRoutes(app, deps);
  medicalCaseRoutes(app, deps);
  medicalCaseLookupRoutes(app, deps);
  feeScheduleRoutes(app, deps);
  crossoverDenialsRoutes(app, deps);
  documentRoutes(app, deps);
  documentSearchRoutes(app, deps);
  claimEditRoutes(app, deps);
  claimSideCallRoutes(app, deps);
  printRoutes(app, deps);
  workQueueRoutes(app, deps, jobs);
  writeOffRoutes(app, deps, jobs);
  claimChargeBatchRoutes(app, deps, jobs);
  claimStatusRoutes(app, deps);
  acknowledgementRoutes(app, deps);
  claimListsRoutes(app, deps);
  eraRoutes(app, deps);
  advancePaymentRoutes(app, deps);
  batchesRoutes(app, deps);
  patientCoverageRoutes(app, deps);
  eligibilityRoutes(app, deps, eligibility, jobs);
  patientFinancialsRoutes(app, deps);
  patientStatementRoutes(app, deps, jobs);
  organisationRoutes(app, deps, {
    npiRegistry: npiRegistry(options.nppesUrl ?? null),
    addressService: addressService(options.addressServiceUrl ?? null),
  });
  if (options.webRoot) await serveSpa(app, options.webRoot);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not Found.' }));
  return app;
}
