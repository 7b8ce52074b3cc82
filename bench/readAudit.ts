/**
 * Read audit rows under concurrency on PostgreSQL: 10 loops writing a list page's audit row each
 * (100 claim ids in its detail), the rows going out through the shared writer
 * (server/services/audit/readAuditBatch.ts) against one insert per row as before, alternating in
 * one process. Figures, not verdicts.
 */
import { pathToFileURL } from 'node:url';
import { migrate } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Db } from '../server/db/types.ts';
import { writeReadAudit } from '../server/services/audit/audit.ts';
import { print } from './stats.ts';

const LOOPS = 10;
const ROWS = Number(process.env.BENCH_READ_AUDIT_ROWS ?? 4_000);

const ONE_ROW = `INSERT INTO audit_log (user_id, action, record_type, record_id, source, ip, detail)
  VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING set_config('synchronous_commit', 'off', true)`;

const detail = {
  pageNumber: 1,
  pageSize: 100,
  returned: 100,
  claimIDs: Array.from({ length: 100 }, (_, i) => 20_000 - i),
};

async function loops(write: () => Promise<unknown>): Promise<number> {
  let left = ROWS;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LOOPS }, async () => {
      while (left > 0) {
        left -= 1;
        await write();
      }
    }),
  );
  return Math.round(ROWS / ((performance.now() - started) / 1000));
}

export async function benchReadAudit(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    print({ bench: 'read audit rows', skipped: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)' });
    return;
  }
  const schema = `bench_audit_${Date.now()}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db: Db = await openPostgres(url, { searchPath: schema });
  try {
    await migrate(db);
    const shared = () =>
      writeReadAudit(db, { userId: null, action: 'claims.search', recordType: 'claim', ip: '127.0.0.1', detail });
    const single = () =>
      db.query(ONE_ROW, [null, 'claims.search', 'claim', null, 'api', '127.0.0.1', JSON.stringify(detail)]);
    await loops(shared);
    await loops(single);
    const runs = { shared: [] as number[], single: [] as number[] };
    for (let round = 0; round < 3; round += 1) {
      runs.single.push(await loops(single));
      runs.shared.push(await loops(shared));
    }
    print({
      bench: 'read audit rows, 10 concurrent reads',
      rows: ROWS,
      sharedWriterRowsPerSecond: runs.shared,
      oneInsertPerRowRowsPerSecond: runs.single,
    });
  } finally {
    await db.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchReadAudit();
