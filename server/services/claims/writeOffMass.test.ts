import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { Job } from '../../../contract/jobs.ts';
import type { MassWriteOffDataReply, MassWriteOffReply, SaveWriteOffRequest } from '../../../contract/writeOff.ts';
import { buildApp } from '../../app.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, signIn, TestClock, type TestApp } from '../../test/harness.ts';
import { booksOf, createLedgerTestData, postCredit, type LedgerTestData } from './writeOffTestKit.ts';

const CHUNK = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testEngines)('bulk write-offs on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let mass: LedgerTestData;
  let other: LedgerTestData;
  let biller: SessionUser;
  let outsiderClaim: number;

  beforeAll(async () => {
    database = await engine.create();
    mass = await createLedgerTestData(database.db, 'Mass');
    other = await createLedgerTestData(database.db, 'Other');
    outsiderClaim = (
      await other.insertBilledClaim({
        claimStatusID: CLAIM_STATUS.patientBalance,
        lines: [{ code: '99213', cents: 300 }],
      })
    ).claimID;
    const clock = new TestClock();
    const app = await buildApp({
      db: database.db,
      now: clock.now,
      mailer: { send: () => Promise.resolve() },
      jobs: { chunkSize: CHUNK },
    });
    await app.ready();
    test = { app, clock, mail: [], logText: () => '', close: () => app.close() };
    biller = await signIn(test, 'mass@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const start = async (body: SaveWriteOffRequest | Record<string, unknown>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/saveWriteOffByID',
      headers: { ...bearer(biller), 'x-action-source': 'bulk' },
      payload: body,
    });
  const started = async (body: SaveWriteOffRequest) => {
    const reply = await start(body);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<MassWriteOffReply>();
  };
  const preview = async (query: Record<string, string>) => {
    const reply = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getMassWriteOffData',
      headers: bearer(biller),
      query,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<MassWriteOffDataReply>();
  };
  async function finished(jobID: number): Promise<Job> {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const job = (
        await test.app.inject({
          method: 'GET',
          url: '/api/Jobs/getJob',
          headers: bearer(biller),
          query: { jobID: String(jobID) },
        })
      ).json<Job>();
      if (job.status !== 'queued' && job.status !== 'running') return job;
      await sleep(10);
    }
    throw new Error(`Job ${jobID} never finished.`);
  }
  /** A patient-balance claim of one line that still owes `owed` cents. */
  const owing = async (owed: number, claimStatusID: number = CLAIM_STATUS.patientBalance) => {
    const { claimID, chargeIDs } = await mass.insertBilledClaim({
      claimStatusID,
      lines: [{ code: '99213', cents: 10_000 }],
    });
    if (owed < 10_000) await postCredit(database.db, chargeIDs[0]!, 'insurance_payment', 10_000 - owed);
    return claimID;
  };
  const balanceOf = async (claimID: number) => (await booksOf(database.db, claimID)).claimBalance;
  const writeOffRows = async (claimIDs: readonly number[]) =>
    (
      await database.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger_entries WHERE entry_type = 'write_off' AND claim_id = ANY($1::bigint[])`,
        [claimIDs],
      )
    )[0]!.n;
  const expectBooksAgree = async (claimIDs: readonly number[]) => {
    for (const claimID of claimIDs) {
      const books = await booksOf(database.db, claimID);
      for (const line of books.lines) expect(line.balance).toBe(line.ledger);
      expect(books.claimBalance).toBe(books.lines.reduce((sum, line) => sum + line.balance, 0));
      expect(books.claimLedger).toBe(books.claimBalance);
    }
  };

  it('previews the claims a run would take, for listed ids or the search, within the data role', async () => {
    const small = [await owing(250), await owing(999), await owing(1000)];
    const big = await owing(1001);
    const settled = await owing(0);
    const voided = await owing(500, CLAIM_STATUS.void);
    const listed = [...small, big, settled, voided, outsiderClaim].join(',');

    const byId = await preview({ claimIDS: listed, maxBalanceCents: '1000' });
    expect(byId).toMatchObject({ count: 3, totalCents: 2249 });
    expect(byId.rows.map((row) => [row.claimID, row.balance, row.claimStatus])).toEqual(
      small.map((id, index) => [id, [250, 999, 1000][index], 'Patient Balance']),
    );
    expect(byId.rows[0]).toMatchObject({ patientName: 'SMITH, JANE' });
    expect(await preview({ claimIDS: listed })).toMatchObject({ count: 4, totalCents: 3250 });

    const searched = await preview({ search: String(big) });
    expect(searched).toMatchObject({ count: 1, totalCents: 1001 });
    const everything = await preview({ maxBalanceCents: '1000' });
    expect(everything.count).toBeGreaterThanOrEqual(3);
    expect(everything.rows.map((row) => row.claimID)).not.toContain(outsiderClaim);

    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getMassWriteOffData',
      headers: bearer(biller),
      query: { claimIDS: '1,2', search: 'x' },
    });
    expect(bad.json<{ message: string }>().message).toBe('Send either claimIDS or the search filters, not both.');
    const backwards = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getMassWriteOffData',
      headers: bearer(biller),
      query: { dosFrom: '2026-03-01', dosTo: '2026-02-01' },
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('writes off listed claims in chunks and reports each one it refused with why', async () => {
    const small = [await owing(250), await owing(1), await owing(1000)];
    const twoLines = await mass.insertBilledClaim({
      claimStatusID: CLAIM_STATUS.denied,
      lines: [
        { code: '99213', cents: 400 },
        { code: '36415', cents: 350 },
      ],
    });
    const big = await owing(1001);
    const settled = await owing(0);
    const voided = await owing(500, CLAIM_STATUS.void);
    const waiting = await owing(700, CLAIM_STATUS.submitted);
    const missing = 987_654_321;
    const writable = [...small, twoLines.claimID, waiting];

    const reply = await started({
      claimIDS: [...writable, big, settled, voided, outsiderClaim, missing, small[0]!],
      maxBalanceCents: 1000,
      reasonID: 1,
      note: 'Under $10 policy',
    });
    expect(reply.message).toBe('Writing off 10 claims.');
    const job = await finished(reply.jobID);
    expect(job).toMatchObject({
      kind: 'write_off',
      title: 'Write off balances up to $10.00 (Small balance)',
      status: 'done',
      total: 10,
      done: 10,
      succeeded: 5,
      failed: 5,
    });
    expect(job.failures).toEqual(
      [
        { claimID: big, reason: "The balance of $10.01 is above this run's limit of $10.00." },
        { claimID: settled, reason: "Nothing to write off: the claim's balance is $0.00." },
        { claimID: voided, reason: 'The claim is void: nothing on it can be written off.' },
        { claimID: outsiderClaim, reason: 'Claim not found.' },
        { claimID: missing, reason: 'Claim not found.' },
      ].sort((a, b) => a.claimID - b.claimID),
    );

    for (const claimID of writable) expect(await balanceOf(claimID)).toBe(0);
    expect(await balanceOf(big)).toBe(1001);
    expect(await balanceOf(outsiderClaim)).toBe(300);
    expect(await writeOffRows([big, settled, voided, outsiderClaim])).toBe(0);
    expect(await writeOffRows([twoLines.claimID])).toBe(2);
    await expectBooksAgree([...writable, big, settled, voided, outsiderClaim]);

    const statuses = await database.db.query<{ claimID: number; status: number }>(
      'SELECT claim_id AS "claimID", claim_status_id AS status FROM claims WHERE claim_id = ANY($1::bigint[]) ORDER BY claim_id',
      [writable],
    );
    expect(statuses.map((row) => row.status)).toEqual([
      CLAIM_STATUS.closed,
      CLAIM_STATUS.closed,
      CLAIM_STATUS.closed,
      CLAIM_STATUS.closed,
      CLAIM_STATUS.submitted,
    ]);
    const events = await database.db.query<{
      claimID: number;
      source: string;
      detail: { jobID: number; amountCents: number; note: string };
    }>(
      `SELECT claim_id AS "claimID", source, detail FROM claim_events WHERE action = 'written off' AND (detail->>'jobID')::bigint = $1 ORDER BY claim_id`,
      [reply.jobID],
    );
    expect(events.map((event) => [event.claimID, event.source, event.detail.amountCents, event.detail.note])).toEqual(
      writable.map((claimID, index) => [claimID, 'bulk', [250, 1, 1000, 750, 700][index], 'Under $10 policy']),
    );
    // Ten claims (the repeated id runs once) in chunks of three: four chunks, each audited.
    const audits = await database.db.query(
      `SELECT source FROM audit_log WHERE action = 'bulk.write_off' AND record_id = $1`,
      [String(reply.jobID)],
    );
    expect(audits).toHaveLength(4);
  });

  it('runs "all matching" on the claims that qualified when it was confirmed', async () => {
    const first = await owing(420);
    const second = await owing(421);
    const target = { maxBalanceCents: 421 };
    const shown = await preview({ maxBalanceCents: '421' });
    const reply = await started({ query: {}, ...target, reasonID: 3, postingDate: '2026-11-02' });
    const job = await finished(reply.jobID);
    expect(job).toMatchObject({ status: 'done', total: shown.count, succeeded: shown.count, failed: 0 });
    expect(await balanceOf(first)).toBe(0);
    expect(await balanceOf(second)).toBe(0);
    expect(await balanceOf(outsiderClaim)).toBe(300);
    const days = await database.db.query<{ day: string; reasonID: number }>(
      `SELECT DISTINCT posting_date AS day, write_off_reason_id AS "reasonID" FROM ledger_entries WHERE entry_type = 'write_off' AND claim_id = ANY($1::bigint[])`,
      [[first, second]],
    );
    expect(days).toEqual([{ day: '2026-11-02', reasonID: 3 }]);

    const none = await start({ query: {}, maxBalanceCents: 1, reasonID: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toBe('No matching claim has a balance between $0.01 and $0.01.');
  });

  it('refuses a run posted in the future before queuing it, and reports claims of a month locked at month-end', async () => {
    const jobs = async () => (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bulk_jobs'))[0]!.n;
    const claimID = await owing(300);
    const before = await jobs();
    const future = await start({ claimIDS: [claimID], reasonID: 1, postingDate: '2026-12-01' });
    expect(future.statusCode).toBe(400);
    expect(await jobs()).toBe(before);

    await database.db.query(
      `INSERT INTO month_end_locks (group_id, practice_id, month_start) VALUES ($1, $2, DATE '2026-09-01')`,
      [mass.group.groupId, mass.group.practiceId],
    );
    const job = await finished((await started({ claimIDS: [claimID], reasonID: 1, postingDate: '2026-09-30' })).jobID);
    expect(job).toMatchObject({
      succeeded: 0,
      failed: 1,
      failures: [
        {
          claimID,
          reason: 'September 2026 is locked at month-end for this practice: post the write-off in an open month.',
        },
      ],
    });
    expect(await balanceOf(claimID)).toBe(300);
  });

  it('keeps each chunk whole: a chunk that fails midway leaves none of its claims written off, and the chunks before it stand', async () => {
    const claims: number[] = [];
    for (let index = 0; index < 7; index += 1) claims.push(await owing(100 + index));
    const poisoned = claims[4]!;
    // Fails the last statement of the chunk that holds claims 4-6, after its ledger rows and line balances were written.
    await database.db.exec(`
      CREATE FUNCTION refuse_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.claim_id = ${poisoned} AND NEW.balance_cents <> OLD.balance_cents THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_for_test BEFORE UPDATE ON claims FOR EACH ROW EXECUTE FUNCTION refuse_for_test();`);
    try {
      const job = await finished((await started({ claimIDS: claims, reasonID: 4 })).jobID);
      expect(job).toMatchObject({ status: 'failed', total: 7, done: CHUNK, succeeded: CHUNK, failed: 0 });
    } finally {
      await database.db.exec('DROP TRIGGER refuse_for_test ON claims; DROP FUNCTION refuse_for_test();');
    }
    for (const claimID of claims.slice(0, CHUNK)) expect(await balanceOf(claimID)).toBe(0);
    for (const claimID of claims.slice(CHUNK)) expect(await balanceOf(claimID)).toBeGreaterThan(0);
    expect(await writeOffRows(claims.slice(CHUNK))).toBe(0);
    await expectBooksAgree(claims);
  });
});
