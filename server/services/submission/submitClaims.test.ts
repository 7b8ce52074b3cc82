import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS, SCRUB_STATUS, SUBMIT_STATUS } from '../../../contract/claimStatus.ts';
import type { ClaimScrubReply } from '../../../contract/scrub.ts';
import type { SubmissionBatchDetail, SubmissionBatchesReply, SubmitClaimsReply } from '../../../contract/submission.ts';
import { readX12 } from '../../edi/x12/readX12.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)('submitting claims as 837 files on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Submit', 'Elsewhere', 1));
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const post = (session: SessionUser, name: string, payload: object) =>
    test.app.inject({ method: 'POST', url: `/api/Claims/${name}`, headers: bearer(session), payload });
  const scrub = async (claimID: number) => (await post(biller, 'claimScrubing', { claimID })).json<ClaimScrubReply>();
  const submit = async (session: SessionUser, claimIDS: number[]) => {
    const reply = await post(session, 'submitClaim', { claimIDS });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<SubmitClaimsReply>();
  };
  const statuses = async (claimID: number) =>
    (
      await database.db.query<{ claimStatusID: number; submitStatusID: number }>(
        'SELECT claim_status_id AS "claimStatusID", submit_status_id AS "submitStatusID" FROM claims WHERE claim_id = $1',
        [claimID],
      )
    )[0];

  it('sends a scrubbed clean claim in a batch of its payer, stores the file and marks the claim submitted', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({
      lines: [{ code: '99213' }, { code: '36415', cents: 2_500 }],
    });
    expect((await scrub(claimID)).summary.scrubStatusID).toBe(SCRUB_STATUS.passed);
    const reply = await submit(biller, [claimID]);
    expect(reply.refused).toEqual([]);
    expect(reply.submitted).toEqual([claimID]);
    expect(reply.batches).toHaveLength(1);
    const [batch] = reply.batches;
    expect(batch).toMatchObject({ transactionType: '837P', claimCount: 1, totalCents: 12_500 });
    expect(await statuses(claimID)).toEqual({
      claimStatusID: CLAIM_STATUS.submitted,
      submitStatusID: SUBMIT_STATUS.submitted,
    });

    const detail = (
      await test.app.inject({
        method: 'GET',
        url: '/api/Batches/getSubmissionBatchStatusDetailByID',
        headers: bearer(biller),
        query: { submissionBatchID: String(batch!.submissionBatchID) },
      })
    ).json<SubmissionBatchDetail>();
    expect(detail.claims.map((claim) => claim.claimID)).toEqual([claimID]);
    const file = readX12(detail.content);
    expect(file.errors).toEqual([]);
    expect(Number(file.interchanges[0]?.controlNumber)).toBe(batch!.interchangeControlNumber);
    const segments = file.interchanges[0]?.groups[0]?.transactions[0]?.segments ?? [];
    const lineControls = segments
      .filter((segment) => segment.id === 'REF' && segment.element(1) === '6R')
      .map((segment) => segment.element(2));
    expect(lineControls).toEqual(chargeIDs.map((_, index) => `T${claimID}-${index + 1}`));

    const events = await database.db.query<{ action: string; source: string }>(
      'SELECT action, source FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [claimID],
    );
    expect(events.map((event) => event.action)).toEqual(['scrubbed', 'submitted']);

    const list = (
      await test.app.inject({
        method: 'GET',
        url: '/api/Batches/getSubmissionBatchReportStatus',
        headers: bearer(biller),
      })
    ).json<SubmissionBatchesReply>();
    expect(list.rows.map((row) => row.submissionBatchID)).toContain(batch!.submissionBatchID);
  });

  it('never sends a claim with an error, even one that was passed before it was edited', async () => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    expect((await scrub(claimID)).summary.scrubStatusID).toBe(SCRUB_STATUS.passed);
    // Edited after the scrub: the pointer now points at a diagnosis the claim does not have.
    await database.db.query('UPDATE charges SET diagnosis_pointers = $2::smallint[] WHERE claim_id = $1', [
      claimID,
      [9],
    ]);
    const reply = await submit(biller, [claimID]);
    expect(reply.submitted).toEqual([]);
    expect(reply.refused.map((refusal) => refusal.claimID)).toEqual([claimID]);
    expect(reply.refused[0]?.reason).toMatch(/1 scrub error: fix them/);
    expect(await statuses(claimID)).toEqual({
      claimStatusID: CLAIM_STATUS.readyToSubmit,
      submitStatusID: SUBMIT_STATUS.notSubmitted,
    });
  });

  it('refuses a claim not yet scrubbed, one already sent and one outside the data role, and sends the rest', async () => {
    const fresh = await data.insertClaim({ lines: [{ code: '99214' }] });
    const good = await data.insertClaim({ lines: [{ code: '99212' }] });
    await scrub(good.claimID);
    const first = await submit(biller, [good.claimID]);
    expect(first.submitted).toEqual([good.claimID]);
    const [foreign] = await database.db.query<{ id: number }>(
      'SELECT claim_id AS id FROM claims WHERE group_id <> $1 LIMIT 1',
      [data.group.groupId],
    );
    const reply = await submit(biller, [fresh.claimID, good.claimID, foreign!.id]);
    expect(reply.submitted).toEqual([]);
    expect(reply.refused.map((refusal) => refusal.claimID)).toEqual([fresh.claimID, good.claimID, foreign!.id]);
    expect(reply.refused[0]?.reason).toMatch(/scrub it first/);
    expect(reply.refused[1]?.reason).toMatch(/already been submitted/);
    expect(reply.refused[2]?.reason).toMatch(/not found/);
  });

  it('sends a claim again once the payer turned it back (denied), corrected and scrubbed', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({ lines: [{ code: '99213' }] });
    await scrub(claimID);
    expect((await submit(biller, [claimID])).submitted).toEqual([claimID]);
    await database.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [
      claimID,
      CLAIM_STATUS.denied,
    ]);
    const edit = await test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/editCharge',
      headers: bearer(biller),
      payload: { chargeID: chargeIDs[0], modifiers: ['25'] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await scrub(claimID);
    const again = await submit(biller, [claimID]);
    expect(again.submitted).toEqual([claimID]);
    const batches = await database.db.query<{ id: number }>(
      'SELECT submission_batch_id AS id FROM submission_batch_claims WHERE claim_id = $1',
      [claimID],
    );
    expect(batches).toHaveLength(2);
  });

  it('hides batches from users outside the data role', async () => {
    const list = (
      await test.app.inject({
        method: 'GET',
        url: '/api/Batches/getSubmissionBatchReportStatus',
        headers: bearer(outsider),
      })
    ).json<SubmissionBatchesReply>();
    expect(list.total).toBe(0);
    const mine = (
      await test.app.inject({
        method: 'GET',
        url: '/api/Batches/getSubmissionBatchReportStatus',
        headers: bearer(biller),
      })
    ).json<SubmissionBatchesReply>();
    const reply = await test.app.inject({
      method: 'GET',
      url: '/api/Batches/getSubmissionBatchStatusDetailByID',
      headers: bearer(outsider),
      query: { submissionBatchID: String(mine.rows[0]!.submissionBatchID) },
    });
    expect(reply.statusCode).toBe(404);
  });

  it('refuses an empty list with a 400 and a message', async () => {
    const reply = await post(biller, 'submitClaim', { claimIDS: [] });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toMatch(/at least one claim/);
  });
});
