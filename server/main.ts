import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { SecretBox } from './auth/secretBox.ts';
import { otpauthUri } from './auth/totp.ts';
import { loadTotpKey } from './auth/totpKey.ts';
import { loadConfig, startsPayerSim } from './config.ts';
import { currentRole, grantAppRole } from './db/appRole.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { openPostgres } from './db/postgres.ts';
import { logMailer, smtpMailer } from './mail/mailer.ts';
import { ClearinghouseSim } from './payerSim/clearinghouse/clearinghouseSim.ts';
import { startPayerSim, type PayerSim } from './payerSim/server.ts';
import { loadReferenceData } from './reference/load.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_TOTP_SECRET } from './seed/demo-user.ts';
import { writeDemoRemittances } from './seed/demoRemittances.ts';
import { hasDemoData, isDatabaseEmpty, seedDemo } from './seed/generator.ts';
import { createFirstAdministrator } from './services/auth/firstAdministrator.ts';
import { eligibilityAdapterFromEnv } from './services/eligibility/adapter.ts';
import {
  allDemoFolders,
  DEMO_CLEARING_HOUSE_NAME,
  demoClearinghouseFolders,
  setDemoClearinghouse,
} from './services/clearinghouse/demoClearinghouse.ts';
import { localTransport } from './services/clearinghouse/localTransport.ts';
import { setDemoInbound } from './services/hl7/inbound.ts';
import { startMllpListener, type MllpListener } from './services/hl7/mllpListener.ts';
import { sealTotpSecrets } from './services/auth/sealTotpSecrets.ts';

const config = loadConfig();
// WEB_ROOT lets several builds be served side by side (parallel browser-test runs on one machine).
const webRoot = process.env.WEB_ROOT
  ? resolve(process.env.WEB_ROOT)
  : fileURLToPath(new URL('../dist/web', import.meta.url));
const say = (line: string) => process.stdout.write(`${line}\n`);

const db = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  reset: config.RESET_DATA_DIR,
});
if (config.MIGRATION_DATABASE_URL && !config.DATABASE_URL)
  throw new Error('MIGRATION_DATABASE_URL needs DATABASE_URL: the owner migrates, the server runs as another role.');
// The owner migrates and loads; the server's own role is then granted only what the product does.
const owner = config.MIGRATION_DATABASE_URL ? await openPostgres(config.MIGRATION_DATABASE_URL, { max: 2 }) : db;
const applied = await migrate(owner);
if (applied.length > 0) say(`Applied migrations: ${applied.join(', ')}`);
await loadReferenceData(owner);
if (owner !== db) {
  const role = await currentRole(db);
  if (role === (await currentRole(owner)))
    throw new Error(
      'DATABASE_URL and MIGRATION_DATABASE_URL connect as the same role: give the server a role of its own.',
    );
  await grantAppRole(owner, role);
  say(`The server runs as ${role}: the audit trail and the ledger are append-only to it.`);
}

