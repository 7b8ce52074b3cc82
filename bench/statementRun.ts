import { CLAIM_STATUS } from '../contract/claimStatus.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/postgres.ts';
import type { Db } from '../server/db/types.ts';
import { loadReferenceData } from '../server/reference/load.ts';
import type { Actor } from '../server/services/context.ts';
import { JOB_HANDLERS } from '../server/services/jobs/handlers.ts';
import { readJobRecord } from '../server/services/jobs/jobStore.ts';
import { JobRunner } from '../server/services/jobs/runner.ts';
import { startPatientStatementRun } from '../server/services/patientStatements/statementRun.ts';
import { createTestGroup, createTestUser } from '../server/test/fixtures.ts';
import { giveTwoLines } from '../server/test/twoLineClaims.ts';
import { print, time } from './stats.ts';

/**
 * A patient statement run by the rules over 10,000 patients who each owe $300.00 on a self-pay
 * visit, on PostgreSQL: the bulk job picks them, stores a statement (with its PDF) per patient in
 * chunks of 500, and writes the combined file at the end. Total time and patients per second.
 */
export async function benchStatementRun(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    print({ bench: 'statement run', skipped: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)' });
    return;
  }
  const patients = Number(process.env.BENCH_STATEMENT_PATIENTS ?? 10_000);
  const admin = await openPostgres(url, { max: 1 });
  const schema = `bench_statements_${Date.now()}`;
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db: Db = await openPostgres(url, { searchPath: schema });
  try {
    await migrate(db);
    await loadReferenceData(db);
    const group = await createTestGroup(db, 'Statements', { claims: patients });
    // One patient per claim: copies of the fixture's patient, then each claim given its own.
    await db.query(
      `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex, address1, city, state, zip)
       SELECT group_id, practice_id, 'S' || lpad(n::text, 7, '0'), first_name, last_name || n, date_of_birth, sex, address1, city, state, zip
         FROM patients CROSS JOIN generate_series(2, $2) AS n WHERE patient_id = $1`,
      [group.patientId, patients],
    );
    await db.query(
      `WITH c AS (SELECT claim_id, row_number() OVER (ORDER BY claim_id) AS n FROM claims WHERE group_id = $1),
            p AS (SELECT patient_id, row_number() OVER (ORDER BY patient_id) AS n FROM patients WHERE group_id = $1)
       UPDATE claims SET patient_id = p.patient_id, insurance_id = NULL FROM c JOIN p USING (n) WHERE claims.claim_id = c.claim_id`,
      [group.groupId],
    );
    await giveTwoLines(db, group.groupId, { claimStatus: CLAIM_STATUS.submitted, lineControlPrefix: 'BS' });
    await db.exec('ANALYZE');
    const { userId } = await createTestUser(db, 'statements@bench.test', { groupIds: [group.groupId] });
    // The run reads only who started it and where from.
    const actor = { userId, source: 'palette', ip: '127.0.0.1' } as Actor;
    const runner = new JobRunner({ db, now: () => new Date() }, JOB_HANDLERS, { pollSeconds: 0 });
    let jobID = 0;
    const ms = await time(async () => {
      ({ jobID } = await startPatientStatementRun(db, actor, {}, '2026-11-27'));
      runner.start(jobID);
      await runner.settled(jobID);
    });
    const job = await readJobRecord(db, jobID);
    const [file] = await db.query<{ bytes: number }>(
      'SELECT octet_length(combined_pdf) AS bytes FROM patient_statement_runs WHERE job_id = $1',
      [jobID],
    );
    print({
      bench: 'statement run (bulk job, by the rules)',
      engine: 'postgres',
      patients,
      status: job?.status,
      statements: job?.succeeded,
      skipped: job?.failed,
      ms: Math.round(ms),
      patientsPerSecond: Math.round(((job?.succeeded ?? 0) / ms) * 1000 * 10) / 10,
      combinedPdfMB: Math.round((Number(file?.bytes ?? 0) / 1_048_576) * 10) / 10,
    });
    await runner.stop();
  } finally {
    await db.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStatementRun();
