import { fileURLToPath } from 'node:url';
import type { UploadEraReply } from '../contract/era.ts';
import { buildApp } from '../server/app.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Db } from '../server/db/types.ts';
import { remittanceForClaims } from '../server/seed/demoRemittances.ts';
import { signInDemo } from './signInDemo.ts';
import { print, time } from './stats.ts';

const CLAIMS = Number(process.env.BENCH_ERA_POST_CLAIMS ?? 5_000);

/**
 * Uploads and posts one 835 paying 5,000 submitted claims of a seeded database (the issue's
 * target: posted under 5 s on PostgreSQL), through the API as the ERA screen does. It posts for
 * real: run it on a bench database (BENCH_LARGE_DATABASE_URL or BENCH_LARGE_DATA_DIR), not on data
 * that matters; each run pays claims no earlier run paid.
 */
export async function benchEraPosting(
  target: { dataDir?: string | undefined; url?: string | undefined } = {
    dataDir: process.env.BENCH_LARGE_DATA_DIR,
    url: process.env.BENCH_LARGE_DATABASE_URL,
  },
): Promise<void> {
  const { dataDir, url } = target;
  if (!dataDir && !url) return;
  const engine = url ? 'postgres' : 'pglite';
  const db: Db = url ? await openPostgres(url) : await openPglite(`${dataDir}/pglite`);
  try {
    await migrate(db);
    const [group] = await db.query<{ groupID: number }>(
      'SELECT group_id AS "groupID" FROM claims WHERE claim_status_id IN (3, 4) GROUP BY group_id ORDER BY count(*) DESC, group_id LIMIT 1',
    );
    const picked = await db.query<{ claimID: number }>(
      `SELECT c.claim_id AS "claimID" FROM claims c
        WHERE c.group_id = $1 AND c.claim_status_id IN (3, 4) AND c.balance_cents > 0
          AND NOT EXISTS (SELECT 1 FROM era_claims x WHERE x.claim_id = c.claim_id)
        ORDER BY c.claim_id LIMIT $2`,
      [group?.groupID ?? 0, CLAIMS],
    );
    const today = new Date().toISOString().slice(0, 10);
    let text = '';
    const buildMs = await time(async () => {
      text = await remittanceForClaims(
        db,
        picked.map((row) => row.claimID),
        today,
        `BENCH${Date.now()}`,
      );
    });
    const app = await buildApp({ db });
    const headers = await signInDemo(app);
    let reply: UploadEraReply | null = null;
    const uploadMs = await time(async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/AddEditClaim/uploadERA',
        query: { groupID: String(group?.groupID ?? 0), fileName: 'bench.835' },
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: text,
      });
      if (response.statusCode !== 200) throw new Error(response.body);
      reply = response.json<UploadEraReply>();
    });
    const check = (reply as UploadEraReply | null)?.checks[0];
    let postStatus = 0;
    const postMs = await time(async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/AddEditClaim/postInsurancePayment',
        query: { eraCheckID: String(check?.eraCheckID ?? 0), bypassWarningsID: '1' },
        headers,
      });
      postStatus = response.statusCode;
      if (response.statusCode !== 200) throw new Error(response.body);
    });
    print({
      bench:
        'ERA: an 835 paying submitted claims, uploaded (read, balanced, matched, stored) then posted, through the API',
      engine,
      claims: check?.claims ?? 0,
      matchedClaims: check?.matchedClaims ?? 0,
      lines: check?.lines ?? 0,
      megabytes: Math.round((text.length / 1_000_000) * 100) / 100,
      buildMs: Math.round(buildMs),
      uploadMs: Math.round(uploadMs),
      postMs: Math.round(postMs),
      postStatus,
    });
    await app.close();
  } finally {
    await db.close();
  }
}

// `BENCH_LARGE_DATABASE_URL=… npx tsx bench/eraPosting.ts` runs this one alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) await benchEraPosting();
