import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { PatientFinancialsReply } from '../../../contract/patientFinancials.ts';
import { jobFinished, type Job } from '../../../contract/jobs.ts';
import type {
  StatementDataReply,
  StatementRunStartedReply,
  StatementSelectionReply,
} from '../../../contract/patientStatements.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { giveTwoLines } from '../../test/twoLineClaims.ts';
import { pdfText } from '../../../e2e/support/pdfText.ts';

/**
 * Five patients, each in a group of their own, every one seen by the biller:
 * - selfPay: a self-pay visit ($300) less a $12.34 cash payment;
 * - shared: two insured visits; the payer pays, adjusts and passes $50 to the patient, who left a $25 deposit;
 * - collections: a self-pay visit, but the patient is in collections;
 * - billedLately: a self-pay visit, billed 10 days ago;
 * - small: a self-pay visit paid down to $3.00.
 */
describe.each(testEngines)('patient statements on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let biller: SessionUser;
  let outsider: SessionUser;
  const groups: Record<'selfPay' | 'shared' | 'collections' | 'billedLately' | 'small', TestGroup> = {} as never;
  let billerId = 0;

  const get = async <T>(path: string, query: Record<string, string>, session = biller) => {
    const reply = await test.app.inject({ method: 'GET', url: `/api/${path}`, headers: bearer(session), query });
    return { status: reply.statusCode, body: reply.json<T>() };
  };
  const post = async (path: string, payload: object) => {
    const reply = await test.app.inject({ method: 'POST', url: `/api/${path}`, headers: bearer(biller), payload });
    expect(reply.statusCode, reply.body).toBe(200);
  };
  const chargesOf = async (claimID: number) =>
    (
      await database.db.query<{ chargeID: number }>(
        'SELECT charge_id AS "chargeID" FROM charges WHERE claim_id = $1 ORDER BY line_number',
        [claimID],
      )
    ).map((row) => Number(row.chargeID));
  const selfPay = (group: TestGroup) =>
    database.db.query('UPDATE claims SET insurance_id = NULL WHERE group_id = $1', [group.groupId]);
  const idsOf = (reply: StatementSelectionReply) => reply.patients.map((patient) => patient.patientID);

  beforeAll(async () => {
    database = await engine.create();
    for (const [key, name, claims] of [
      ['selfPay', 'Selfpay', 1],
      ['shared', 'Shared', 2],
      ['collections', 'Collect', 1],
      ['billedLately', 'Lately', 1],
      ['small', 'Small', 1],
    ] as const) {
      groups[key] = await createTestGroup(database.db, name, { claims, patientLastName: name.toUpperCase() });
      await giveTwoLines(database.db, groups[key].groupId, {
        claimStatus: CLAIM_STATUS.submitted,
        lineControlPrefix: `PS${key.slice(0, 2)}`,
      });
    }
    const other = await createTestGroup(database.db, 'Elsewhere', { claims: 1 });
    await giveTwoLines(database.db, other.groupId, { claimStatus: CLAIM_STATUS.submitted, lineControlPrefix: 'PSel' });
    await database.db.query('UPDATE claims SET insurance_id = NULL WHERE group_id = $1', [other.groupId]);
    billerId = (
      await createTestUser(database.db, 'statements@example.test', {
        groupIds: Object.values(groups).map((group) => group.groupId),
      })
    ).userId;
    await createTestUser(database.db, 'elsewhere@example.test', { groupIds: [other.groupId] });
    await database.db.query(
      "INSERT INTO adjustment_reason_codes (code, description) VALUES ('45', 'Charge exceeds fee schedule.'), ('1', 'Deductible amount.') ON CONFLICT (code) DO NOTHING",
    );
    test = await createTestApp(database.db);
    biller = await signIn(test, 'statements@example.test');
    outsider = await signIn(test, 'elsewhere@example.test');

    for (const key of ['selfPay', 'collections', 'billedLately', 'small'] as const) await selfPay(groups[key]);
    const [selfPayClaim] = groups.selfPay.claimIds as [number];
    await post('AddEditClaim/savePatientPayments', {
      patientID: groups.selfPay.patientId,
      method: 'cash',
      claimID: selfPayClaim,
      amount: 1234,
    });
    const [smallClaim] = groups.small.claimIds as [number];
    await post('AddEditClaim/savePatientPayments', {
      patientID: groups.small.patientId,
      method: 'check',
      claimID: smallClaim,
      amount: 29_700,
    });
    const [first, second] = groups.shared.claimIds as [number, number];
    const [firstA, firstB] = (await chargesOf(first)) as [number, number];
    const [secondA] = (await chargesOf(second)) as [number];
    await post('AddEditClaim/saveInsurancePayments', {
      claimID: first,
      reference: 'CHK8001',
      lines: [
        {
          chargeID: firstA,
          paid: 3000,
          adjustments: [
            { group: 'CO', reason: '45', amount: 2000 },
            { group: 'PR', reason: '1', amount: 5000 },
          ],
        },
        { chargeID: firstB, paid: 20_000 },
      ],
    });
    await post('AddEditClaim/saveInsurancePayments', {
      claimID: second,
      reference: 'CHK8002',
      lines: [{ chargeID: secondA, paid: 6000, adjustments: [{ group: 'CO', reason: '45', amount: 4000 }] }],
    });
    await post('Patient/savePatientAdvancePayments', {
      patientID: groups.shared.patientId,
      amount: 2500,
      method: 'cash',
    });
    await database.db.query('UPDATE patients SET in_collections = true WHERE patient_id = $1', [
      groups.collections.patientId,
    ]);
    await database.db.query(
      `INSERT INTO patient_statements (patient_id, practice_id, statement_date, amount_due_cents, aging, pdf, created_by)
       VALUES ($1, $2, DATE '2026-11-12', 30000, '{}'::jsonb, $3, $4)`,
      [groups.billedLately.patientId, groups.billedLately.practiceId, new Uint8Array([37, 80, 68, 70]), billerId],
    );
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  it('bills those who owe at least $5.00 after their credit, not billed in 30 days and not in collections', async () => {
    const { status, body } = await get<StatementSelectionReply>('Patient/getPatientStatementsIDS', {});
    expect(status).toBe(200);
    expect(body.minimumBalance).toBe(500);
    expect(body.daysSinceLastStatement).toBe(30);
    expect(new Set(idsOf(body))).toEqual(new Set([groups.selfPay.patientId, groups.shared.patientId]));
    const byID = new Map(body.patients.map((patient) => [patient.patientID, patient]));
    expect(byID.get(groups.selfPay.patientId)?.amountDue).toBe(30_000 - 1234);
    // $50 passed to the patient less the $25 deposit.
    expect(byID.get(groups.shared.patientId)?.amountDue).toBe(2500);
  });

  it('takes the minimum balance and the days since the last statement as rules', async () => {
    const lower = await get<StatementSelectionReply>('Patient/getPatientStatementsIDS', { minimumBalance: '300' });
    expect(idsOf(lower.body)).toContain(groups.small.patientId);
    const higher = await get<StatementSelectionReply>('Patient/getPatientStatementsIDS', { minimumBalance: '3000' });
    expect(idsOf(higher.body)).toEqual([groups.selfPay.patientId]);
    const recent = await get<StatementSelectionReply>('Patient/getPatientStatementsIDS', {
      daysSinceLastStatement: '5',
    });
    expect(idsOf(recent.body)).toContain(groups.billedLately.patientId);
    expect(idsOf(recent.body)).not.toContain(groups.collections.patientId);
  });

  it("says on each statement what the patient's financials say, line by line from the ledger", async () => {
    const patients = [groups.selfPay, groups.shared, groups.small, groups.collections];
    const { status, body } = await get<StatementDataReply>('Patient/getPatientStatementsData', {
      patientIDs: patients.map((group) => group.patientId).join(','),
    });
    expect(status).toBe(200);
    expect(body.statements.map((statement) => statement.patientID)).toEqual(patients.map((group) => group.patientId));
    for (const statement of body.statements) {
      const financials = await get<PatientFinancialsReply>('Patient/getPatientFinancialsByID', {
        patientID: String(statement.patientID),
      });
      expect(statement.patientBalanceDue).toBe(financials.body.patientBalanceDue);
      expect(statement.unappliedCredit).toBe(financials.body.unappliedCredit);
      expect(statement.amountDue).toBe(Math.max(0, financials.body.patientNet));
      expect(statement.aging).toEqual(financials.body.patientAging);
      expect(statement.lines.reduce((sum, line) => sum + line.patientBalance, 0)).toBe(statement.patientBalanceDue);
      for (const line of statement.lines)
        expect(line.charges - line.insurancePaid - line.adjustments - line.patientPaid).toBe(line.patientBalance);
    }
    const shared = body.statements[1];
    expect(shared?.practice.name).toBe('Shared Practice');
    expect(shared?.patientName).toBe('JANE SHARED');
    expect(shared?.statementDate).toBe('2026-11-22');
    expect(shared?.lines).toHaveLength(1);
    expect(shared?.lines[0]).toMatchObject({
      charges: 30_000,
      insurancePaid: 23_000,
      adjustments: 2000,
      patientBalance: 5000,
    });
    expect(body.statements[0]?.lines[0]).toMatchObject({ patientPaid: 1234, patientBalance: 28_766 });
  });

  it("keeps another group's patients Not Found and refuses bad input", async () => {
    const outside = await get(
      'Patient/getPatientStatementsData',
      { patientIDs: String(groups.selfPay.patientId) },
      outsider,
    );
    expect(outside.status).toBe(404);
    const theirs = await get<StatementSelectionReply>('Patient/getPatientStatementsIDS', {}, outsider);
    expect(theirs.status).toBe(200);
    expect(idsOf(theirs.body).some((id) => Object.values(groups).some((group) => group.patientId === id))).toBe(false);
    expect(theirs.body.patients).toHaveLength(1);
    const badRules: Record<string, string>[] = [
      { minimumBalance: '-1' },
      { daysSinceLastStatement: 'soon' },
      { colour: 'red' },
    ];
    for (const query of badRules) {
      expect((await get('Patient/getPatientStatementsIDS', query)).status, JSON.stringify(query)).toBe(400);
    }
    const badData: Record<string, string>[] = [
      { patientIDs: '' },
      { patientIDs: '1,x' },
      {},
      { patientIDs: '1', statementDate: '2026-02-30' },
    ];
    for (const query of badData) {
      const reply = await get<{ message: string }>('Patient/getPatientStatementsData', query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
    }
  });

  const statementCount = async () =>
    Number((await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM patient_statements'))[0]?.n);
  const start = (payload: object, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Patient/startPatientStatementRun',
      headers: bearer(session),
      payload,
    });
  const download = (runID: number, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Patient/patientStatementsFileDownload',
      headers: bearer(session),
      payload: { runID },
    });
  /** Starts a run, follows its job to the end, and gives the job and the run's file. */
  const run = async (payload: object, session = biller) => {
    const started = await start(payload, session);
    expect(started.statusCode, started.body).toBe(200);
    const { jobID, runID } = started.json<StatementRunStartedReply>();
    let job: Job | undefined;
    for (let attempt = 0; attempt < 600 && !(job && jobFinished(job.status)); attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      job = (
        await test.app.inject({
          method: 'GET',
          url: '/api/Jobs/getJob',
          headers: bearer(session),
          query: { jobID: String(jobID) },
        })
      ).json<Job>();
    }
    if (!job || !jobFinished(job.status)) throw new Error(`The statement run ${runID} never ended.`);
    return { job, runID, file: await download(runID, session) };
  };

  it('refuses a run it cannot do and stores nothing', async () => {
    const before = await statementCount();
    const outside = await run({ patientIDs: [groups.selfPay.patientId] }, outsider);
    expect(outside.job.patientFailures).toEqual([
      { patientID: groups.selfPay.patientId, reason: 'Patient not found.' },
    ]);
    expect(outside.file.statusCode).toBe(400);
    expect((await start({ patientIDs: [groups.selfPay.patientId], minimumBalance: 100 })).statusCode).toBe(400);
    const nobody = await run({ minimumBalance: 10_000_000 });
    expect(nobody.job).toMatchObject({ status: 'done', total: 0, walks: 'patients', statementRunID: nobody.runID });
    expect(nobody.file.statusCode).toBe(400);
    expect(nobody.file.json<{ message: string }>().message).toMatch(/No patient owes enough/);
    expect((await start({ patientIDs: [] })).statusCode).toBe(400);
    expect((await start({ patientIDs: ['12'] })).statusCode).toBe(400);
    expect((await download(nobody.runID, outsider)).statusCode).toBe(404);
    expect(await statementCount()).toBe(before);
  });

  it('stores one statement per patient billed, gives the one file of them all, and prints each again', async () => {
    const before = await statementCount();
    const { job, runID, file: reply } = await run({});
    expect(job).toMatchObject({ status: 'done', total: 2, done: 2, succeeded: 2, failed: 0 });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers['content-type']).toMatch(/application\/pdf/);
    const combined = new Uint8Array(reply.rawPayload);
    expect(new TextDecoder('latin1').decode(combined.subarray(0, 5))).toBe('%PDF-');
    const text = pdfText(combined);
    expect(text).toContain('($287.66) Tj');
    expect(text).toContain('($25.00) Tj');
    expect(text.match(/\(AMOUNT DUE\) Tj/g)).toHaveLength(2);
    expect((await download(runID, outsider)).statusCode).toBe(404);
    const stored = await database.db.query<{ patientID: number; amountDue: number; statementID: number }>(
      `SELECT patient_id AS "patientID", amount_due_cents AS "amountDue", patient_statement_id AS "statementID"
         FROM patient_statements WHERE run_id = $1 ORDER BY patient_id`,
      [runID],
    );
    expect(stored.map((row) => [Number(row.patientID), Number(row.amountDue)])).toEqual(
      [
        [groups.selfPay.patientId, 28_766],
        [groups.shared.patientId, 2500],
      ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    );
    expect(await statementCount()).toBe(before + 2);
    const [runRow] = await database.db.query<{ statements: number; pdf: Uint8Array }>(
      'SELECT statements, combined_pdf AS pdf FROM patient_statement_runs WHERE patient_statement_run_id = $1',
      [runID],
    );
    expect(runRow?.statements).toBe(2);
    expect(Buffer.compare(Buffer.from(runRow?.pdf ?? []), Buffer.from(combined))).toBe(0);

    // Billed today, so the next run by the rules leaves them out.
    const next = await get<StatementSelectionReply>('Patient/getPatientStatementsIDS', {});
    expect(next.body.patients).toEqual([]);

    // The statement is listed on the patient and prints again, to the data role only.
    const data = await get<StatementDataReply>('Patient/getPatientStatementsData', {
      patientIDs: String(groups.shared.patientId),
    });
    const listed = data.body.statements[0]?.statements[0];
    expect(listed).toMatchObject({ statementDate: '2026-11-22', amountDue: 2500, runID });
    const print = await test.app.inject({
      method: 'GET',
      url: '/api/CustomPrint/getPrintPatientStatements',
      headers: bearer(biller),
      query: { id: String(listed?.statementID) },
    });
    expect(print.statusCode).toBe(200);
    const printed = new Uint8Array(print.rawPayload);
    expect(new TextDecoder('latin1').decode(printed.subarray(0, 5))).toBe('%PDF-');
    expect(pdfText(printed)).toContain('($25.00) Tj');
    expect(pdfText(printed)).toContain('(JANE SHARED) Tj');
    const theirs = await test.app.inject({
      method: 'GET',
      url: '/api/CustomPrint/getPrintPatientStatements',
      headers: bearer(outsider),
      query: { id: String(listed?.statementID) },
    });
    expect(theirs.statusCode).toBe(404);
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/CustomPrint/getPrintPatientStatements',
      headers: bearer(biller),
      query: { id: 'first' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sends a patient to collections and back within the data role, audited, and a run skips them meanwhile', async () => {
    const collections = (patientID: number, inCollections: boolean, session = biller) =>
      test.app.inject({
        method: 'POST',
        url: '/api/Patient/updatePatientCollections',
        headers: bearer(session),
        payload: { patientID, inCollections },
      });
    const flag = async (patientID: number) =>
      (await get<StatementDataReply>('Patient/getPatientStatementsData', { patientIDs: String(patientID) })).body
        .statements[0]?.inCollections;
    const small = groups.small.patientId;

    expect((await collections(small, true, outsider)).statusCode).toBe(404);
    expect(await flag(small)).toBe(false);
    const bad = await test.app.inject({
      method: 'POST',
      url: '/api/Patient/updatePatientCollections',
      headers: bearer(biller),
      payload: { patientID: small, inCollections: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await flag(small)).toBe(false);

    const sent = await collections(small, true);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ patientID: small, inCollections: true });
    expect(await flag(small)).toBe(true);
    const [audit] = await database.db.query<{ detail: unknown }>(
      `SELECT detail FROM audit_log WHERE action = 'patient.collections' AND record_id = $1 ORDER BY 1 DESC LIMIT 1`,
      [String(small)],
    );
    expect(audit?.detail).toEqual({ before: { inCollections: false }, after: { inCollections: true } });

    // Even named, a patient in collections gets no statement; the others named do.
    const before = await statementCount();
    const named = await run({ patientIDs: [small, groups.collections.patientId, groups.selfPay.patientId] });
    expect(named.job).toMatchObject({ status: 'done', total: 3, succeeded: 1, failed: 2 });
    expect(named.job.patientFailures).toEqual(
      [small, groups.collections.patientId]
        .sort((a, b) => a - b)
        .map((patientID) => ({ patientID, reason: 'In collections.' })),
    );
    expect(await statementCount()).toBe(before + 1);
    const byRules = await get<StatementSelectionReply>('Patient/getPatientStatementsIDS', {
      minimumBalance: '1',
      daysSinceLastStatement: '0',
    });
    expect(idsOf(byRules.body)).not.toContain(small);

    const back = await collections(small, false);
    expect(back.statusCode).toBe(200);
    expect(await flag(small)).toBe(false);
    const again = await get<StatementSelectionReply>('Patient/getPatientStatementsIDS', {
      minimumBalance: '1',
      daysSinceLastStatement: '0',
    });
    expect(idsOf(again.body)).toContain(small);
  });
});
