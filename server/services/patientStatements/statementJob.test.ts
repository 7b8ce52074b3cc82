import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Db } from '../../db/types.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { giveTwoLines } from '../../test/twoLineClaims.ts';
import { loadDataScope } from '../access/dataScope.ts';
import type { Actor } from '../context.ts';
import { JOB_HANDLERS } from '../jobs/handlers.ts';
import { cancelOwnJob, readJobRecord } from '../jobs/jobStore.ts';
import { JobRunner } from '../jobs/runner.ts';
import { getPatientFinancials } from '../patientFinancials/patientFinancials.ts';
import { RUN_ENDED_WITHOUT_FILE, startPatientStatementRun, statementRunFile } from './statementRun.ts';

const PATIENTS = 14;
const TODAY = '2026-11-27';

/** Holds a runner between chunks once closed: the process is as good as dead until opened. */
class Gate {
  private closed = false;
  private release: () => void = () => undefined;
  private opened = Promise.resolve();
  private chunks = 0;
  /** Closes after this many chunks have started. */
  constructor(private readonly closeAfter: number) {}
  pause = async (): Promise<void> => {
    this.chunks += 1;
    if (this.chunks > this.closeAfter && !this.closed) {
      this.closed = true;
      this.opened = new Promise((resolve) => (this.release = resolve));
    }
    if (this.closed) await this.opened;
  };
  open(): void {
    this.release();
  }
}

/**
 * A statement run walked by two processes: the first stores a chunk and stops answering (its
 * lease runs out), the second takes the run over; when the first comes back it may not apply a
 * chunk again. Every patient picked gets exactly one statement, and each says what the ledger says.
 */
