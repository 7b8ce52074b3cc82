import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS, SUBMIT_STATUS } from '../../../contract/claimStatus.ts';
import type { SubmitClaimsReply } from '../../../contract/submission.ts';
import type { Db } from '../../db/types.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';
import { PIPES, write277CA, write999, type SentBatch } from './acknowledgementTestKit.ts';
import { applyAcknowledgementFile } from './applyAcknowledgementFile.ts';

const NOW = new Date('2026-03-20T10:00:00Z');

describe.each(testEngines)('applying 999 and 277CA acknowledgements on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;

  beforeAll(async () => {
    ({ database, test, data, biller } = await openClaimTestWorld(engine, 'Acks', 'AcksElsewhere'));
  });
  afterAll(() => closeClaimTestWorld({ database, test }));

  const post = (name: string, payload: object) =>
    test.app.inject({ method: 'POST', url: `/api/Claims/${name}`, headers: bearer(biller), payload });

  /** Claims scrubbed and sent in one batch. */
  async function sendClaims(
    count: number,
  ): Promise<{ claimIDs: number[]; batch: SentBatch & { submissionBatchID: number } }> {
    const claimIDs: number[] = [];
    for (let index = 0; index < count; index++) {
      const { claimID } = await data.insertClaim({ lines: [{ code: '99213', cents: 10_000 + index }] });
      expect((await post('claimScrubing', { claimID })).statusCode).toBe(200);
      claimIDs.push(claimID);
    }
    const reply = await post('submitClaim', { claimIDS: claimIDs });
    const submitted = reply.json<SubmitClaimsReply>();
    expect(submitted.refused).toEqual([]);
    const [batch] = submitted.batches;
    return { claimIDs, batch: batch! };
  }

  const claimRow = async (claimID: number) =>
    (
      await database.db.query<{ claimStatusID: number; submitStatusID: number; payerClaimNumber: string | null }>(
        `SELECT claim_status_id AS "claimStatusID", submit_status_id AS "submitStatusID", payer_claim_number AS "payerClaimNumber"
           FROM claims WHERE claim_id = $1`,
        [claimID],
      )
    )[0];
  const openTasks = async (claimID: number) =>
    database.db.query<{ text: string; taskTypeID: number }>(
      `SELECT text, task_type_id::int AS "taskTypeID" FROM tasks WHERE claim_id = $1 AND status = 'open' ORDER BY task_id`,
      [claimID],
    );
  const history = async (claimID: number) =>
    database.db.query<{ source: string; outcome: string; reason: string; answeredBy: string }>(
      `SELECT source, outcome, reason, answered_by AS "answeredBy" FROM claim_status_history WHERE claim_id = $1 ORDER BY claim_status_history_id`,
      [claimID],
    );
  const counts = async () =>
    (
      await database.db.query<{ files: number; history: number; tasks: number; events: number; logs: number }>(
        `SELECT (SELECT count(*)::int FROM acknowledgement_files) AS files, (SELECT count(*)::int FROM claim_status_history) AS history,
                (SELECT count(*)::int FROM tasks) AS tasks, (SELECT count(*)::int FROM claim_events) AS events,
                (SELECT count(*)::int FROM edi_import_log) AS logs`,
      )
    )[0];

  it('a 999 that accepts the batch marks it accepted and its claims accepted by the clearinghouse', async () => {
    const { claimIDs, batch } = await sendClaims(2);
    const result = await applyAcknowledgementFile(database.db, {
      fileName: 'ack-accepted.999',
      text: write999(batch, true, { control: 101 }),
      clearinghouseId: 1,
      now: NOW,
    });
    expect(result).toMatchObject({ outcome: 'applied', transactionSet: '999', unknown: [] });
    expect(result.batches).toEqual([{ submissionBatchID: batch.submissionBatchID, status: 'accepted' }]);
    for (const claimID of claimIDs) {
      expect(await claimRow(claimID)).toMatchObject({
        claimStatusID: CLAIM_STATUS.submitted,
        submitStatusID: SUBMIT_STATUS.acceptedByClearinghouse,
      });
      expect(await history(claimID)).toEqual([
        { source: '999', outcome: 'accepted', reason: 'Accepted (999 A)', answeredBy: 'clearinghouse' },
      ]);
    }
    const [row] = await database.db.query<{ status: string }>(
      'SELECT status FROM submission_batches WHERE submission_batch_id = $1',
      [batch.submissionBatchID],
    );
    expect(row?.status).toBe('accepted');
    const logs = await database.db.query<{ transactionSet: string; outcome: string; detail: string }>(
      `SELECT transaction_set AS "transactionSet", outcome, detail FROM edi_import_log WHERE file_name = 'ack-accepted.999'`,
    );
    expect(logs).toEqual([
      { transactionSet: '999', outcome: 'accepted', detail: expect.stringContaining('accepted') as string },
    ]);
  });

  it('a 999 that rejects the batch (| and > separators) rejects its claims with the element error, and each lands in the work queue', async () => {
    const { claimIDs, batch } = await sendClaims(1);
    const [claimID] = claimIDs as [number];
    const result = await applyAcknowledgementFile(database.db, {
      fileName: 'ack-rejected.999',
      text: write999(batch, false, { delimiters: PIPES, control: 102 }),
      clearinghouseId: 1,
      now: NOW,
    });
    expect(result.rejectedClaimIDs).toEqual([claimID]);
    expect(await claimRow(claimID)).toMatchObject({
      claimStatusID: CLAIM_STATUS.rejected,
      submitStatusID: SUBMIT_STATUS.rejectedByClearinghouse,
    });
    const [entry] = await history(claimID);
    expect(entry?.reason).toBe('NM1 at segment 9 (loop 2010BA), NM109: Required data element missing');
    const tasks = await openTasks(claimID);
    expect(tasks).toEqual([
      {
        taskTypeID: 3,
        text: 'Availity rejected the claim (999): NM1 at segment 9 (loop 2010BA), NM109: Required data element missing',
      },
    ]);
    const [batchRow] = await database.db.query<{ status: string; detail: string }>(
      'SELECT status, acknowledgement_detail AS detail FROM submission_batches WHERE submission_batch_id = $1',
      [batch.submissionBatchID],
    );
    expect(batchRow?.status).toBe('rejected');
    expect(batchRow?.detail).toContain('Required data element missing');
  });

  it('a payer 277CA rejects one claim with the category, status and entity in words, accepts another, and keeps the payer claim number', async () => {
    const { claimIDs, batch } = await sendClaims(2);
    const [rejected, accepted] = claimIDs as [number, number];
    const result = await applyAcknowledgementFile(database.db, {
      fileName: 'payer.277',
      text: write277CA(
        batch,
        [
          {
            claimID: rejected,
            statuses: [
              ['A7', '562', '85'],
              ['A3', '21', 'QC'],
            ],
            payerClaimNumber: 'PCN-77',
            message: 'CHECK THE NPI',
          },
          { claimID: accepted, statuses: [['A2', '20', 'PR']], payerClaimNumber: 'PCN-78' },
        ],
        { control: 103 },
      ),
      clearinghouseId: 1,
      now: NOW,
    });
    expect(result).toMatchObject({ outcome: 'applied', transactionSet: '277CA', rejectedClaimIDs: [rejected] });
    expect(await claimRow(rejected)).toMatchObject({
      claimStatusID: CLAIM_STATUS.rejected,
      submitStatusID: SUBMIT_STATUS.submitted,
      payerClaimNumber: 'PCN-77',
    });
    expect(await claimRow(accepted)).toMatchObject({
      claimStatusID: CLAIM_STATUS.acceptedByPayer,
      submitStatusID: SUBMIT_STATUS.acceptedByClearinghouse,
      payerClaimNumber: 'PCN-78',
    });
    expect((await history(rejected))[0]).toEqual({
      source: '277CA',
      outcome: 'rejected',
      answeredBy: 'payer',
      reason: [
        "A7 Acknowledgement/Rejected for invalid information; 562 Entity's National Provider Identifier (NPI) (Billing provider)",
        'CHECK THE NPI',
        'A3 Acknowledgement/Returned as unprocessable claim; 21 Missing or invalid information (Patient)',
      ].join('\n'),
    });
    expect((await openTasks(rejected))[0]?.text).toMatch(/^ACME HEALTH PLAN rejected the claim \(277CA\): A7/);
    expect(await openTasks(accepted)).toEqual([]);
  });

  it('the same file applied twice changes nothing the second time', async () => {
    const { claimIDs, batch } = await sendClaims(1);
    const text = write277CA(batch, [{ claimID: claimIDs[0]!, statuses: [['A8', '510', 'PR']] }], { control: 104 });
    const first = await applyAcknowledgementFile(database.db, {
      fileName: 'twice.277',
      text,
      clearinghouseId: 1,
      now: NOW,
    });
    expect(first.outcome).toBe('applied');
    const before = await counts();
    const second = await applyAcknowledgementFile(database.db, {
      fileName: 'twice.277',
      text,
      clearinghouseId: 1,
      now: NOW,
    });
    expect(second).toMatchObject({ outcome: 'already applied', acknowledgementFileID: first.acknowledgementFileID });
    expect(second.message).toMatch(/applied already/);
    expect(await counts()).toEqual(before);
  });

  it('a clearinghouse 277CA that rejects the whole file at the receiver level turns back every claim of the batch', async () => {
    const { claimIDs, batch } = await sendClaims(2);
    const result = await applyAcknowledgementFile(database.db, {
      fileName: 'whole.277',
      text: write277CA(batch, [], { from: 'AY', receiverStatus: ['A3', '24', '41'], control: 105 }),
      clearinghouseId: 1,
      now: NOW,
    });
    expect(result.rejectedClaimIDs.sort()).toEqual([...claimIDs].sort());
    for (const claimID of claimIDs) {
      expect(await claimRow(claimID)).toMatchObject({
        claimStatusID: CLAIM_STATUS.rejected,
        submitStatusID: SUBMIT_STATUS.rejectedByClearinghouse,
      });
      expect((await history(claimID))[0]?.reason).toBe(
        'A3 Acknowledgement/Returned as unprocessable claim; 24 Entity not approved as an electronic submitter (Submitter)',
      );
    }
  });

  it("a 277CA rejection at a billing provider's level turns back only the claims sent under that provider's NPI", async () => {
    const { claimIDs, batch } = await sendClaims(2);
    const [sent] = await database.db.query<{ content: string }>(
      'SELECT content FROM submission_batches WHERE submission_batch_id = $1',
      [batch.submissionBatchID],
    );
    const npi = /NM1\*85\*2\*[^~]*\*XX\*(\d{10})~/.exec(sent!.content)?.[1] ?? '';
    expect(npi).toMatch(/^\d{10}$/);
    /** A payer's 277CA with one provider level (HL 19) rejected for its NPI and no claim under it. */
    const providerRejection = (providerNpi: string, control: number) => {
      const body = [
        `BHT*0085*08*R${control}*20261128*0900*TH`,
        'HL*1**20*1',
        'NM1*PR*2*ACME HEALTH PLAN*****PI*X1',
        'TRN*1*RECEIPT-P',
        'DTP*050*D8*20261128',
        'DTP*009*D8*20261128',
        'HL*2*1*21*1',
        'NM1*41*2*US*****46*US',
        `TRN*2*${String(batch.interchangeControlNumber).padStart(9, '0')}0001`,
        'HL*3*2*19*0',
        `NM1*85*2*CLINIC*****XX*${providerNpi}`,
        'STC*A7:562:85*20261128*U*100',
      ];
      return [
        `ISA*00*          *00*          *ZZ*ACME           *ZZ*US             *261128*0900*^*00501*${String(control).padStart(9, '0')}*0*P*:`,
        `GS*HN*ACME*US*20261128*0900*${control}*X*005010X214`,
        'ST*277*0001*005010X214',
        ...body,
        `SE*${body.length + 2}*0001`,
        `GE*1*${control}`,
        `IEA*1*${String(control).padStart(9, '0')}`,
      ].join('~\n');
    };

    // A provider the batch was not sent under: no claim of it changes, and the log says so.
    const other = npi === '1234567893' ? '1245319599' : '1234567893';
    const elsewhere = await applyAcknowledgementFile(database.db, {
      fileName: 'other-provider.277',
      text: `${providerRejection(other, 131)}~`,
      clearinghouseId: 1,
      now: NOW,
    });
    expect(elsewhere.rejectedClaimIDs).toEqual([]);
    for (const claimID of claimIDs) expect((await claimRow(claimID))?.claimStatusID).not.toBe(CLAIM_STATUS.rejected);

    // The batch's own billing provider: its claims are turned back.
    const own = await applyAcknowledgementFile(database.db, {
      fileName: 'own-provider.277',
      text: `${providerRejection(npi, 132)}~`,
      clearinghouseId: 1,
      now: NOW,
    });
    expect(own.rejectedClaimIDs.sort()).toEqual([...claimIDs].sort());
    for (const claimID of claimIDs) expect((await claimRow(claimID))?.claimStatusID).toBe(CLAIM_STATUS.rejected);
  });

  it('claims and batches the file names that we never sent are reported in the import log', async () => {
    const { claimIDs, batch } = await sendClaims(1);
    const result = await applyAcknowledgementFile(database.db, {
      fileName: 'strangers.277',
      text: write277CA(
        batch,
        [
          { claimID: claimIDs[0]!, statuses: [['A1', '19', 'PR']] },
          { claimID: 987_654_321, statuses: [['A1', '19', 'PR']] },
        ],
        { control: 106 },
      ),
      clearinghouseId: 1,
      now: NOW,
    });
    expect(result.unknown).toEqual(['Claim 987654321 was not found.']);
    const [log] = await database.db.query<{ detail: string }>(
      `SELECT detail FROM edi_import_log WHERE file_name = 'strangers.277'`,
    );
    expect(log?.detail).toContain('Claim 987654321 was not found.');
    const unknownBatch = await applyAcknowledgementFile(database.db, {
      fileName: 'nobody.999',
      text: write999({ interchangeControlNumber: 999_999_998 }, true, { control: 107 }),
      clearinghouseId: 1,
      now: NOW,
    });
    expect(unknownBatch.unknown).toEqual(['No submission batch was sent with group control number 999999998.']);
  });

  it('an answer about an earlier batch of a claim sent again records it without changing the claim', async () => {
    const { claimIDs, batch } = await sendClaims(1);
    const [claimID] = claimIDs as [number];
    await applyAcknowledgementFile(database.db, {
      fileName: 'first-reject.999',
      text: write999(batch, false, { control: 108 }),
      clearinghouseId: 1,
      now: NOW,
    });
    expect((await post('claimScrubing', { claimID })).statusCode).toBe(200);
    const resent = (await post('submitClaim', { claimIDS: [claimID] })).json<SubmitClaimsReply>();
    expect(resent.submitted).toEqual([claimID]);
    await applyAcknowledgementFile(database.db, {
      fileName: 'late.277',
      text: write277CA(batch, [{ claimID, statuses: [['A7', '562', '85']] }], { control: 109 }),
      clearinghouseId: 1,
      now: NOW,
    });
    expect(await claimRow(claimID)).toMatchObject({ claimStatusID: CLAIM_STATUS.submitted });
    expect((await history(claimID)).map((entry) => entry.outcome)).toEqual(['rejected', 'rejected']);
  });

  it('a file that cannot be read changes nothing and says why', async () => {
    const { claimIDs, batch } = await sendClaims(1);
    const before = await counts();
    const text = write999(batch, false, { control: 110 }).replace('IK5*R*5', 'IK5*Q*5');
    const result = await applyAcknowledgementFile(database.db, {
      fileName: 'bad.999',
      text,
      clearinghouseId: 1,
      now: NOW,
    });
    expect(result.outcome).toBe('error');
    expect(result.message).toBe('The 999 has 1 problem: nothing was applied.');
    expect(result.problems[0]).toMatch(/IK501 "Q" is not an acknowledgment code/);
    expect(await claimRow(claimIDs[0]!)).toMatchObject({ claimStatusID: CLAIM_STATUS.submitted });
    const after = await counts();
    expect({ ...after, logs: before!.logs }).toEqual(before);
    expect(after!.logs).toBe(before!.logs + 1);
    const notX12 = await applyAcknowledgementFile(database.db, {
      fileName: 'letter.txt',
      text: 'Dear biller',
      clearinghouseId: null,
      now: NOW,
    });
    expect(notX12.outcome).toBe('error');
  });

  it('a failure half way through the file rolls everything back', async () => {
    const { claimIDs, batch } = await sendClaims(2);
    const before = await counts();
    // The second claim's task fails to be written: the first claim's rejection must not stay.
    let tasks = 0;
    const failing: Db = {
      ...database.db,
      engine: database.db.engine,
      query: database.db.query.bind(database.db),
      exec: database.db.exec.bind(database.db),
      close: database.db.close.bind(database.db),
      transaction: (work) =>
        database.db.transaction((tx) =>
          work({
            ...tx,
            exec: tx.exec.bind(tx),
            query: (sql, params) => {
              if (sql.includes('INSERT INTO tasks') && ++tasks === 2) throw new Error('disk full');
              return tx.query(sql, params);
            },
          }),
        ),
    };
    await expect(
      applyAcknowledgementFile(failing, {
        fileName: 'half.999',
        text: write999(batch, false, { control: 111 }),
        clearinghouseId: 1,
        now: NOW,
      }),
    ).rejects.toThrow('disk full');
    expect(await counts()).toEqual(before);
    for (const claimID of claimIDs)
      expect(await claimRow(claimID)).toMatchObject({ claimStatusID: CLAIM_STATUS.submitted });
  });
  it('a 999 that partially accepts a batch of two transaction sets accepts the claims of one and rejects the other', async () => {
    const { claimIDs, batch } = await sendClaims(2);
    const [first, second] = claimIDs as [number, number];
    // The batch as if written with one claim per transaction set.
    const envelope = (control: string, claimID: number) =>
      [`ST*837*${control}*005010X222A1`, `CLM*${claimID}*100***11:B:1*Y*A*Y*Y`, `SE*3*${control}`].join('~\n');
    await database.db.query('UPDATE submission_batches SET content = $2 WHERE submission_batch_id = $1', [
      batch.submissionBatchID,
      [
        `ISA*00*          *00*          *ZZ*US             *ZZ*PAYER          *260320*1000*^*00501*${String(batch.interchangeControlNumber).padStart(9, '0')}*0*P*:`,
        `GS*HC*US*PAYER*20260320*1000*${batch.interchangeControlNumber}*X*005010X222A1`,
        envelope('0001', first),
        envelope('0002', second),
        `GE*2*${batch.interchangeControlNumber}`,
        `IEA*1*${String(batch.interchangeControlNumber).padStart(9, '0')}~`,
      ].join('~\n'),
    ]);
    const text =
      [
        'ISA|00|          |00|          |ZZ|CLEARINGHOUSE  |ZZ|US             |260320|1000|{|00501|000000112|0|P|>',
        'GS|FA|CLEARINGHOUSE|US|20260320|1000|112|X|005010X231A1',
        'ST|999|0001|005010X231A1',
        `AK1|HC|${batch.interchangeControlNumber}|005010X222A1`,
        'AK2|837|0001|005010X222A1',
        'IK5|A',
        'AK2|837|0002|005010X222A1',
        'IK3|CLM|2|2300|8',
        'CTX|CLM01>' + String(second),
        'IK4|5>1|1331|7|99',
        'IK5|R|5',
        'AK9|P|2|2|1',
        'SE|11|0001',
        'GE|1|112',
        'IEA|1|000000112',
      ].join("'\n") + "'";
    const result = await applyAcknowledgementFile(database.db, {
      fileName: 'partial.999',
      text,
      clearinghouseId: 5,
      now: NOW,
    });
    expect(result.batches).toEqual([{ submissionBatchID: batch.submissionBatchID, status: 'partially accepted' }]);
    expect(result.rejectedClaimIDs).toEqual([second]);
    expect(await claimRow(first)).toMatchObject({
      claimStatusID: CLAIM_STATUS.submitted,
      submitStatusID: SUBMIT_STATUS.acceptedByClearinghouse,
    });
    expect(await claimRow(second)).toMatchObject({
      claimStatusID: CLAIM_STATUS.rejected,
      submitStatusID: SUBMIT_STATUS.rejectedByClearinghouse,
    });
    expect((await history(second))[0]?.reason).toBe(
      `CLM at segment 2 (loop 2300), CLM05-1: Invalid code value ("99") [CLM01>${second}]`,
    );
    expect((await openTasks(second))[0]?.text).toMatch(/^Waystar rejected the claim \(999\)/);
  });
});
