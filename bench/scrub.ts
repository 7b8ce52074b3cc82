import { fileURLToPath } from 'node:url';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import { DEMO_EMAIL } from '../server/seed/demo-user.ts';
import { seedDemo } from '../server/seed/generator.ts';
import type { Actor } from '../server/services/context.ts';
import { scrubClaims } from '../server/services/scrub/scrubClaims.ts';
import { print, time } from './stats.ts';

/**
 * Scrubs every claim of a freshly seeded PGlite database, as "scrub all matching" would: load,
 * the rules, and storing findings, statuses and DNA events, chunk by chunk.
 */
export async function benchScrub(claims = Number(process.env.BENCH_SCRUB_CLAIMS ?? 10_000)): Promise<void> {
  const db = await openPglite();
  try {
    await migrate(db);
    await loadReferenceData(db);
    await seedDemo(db, { claims });
    const [admin] = await db.query<{ userId: number }>(
      'SELECT user_id AS "userId" FROM users WHERE lower(email) = lower($1)',
      [DEMO_EMAIL],
    );
    if (!admin) throw new Error('The demo administrator was not seeded.');
    const actor: Actor = {
      userId: admin.userId,
      sessionId: 0,
      loginAuditId: 0,
      roleId: 0,
      dataRoleId: 0,
      modules: new Set(),
      mustChangePassword: false,
      ip: '127.0.0.1',
      source: 'bulk',
    };
    const ids = (await db.query<{ id: number }>('SELECT claim_id AS id FROM claims ORDER BY claim_id')).map(
      (row) => row.id,
    );
    let failed = 0;
    const ms = await time(async () => {
      const run = await scrubClaims(db, actor, ids, new Date());
      failed = run.claims.filter((claim) => claim.errors > 0).length;
    });
    const [stored] = await db.query<{ findings: number }>('SELECT count(*)::int AS findings FROM scrub_results');
    print({
      bench: 'scrub',
      engine: 'pglite',
      claims: ids.length,
      ms: Math.round(ms),
      claimsPerSecond: Math.round((ids.length / ms) * 1000),
      failed,
      findings: stored?.findings ?? 0,
    });
  } finally {
    await db.close();
  }
}

// `npx tsx bench/scrub.ts` runs this one alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) await benchScrub();