describe.each(testEngines)('a statement run shared by two processes on $name', (engine) => {
  let database: TestDatabase;
  let db: Db;
  let group: TestGroup;
  let actor: Actor;
  let patientIds: number[] = [];

  beforeAll(async () => {
    database = await engine.create();
    db = database.db;
    group = await createTestGroup(db, 'Twice', { claims: PATIENTS + 1 });
    await db.query(
      `INSERT INTO patients (group_id, practice_id, account_number, first_name, last_name, date_of_birth, sex, address1, city, state, zip)
       SELECT group_id, practice_id, 'TW' || n, first_name, last_name || n, date_of_birth, sex, address1, city, state, zip
         FROM patients CROSS JOIN generate_series(2, $2::int) AS n WHERE patient_id = $1`,
      [group.patientId, PATIENTS],
    );
    await db.query(
      `WITH c AS (SELECT claim_id, row_number() OVER (ORDER BY claim_id) AS n FROM claims WHERE group_id = $1),
            p AS (SELECT patient_id, row_number() OVER (ORDER BY patient_id) AS n FROM patients WHERE group_id = $1)
       UPDATE claims SET patient_id = p.patient_id, insurance_id = NULL FROM c JOIN p USING (n) WHERE claims.claim_id = c.claim_id`,
      [group.groupId],
    );
    // The last claim goes to the first patient too: they owe $600, the others $300.
    await db.query(
      `UPDATE claims SET patient_id = $2, insurance_id = NULL
        WHERE claim_id = (SELECT max(claim_id) FROM claims WHERE group_id = $1)`,
      [group.groupId, group.patientId],
    );
    await giveTwoLines(db, group.groupId, { claimStatus: CLAIM_STATUS.submitted, lineControlPrefix: 'TW' });
    patientIds = (
      await db.query<{ id: number }>('SELECT patient_id AS id FROM patients WHERE group_id = $1 ORDER BY 1', [
        group.groupId,
      ])
    ).map((row) => Number(row.id));
    // One patient is in collections: the run leaves them out.
    await db.query('UPDATE patients SET in_collections = true WHERE patient_id = $1', [patientIds[3]]);
    const { userId } = await createTestUser(db, 'twice@example.test', { groupIds: [group.groupId] });
    actor = { userId, source: 'palette', ip: '127.0.0.1' } as Actor;
  });

  afterAll(async () => {
    await database.dispose();
  });

  it('stores exactly one statement per patient picked, whoever applied each chunk', async () => {
    const firstGate = new Gate(1);
    const stalled = new JobRunner({ db, now: () => new Date() }, JOB_HANDLERS, {
      chunkSize: 4,
      pause: firstGate.pause,
      leaseSeconds: 30,
      pollSeconds: 0,
    });
    const { jobID, runID } = await startPatientStatementRun(db, actor, { minimumBalance: 100 }, TODAY);
    stalled.start(jobID);
    // The first process picks the patients and stores its first chunk, then stops answering.
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const job = await readJobRecord(db, jobID);
      if ((job?.done ?? 0) >= 4) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await readJobRecord(db, jobID))?.done).toBe(4);

    // Its lease runs out; a second process takes the run over from the cursor saved with that chunk.
    await db.query("UPDATE bulk_jobs SET lease_until = now() - interval '1 second' WHERE job_id = $1", [jobID]);
    const secondGate = new Gate(1);
    const second = new JobRunner({ db, now: () => new Date() }, JOB_HANDLERS, {
      chunkSize: 4,
      pause: secondGate.pause,
      leaseSeconds: 30,
      pollSeconds: 0,
    });
    await second.resumeUnfinished();
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const job = await readJobRecord(db, jobID);
      if ((job?.done ?? 0) >= 8) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The first comes back mid-run: its next chunk is refused under the run's lock, nothing written.
    firstGate.open();
    await stalled.settled(jobID);
    expect((await readJobRecord(db, jobID))?.done).toBe(8);
    secondGate.open();
    await second.settled(jobID);

    const job = await readJobRecord(db, jobID);
    expect(job).toMatchObject({ status: 'done', total: PATIENTS - 1, done: PATIENTS - 1, failed: 0 });
    const stored = await db.query<{ patientID: number; n: number }>(
      'SELECT patient_id AS "patientID", count(*)::int AS n FROM patient_statements WHERE run_id = $1 GROUP BY 1 ORDER BY 1',
      [runID],
    );
    const billed = patientIds.filter((id) => id !== patientIds[3]);
    expect(stored.map((row) => [Number(row.patientID), row.n])).toEqual(billed.map((id) => [id, 1]));
    const [run] = await db.query<{ statements: number; pdf: Uint8Array | null }>(
      'SELECT statements, combined_pdf AS pdf FROM patient_statement_runs WHERE patient_statement_run_id = $1',
      [runID],
    );
    expect(run?.statements).toBe(PATIENTS - 1);
    expect(new TextDecoder('latin1').decode(new Uint8Array(run?.pdf ?? []).subarray(0, 5))).toBe('%PDF-');
    await stalled.stop();
    await second.stop();
  });

  it("puts on each stored statement what the patient's ledger says", async () => {
    const scope = await loadDataScope(
      db,
      (await db.query<{ id: number }>('SELECT data_role_id AS id FROM users WHERE user_id = $1', [actor.userId]))[0]!
        .id,
    );
    const rows = await db.query<{
      patientID: number;
      amountDue: number;
      statement: { lines: { patientBalance: number }[]; patientBalanceDue: number };
    }>(
      'SELECT patient_id AS "patientID", amount_due_cents AS "amountDue", statement FROM patient_statements WHERE practice_id = $1',
      [group.practiceId],
    );
    expect(rows.length).toBeGreaterThan(0);
    // A few patients at random, and the one with two visits.
    const picked = [...rows].sort(() => Math.random() - 0.5).slice(0, 4);
    const twoVisits = rows.find((row) => Number(row.patientID) === group.patientId);
    for (const row of twoVisits ? [...picked, twoVisits] : picked) {
      const financials = await getPatientFinancials(db, actor, scope, Number(row.patientID), TODAY);
      expect(Number(row.amountDue)).toBe(Math.max(0, financials.patientNet));
      const statement =
        typeof row.statement === 'string' ? (JSON.parse(row.statement) as typeof row.statement) : row.statement;
      expect(statement.patientBalanceDue).toBe(financials.patientBalanceDue);
      expect(statement.lines.reduce((sum, line) => sum + line.patientBalance, 0)).toBe(financials.patientBalanceDue);
    }
    expect(Number(twoVisits?.amountDue)).toBe(60_000);
  });

  it('says a run cancelled before it began has no file, rather than that it is still going', async () => {
    const scope = { groupIds: [group.groupId], practiceIds: [group.practiceId] };
    // No runner here: the run stays queued until cancelled.
    const { jobID, runID } = await startPatientStatementRun(db, actor, {}, TODAY);
    await expect(statementRunFile(db, actor, scope, runID)).rejects.toThrow(/still going/);
    await cancelOwnJob(db, actor.userId, jobID, new Date());
    await expect(statementRunFile(db, actor, scope, runID)).rejects.toThrow(RUN_ENDED_WITHOUT_FILE);
  });
});