const embedded = db.engine === 'pglite';
// 835 files paying the demo's submitted claims, for the ERA screen's upload.
const demoEraDir = resolve(config.DATA_DIR, 'era');
let demo = false;
if (await isDatabaseEmpty(owner)) {
  if (embedded || config.DEMO) {
    const started = Date.now();
    say(`Loading demo data (${config.SEED_CLAIMS} claims)...`);
    await seedDemo(owner, { claims: config.SEED_CLAIMS });
    say(`Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    await writeDemoRemittances(owner, demoEraDir, new Date().toISOString().slice(0, 10));
    // The demo's HL7 interface: messages for receiving facility LAKESIDE feed its first practice.
    await setDemoInbound(owner);
    demo = true;
  } else {
    const admin = await createFirstAdministrator(owner, process.env.ADMIN_EMAIL ?? 'admin@example.com');
    if (admin) {
      say('Created the first administrator. These credentials are shown once:');
      say(`  e-mail:             ${admin.email}`);
      say(`  one-time password:  ${admin.oneTimePassword}  (must be changed at first sign-in)`);
      say(`  authenticator key:  ${admin.totpSecret}`);
      say(`  authenticator URI:  ${otpauthUri(admin.totpSecret, admin.email, 'Billing Console')}`);
    }
  }
} else {
  demo = await hasDemoData(db);
}

// The demo and a first administrator were written by the owner: the grants cover their tables already.
if (owner !== db) await owner.close();

const totpKey = loadTotpKey({ totpKey: config.TOTP_KEY, embedded, dataDir: config.DATA_DIR });
const sealed = await sealTotpSecrets(db, new SecretBox(totpKey));
if (sealed > 0) say(`Sealed ${sealed} authenticator ${sealed === 1 ? 'secret' : 'secrets'} with the TOTP key.`);

// Without a clearinghouse the payer simulator answers eligibility checks: its own server on its own
// port, started here so `npm start` is enough to try them, and stopped with this process.
let payerSim: PayerSim | null = null;
if (startsPayerSim(config)) {
  payerSim = await startPayerSim({ port: config.PAYER_SIM_PORT }).catch((error: unknown) => {
    throw new Error(
      `The payer simulator cannot listen on 127.0.0.1:${config.PAYER_SIM_PORT} (${error instanceof Error ? error.message : String(error)}): set PAYER_SIM_PORT to a free port (0 takes any), or PAYER_SIM=off.`,
    );
  });
}
const simUrl = payerSim?.url;

// The demo's clearinghouse: the payer simulator answers the 837s put in local folders (no SFTP server needed).
let stopClearinghouseSim: (() => void) | null = null;
if (demo && payerSim && config.DEMO_CLEARINGHOUSE) {
  const folders = demoClearinghouseFolders(resolve(config.DATA_DIR));
  for (const folder of allDemoFolders(folders)) mkdirSync(folder, { recursive: true });
  if (await setDemoClearinghouse(db, folders, DEMO_EMAIL))
    say(`Set up ${DEMO_CLEARING_HOUSE_NAME} in ${folders.outbound}/..`);
  const sim = new ClearinghouseSim({
    open: localTransport,
    claimsFolder: folders.outbound,
    repliesFolder: folders.inbound,
    doneFolder: folders.done,
    remitAfterSeconds: config.PAYER_SIM_REMIT_SECONDS,
  });
  stopClearinghouseSim = sim.start(5, (error) =>
    say(`The demo clearinghouse failed: ${error instanceof Error ? error.message : String(error)}`),
  );
}

const app = await buildApp({
  db,
  totpKey,
  trustProxy: config.TRUST_PROXY,
  nppesUrl: config.NPPES_URL,
  addressServiceUrl: config.ADDRESS_SERVICE_URL ?? null,
  ...(simUrl ? { eligibility: () => eligibilityAdapterFromEnv({ ...process.env, PAYER_SIM_URL: simUrl }) } : {}),
  jobs: {
    chunkSize: config.BULK_CHUNK_SIZE,
    leaseSeconds: config.JOB_LEASE_SECONDS,
    pollSeconds: config.JOB_POLL_SECONDS,
    ...(config.BULK_CHUNK_PAUSE_MS > 0
      ? { pause: () => new Promise<void>((resolve) => setTimeout(resolve, config.BULK_CHUNK_PAUSE_MS)) }
      : {}),
  },
  webRoot,
  clearinghouseTickSeconds: config.CLEARINGHOUSE_TICK_SECONDS,
  session: { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS },
  logger: { level: config.LOG_LEVEL },
  mailer: config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : logMailer((line) => say(line)),
});

// HL7 v2 over MLLP from EHR interfaces, when a port is set; stopped with the server.
let mllp: MllpListener | null = null;
if (config.HL7_MLLP_PORT !== null) {
  mllp = await startMllpListener({
    db,
    port: config.HL7_MLLP_PORT,
    host: config.HL7_MLLP_HOST,
    onError: (error) => app.log.error({ err: error }, 'HL7 MLLP listener'),
  }).catch((error: unknown) => {
    throw new Error(
      `The HL7 MLLP listener cannot listen on ${config.HL7_MLLP_HOST}:${config.HL7_MLLP_PORT} (${error instanceof Error ? error.message : String(error)}): set HL7_MLLP_PORT to a free port, or off.`,
    );
  });
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  say(`${signal}: finishing open requests, then closing the database.`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await mllp?.close();
  stopClearinghouseSim?.();
  await app.close();
  await payerSim?.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
say('');
say(
  `Billing Console is running on http://localhost:${config.PORT} (${embedded ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'})`,
);
if (mllp) say(`HL7 messages (MLLP) are taken on ${config.HL7_MLLP_HOST}:${mllp.port}`);
else say('HL7 over MLLP is off (set HL7_MLLP_PORT, e.g. 2575, to take messages from EHR interfaces).');
if (payerSim) say(`Eligibility checks are answered by the payer simulator at ${payerSim.url}`);
if (stopClearinghouseSim)
  say(
    `Claims submitted to ${DEMO_CLEARING_HOUSE_NAME} are answered by the payer simulator: a 999 and a 277CA at once, an 835 ${config.PAYER_SIM_REMIT_SECONDS} s later (PAYER_SIM_REMIT_SECONDS).`,
  );
else if (config.ELIGIBILITY_URL) say('Eligibility checks go to the clearinghouse (ELIGIBILITY_URL).');
else if (config.PAYER_SIM_URL) say(`Eligibility checks go to the payer simulator at ${config.PAYER_SIM_URL}`);
if (demo) {
  say(`Demo sign-in: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  say(`Second factor: TOTP with the demo-only secret ${DEMO_TOTP_SECRET} (any authenticator app, or "npm run totp").`);
  say(`Branded login: http://demo.localhost:${config.PORT}`);
  const eraFiles = existsSync(demoEraDir) ? readdirSync(demoEraDir).filter((name) => name.endsWith('.835')) : [];
  if (eraFiles.length > 0)
    say(
      `Demo ERA files to upload on the ERA screen (g e, then U): ${eraFiles.map((name) => join(demoEraDir, name)).join(', ')}`,
    );
}
