import { buildApp } from '../server/app.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/pglite.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Db } from '../server/db/types.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import { seedDemo } from '../server/seed/generator.ts';
import { signInDemo } from './signInDemo.ts';
import { print, summarise, time } from './stats.ts';

const ROUNDS = 60;

/**
 * Sign-in and the claims list over HTTP (app.inject, so no socket noise) on a freshly seeded
 * database: first page under each sort, a deep page, and a name search.
 */
export async function benchClaimsList(engine: 'pglite' | 'postgres', claims: number): Promise<void> {
  let db: Db;
  let cleanup: () => Promise<void>;
  if (engine === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!url) return;
    const admin = await openPostgres(url, { max: 1 });
    const schema = `bench_${Date.now()}`;
    await admin.exec(`CREATE SCHEMA ${schema}`);
    db = await openPostgres(url, { searchPath: schema });
    cleanup = async () => {
      await db.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    };
  } else {
    db = await openPglite();
    cleanup = () => db.close();
  }
  try {
    await migrate(db);
    await loadReferenceData(db);
    const seedMs = await time(() => seedDemo(db, { claims }));
    print({ bench: 'seed', engine, claims, ms: Math.round(seedMs) });

    const app = await buildApp({ db });
    let headers: Record<string, string> = {};
    const signInMs = await time(async () => {
      headers = await signInDemo(app);
    });
    print({ bench: 'sign-in (password + TOTP)', engine, ms: Math.round(signInMs) });

    const cases: Record<string, Record<string, string>> = {
      'first page, newest claims': { pageSize: '100' },
      'first page by patient name': { pageSize: '100', sortColumn: 'patientName', sortOrder: 'asc' },
      'first page by balance': { pageSize: '100', sortColumn: 'balance', sortOrder: 'desc' },
      'deep page (middle of the list)': { pageSize: '100', pageNumber: String(Math.max(1, Math.floor(claims / 200))) },
      'patient name prefix search': { pageSize: '100', search: 'SM' },
    };
    for (const [name, query] of Object.entries(cases)) {
      const samples: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        samples.push(
          await time(() => app.inject({ method: 'GET', url: '/api/Claims/getAllClaimsSearchData', headers, query })),
        );
      }
      print({ bench: `claims list: ${name}`, engine, claims, ...summarise(samples.slice(5)) });
    }
    await app.close();
  } finally {
    await cleanup();
  }
}
