import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/postgres.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import { seedDemo } from '../server/seed/generator.ts';
import { signInDemo } from './signInDemo.ts';
import { print, summarise, time } from './stats.ts';

const ROUNDS = 30;

/**
 * What a biller waits for with one facility picked in the organisation selector (the claim
 * narrowing: the facility's own claims), beside the same screens with its whole practice picked
 * (the practice test alone), in the same process on the same freshly seeded database. The AR
 * dashboard's posted sums are the case to watch: the practice reads the day sums, the facility
 * the claims' ledger rows. PostgreSQL only (TEST_DATABASE_URL or BENCH_DATABASE_URL).
 */
export async function benchOrganisationSelection(claims: number): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = await openPostgres(url, { max: 1 });
  const schema = `bench_selection_${Date.now()}`;
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres(url, { searchPath: schema });
  try {
    await migrate(db);
    await loadReferenceData(db);
    await seedDemo(db, { claims });
    const [busiest] = await db.query<{ facilityId: number; practiceId: number }>(
      `SELECT facility_id AS "facilityId", practice_id AS "practiceId" FROM claims
        WHERE facility_id IS NOT NULL GROUP BY facility_id, practice_id ORDER BY count(*) DESC LIMIT 1`,
    );
    if (!busiest) return;
    const app = await buildApp({ db });
    const headers = await signInDemo(app);
    const screens: Record<string, { url: string; query: Record<string, string> }> = {
      'claims list, first page': { url: 'Claims/getAllClaimsSearchData', query: { pageSize: '100' } },
      'claims list, deep page': {
        url: 'Claims/getAllClaimsSearchData',
        query: { pageSize: '100', pageNumber: '20' },
      },
      'aged trial balance': { url: 'Reports/getAgedTrialBalanceReport', query: { pageSize: '50' } },
      'aging by provider': { url: 'Reports/getAgingByProviderReport', query: { pageSize: '50' } },
      'AR dashboard, open items': { url: 'ARDashboard/getOpenItems', query: {} },
      'AR dashboard, average charge (posted sums)': { url: 'ARDashboard/getAverageChargeAmount', query: {} },
      'charge detail report': { url: 'Reports/getChargeDetailReport', query: { pageSize: '50' } },
    };
    for (const [picked, value] of [
      ['practice', { practices: [busiest.practiceId] }],
      ['facility', { facilities: [busiest.facilityId] }],
    ] as const) {
      const saved = await app.inject({
        method: 'POST',
        url: '/api/Users/saveUserSetting',
        headers,
        payload: { key: 'organisationSelection', value },
      });
      if (saved.statusCode !== 200) throw new Error(`The selection was refused: ${saved.body}`);
      const [{ matching } = { matching: 0 }] = await db.query<{ matching: number }>(
        picked === 'practice'
          ? 'SELECT count(*)::int AS matching FROM claims WHERE practice_id = $1'
          : 'SELECT count(*)::int AS matching FROM claims WHERE facility_id = $1',
        [picked === 'practice' ? busiest.practiceId : busiest.facilityId],
      );
      for (const [name, screen] of Object.entries(screens)) {
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS; round += 1)
          samples.push(
            await time(async () => {
              const reply = await app.inject({
                method: 'GET',
                url: `/api/${screen.url}`,
                headers,
                query: screen.query,
              });
              if (reply.statusCode !== 200) throw new Error(`${screen.url}: ${reply.statusCode} ${reply.body}`);
            }),
          );
        print({
          bench: `organisation selection: ${name}`,
          engine: 'postgres',
          claims,
          picked,
          matching,
          ...summarise(samples.slice(3)),
        });
      }
    }
    await app.close();
  } finally {
    await db.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await benchOrganisationSelection(Number(process.env.BENCH_CLAIMS ?? 20_000));
