/**
 * `npm run audit:verify`: walks the audit trail's hash chain on the configured database
 * (DATABASE_URL, else the embedded one in DATA_DIR: stop the server first) and prints the verdict
 * as one JSON line (with the settled rows no link names yet); exits 1 at the first broken link, naming it.
 */
import { loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { AUDIT_SETTLE_SECONDS, verifyAuditChain } from './services/audit/auditChain.ts';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, reset: false });
try {
  // A database the server has not started on since the chain came needs its table first.
  await migrate(db);
  const verdict = await verifyAuditChain(db);
  const [unchained] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log a
      WHERE a.at < now() - make_interval(secs => $1) AND NOT EXISTS (SELECT 1 FROM audit_chain c WHERE c.audit_id = a.audit_id)`,
    [AUDIT_SETTLE_SECONDS * 2],
  );
  console.log(JSON.stringify({ ...verdict, settledRowsNotYetChained: unchained?.n ?? 0 }));
  if (!verdict.intact) {
    console.error(
      `The audit chain is broken at link ${verdict.link} (audit row ${verdict.auditID}): ${verdict.problem}.`,
    );
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
