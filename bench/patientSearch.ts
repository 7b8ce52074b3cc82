import { migrate } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Db } from '../server/db/types.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import type { Actor } from '../server/services/context.ts';
import { searchPatients } from '../server/services/patients/patientLists.ts';
import { createTestGroup, createTestUser } from '../server/test/fixtures.ts';
import { print, summarise, time } from './stats.ts';

const ROUNDS = 40;
const LAST_NAMES = [
  'SMITH',
  'JOHNSON',
  'WILLIAMS',
  'BROWN',
  'JONES',
  'GARCIA',
  'MILLER',
  'DAVIS',
  'RODRIGUEZ',
  'MARTINEZ',
];
const FIRST_NAMES = [
  'JAMES',
  'MARY',
  'JOHN',
  'PATRICIA',
  'ROBERT',
  'JENNIFER',
  'MICHAEL',
  'LINDA',
  'DAVID',
  'ELIZABETH',
];

/**
 * The patient search screen's searches (Repository/getPatientSearch: name prefix, date of birth,
 * account number, member ID, phone) at a million patients on PostgreSQL, each beside the bare SQL
 * that finds the same rows by the one field, in the same run. Rows are made with generate_series.
 */
export async function benchPatientSearch(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    print({ bench: 'patient search', skipped: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)' });
    return;
  }
  const patients = Number(process.env.BENCH_PATIENTS ?? 1_000_000);
  const admin = await openPostgres(url, { max: 1 });
  const schema = `bench_patients_${Date.now()}`;
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db: Db = await openPostgres(url, { searchPath: schema });
  try {
    await migrate(db);
    await loadReferenceData(db);
    const group = await createTestGroup(db, 'Search', { claims: 0 });
    const names = (list: string[]) => `(ARRAY['${list.join("','")}'])`;
    const seedMs = await time(async () => {
      // Names spread as in a practice: ten common last names with a numbered tail, so a prefix
      // of a full name finds a few hundred rows and a longer one a handful.
      await db.query(
        `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex,
                               address1, city, state, zip, phone)
         SELECT $1, $2, 'A' || lpad(n::text, 8, '0'),
                ${names(FIRST_NAMES)}[1 + n % 10], ${names(LAST_NAMES)}[1 + (n / 10) % 10] || chr(65 + (n / 100) % 26) || chr(65 + (n / 2600) % 26),
                DATE '1940-01-01' + (n % 25000), CASE WHEN n % 2 = 0 THEN 'F' ELSE 'M' END,
                n || ' Main St', 'Springfield', 'IL', '62701', '(217) ' || lpad((n % 1000)::text, 3, '0') || '-' || lpad((n / 1000)::text, 4, '0')
           FROM generate_series(1, $3) AS n`,
        [group.groupId, group.practiceId, patients],
      );
      await db.query(
        `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from)
         SELECT patient_id, $1, 1, 'M' || lpad(patient_id::text, 9, '0'), DATE '2024-01-01' FROM patients`,
        [group.insuranceId],
      );
      await db.exec('ANALYZE patients; ANALYZE patient_insurances');
    });
    print({ bench: 'patient search: seed', engine: 'postgres', patients, ms: Math.round(seedMs) });

    const scope = { groupIds: [group.groupId], practiceIds: [group.practiceId] };
    const { userId } = await createTestUser(db, 'search@bench.test', { groupIds: [group.groupId] });
    // searchPatients reads only who acts (for its audit row) and where from.
    const actor = { userId, source: 'api', ip: '127.0.0.1' } as Actor;
    const middle = Math.floor(patients / 2);
    const phoneOf = (n: number) =>
      `(217) ${String(n % 1000).padStart(3, '0')}-${String(Math.floor(n / 1000)).padStart(4, '0')}`;
    const cases: { name: string; search: string; bare: { sql: string; values: unknown[] } }[] = [
      {
        name: 'name prefix',
        search: 'GARCIAM',
        bare: { sql: "SELECT patient_id FROM patients WHERE upper(last_name) LIKE 'GARCIAM%' LIMIT 50", values: [] },
      },
      {
        name: 'date of birth',
        search: '03/15/1970',
        bare: { sql: "SELECT patient_id FROM patients WHERE date_of_birth = DATE '1970-03-15' LIMIT 50", values: [] },
      },
      {
        name: 'account number',
        search: `A${String(middle).padStart(8, '0')}`,
        bare: {
          sql: 'SELECT patient_id FROM patients WHERE upper(account_number) LIKE $1 LIMIT 50',
          values: [`A${String(middle).padStart(8, '0')}%`],
        },
      },
      {
        name: 'member ID',
        search: `M${String(middle).padStart(9, '0')}`,
        bare: {
          sql: 'SELECT patient_id FROM patient_insurances WHERE upper(subscriber_id) LIKE $1 LIMIT 50',
          values: [`M${String(middle).padStart(9, '0')}%`],
        },
      },
      {
        name: 'phone',
        search: phoneOf(middle),
        bare: {
          sql: `SELECT patient_id FROM patients WHERE reverse(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) LIKE $1 LIMIT 50`,
          values: [`${[...phoneOf(middle).replace(/\D/g, '')].reverse().join('')}%`],
        },
      },
    ];
    for (const each of cases) {
      const screen: number[] = [];
      const bare: number[] = [];
      let found = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        screen.push(
          await time(async () => {
            found = (await searchPatients(db, actor, scope, { patientSearch: each.search, pageSize: '50' })).total;
          }),
        );
        bare.push(await time(() => db.query(each.bare.sql, each.bare.values)));
      }
      print({
        bench: `patient search: ${each.name}`,
        engine: 'postgres',
        patients,
        found,
        screen: summarise(screen.slice(3)),
        bareSql: summarise(bare.slice(3)),
      });
    }
  } finally {
    await db.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPatientSearch();
