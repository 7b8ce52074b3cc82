import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { SecretBox } from './auth/secretBox.ts';
import { otpauthUri } from './auth/totp.ts';
import { loadTotpKey } from './auth/totpKey.ts';
import { loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { logMailer, smtpMailer } from './mail/mailer.ts';
import { loadReferenceData } from './reference/load.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_TOTP_SECRET } from './seed/demo-user.ts';
import { writeDemoRemittances } from './seed/demoRemittances.ts';
import { hasDemoData, isDatabaseEmpty, seedDemo } from './seed/generator.ts';
import { createFirstAdministrator } from './services/auth/firstAdministrator.ts';
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
const applied = await migrate(db);
if (applied.length > 0) say(`Applied migrations: ${applied.join(', ')}`);
await loadReferenceData(db);

const embedded = db.engine === 'pglite';
// 835 files paying the demo's submitted claims, for the ERA screen's upload.
const demoEraDir = resolve(config.DATA_DIR, 'era');
let demo = false;
if (await isDatabaseEmpty(db)) {
  if (embedded || config.DEMO) {
    const started = Date.now();
    say(`Loading demo data (${config.SEED_CLAIMS} claims)...`);
    await seedDemo(db, { claims: config.SEED_CLAIMS });
    say(`Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    await writeDemoRemittances(db, demoEraDir, new Date().toISOString().slice(0, 10));
    demo = true;
  } else {
    const admin = await createFirstAdministrator(db, process.env.ADMIN_EMAIL ?? 'admin@example.com');
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

const totpKey = loadTotpKey({ totpKey: config.TOTP_KEY, embedded, dataDir: config.DATA_DIR });
const sealed = await sealTotpSecrets(db, new SecretBox(totpKey));
if (sealed > 0) say(`Sealed ${sealed} authenticator ${sealed === 1 ? 'secret' : 'secrets'} with the TOTP key.`);

const app = await buildApp({
  db,
  totpKey,
  trustProxy: config.TRUST_PROXY,
  webRoot,
  session: { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS },
  logger: { level: config.LOG_LEVEL },
  mailer: config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : logMailer((line) => say(line)),
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  say(`${signal}: finishing open requests, then closing the database.`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
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
