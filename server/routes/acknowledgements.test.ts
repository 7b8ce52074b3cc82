import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AbilityClaimEventsReply,
  AcknowledgementResult,
  CheckClaimStatusReply,
  ClaimStatusDetailsReply,
  ClaimStatusReply,
  ResendReplacementReply,
  StatusDataReply,
  StatusListReply,
} from '../../contract/acknowledgements.ts';
import type { SessionUser } from '../../contract/auth.ts';
import { CLAIM_STATUS } from '../../contract/claimStatus.ts';
import type { SubmitClaimsReply } from '../../contract/submission.ts';
import { read277 } from '../edi/acknowledgements/read277.ts';
import { readX12 } from '../edi/x12/readX12.ts';
import { write277CA, write999 } from '../services/acknowledgements/acknowledgementTestKit.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../services/scrub/scrubTestData.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { bearer, type TestApp } from '../test/harness.ts';

describe.each(testEngines)('acknowledgement and claim status calls on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'AckCalls', 'AckOutside'));
  });
  afterAll(() => closeClaimTestWorld({ database, test }));

  const get = (session: SessionUser | null, path: string, query: Record<string, string>) =>
    test.app.inject({ method: 'GET', url: `/api/${path}`, headers: session ? bearer(session) : {}, query });
  const post = (session: SessionUser | null, path: string, payload: object) =>
    test.app.inject({ method: 'POST', url: `/api/${path}`, headers: session ? bearer(session) : {}, payload });
  const upload = (session: SessionUser | null, fileName: string, text: string) =>
    test.app.inject({
      method: 'POST',
      url: `/api/AbilityApiIntegration/uploadAcknowledgementFile`,
      headers: { ...(session ? bearer(session) : {}), 'content-type': 'text/plain' },
      query: { fileName },
      payload: text,
    });

  async function sentClaim(): Promise<{ claimID: number; interchangeControlNumber: number }> {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213', cents: 12_000 }] });
    expect((await post(biller, 'Claims/claimScrubing', { claimID })).statusCode).toBe(200);
    const sent = (await post(biller, 'Claims/submitClaim', { claimIDS: [claimID] })).json<SubmitClaimsReply>();
    expect(sent.submitted).toEqual([claimID]);
    return { claimID, interchangeControlNumber: sent.batches[0]!.interchangeControlNumber };
  }

  const CLAIM_READS = [
    'AddEditClaim/getClaimStatusByID',
    'AddEditClaim/getClaimStatusDetailsByID',
    'AbilityApiIntegration/getAbilityStatusList',
    'AbilityApiIntegration/getAbilityClaimEvents',
  ];

  it('every call answers 401 without a session', async () => {
    for (const path of CLAIM_READS) expect((await get(null, path, { claimID: '1' })).statusCode).toBe(401);
    expect((await get(null, 'AbilityApiIntegration/getAbilityStatusData', { inquiryID: '1' })).statusCode).toBe(401);
    expect((await post(null, 'AbilityApiIntegration/checkClaimStatus', { claimIDS: [1] })).statusCode).toBe(401);
    expect((await post(null, 'AbilityApiIntegration/resendClaimAsReplacement', { claimID: 1 })).statusCode).toBe(401);
    expect((await upload(null, 'a.999', 'ISA')).statusCode).toBe(401);
  });

  it('bad input is refused with 400 and a clear message', async () => {
    for (const path of CLAIM_READS) {
      const reply = await get(biller, path, { claimID: 'abc' });
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(/claimID/);
    }
    expect((await get(biller, 'AbilityApiIntegration/getAbilityStatusData', { inquiryID: '-2' })).statusCode).toBe(400);
    const empty = await post(biller, 'AbilityApiIntegration/checkClaimStatus', { claimIDS: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/Choose at least one claim/);
    expect((await post(biller, 'AbilityApiIntegration/resendClaimAsReplacement', {})).statusCode).toBe(400);
    const junk = await upload(biller, 'junk.999', 'Dear biller, here is the file.');
    expect(junk.statusCode).toBe(400);
    expect(junk.json<{ message: string }>().message).toMatch(/no acknowledgement/);
    expect((await upload(biller, '', 'ISA')).statusCode).toBe(400);
  });

  it('a claim of another data role is not found, and its acknowledgement is not applied by an outsider', async () => {
    const { claimID, interchangeControlNumber } = await sentClaim();
    for (const path of CLAIM_READS)
      expect((await get(outsider, path, { claimID: String(claimID) })).statusCode).toBe(404);
    expect((await post(outsider, 'AbilityApiIntegration/resendClaimAsReplacement', { claimID })).statusCode).toBe(404);
    const checked = (
      await post(outsider, 'AbilityApiIntegration/checkClaimStatus', { claimIDS: [claimID] })
    ).json<CheckClaimStatusReply>();
    expect(checked).toEqual({ inquiries: [], refused: [{ claimID, reason: `Claim ${claimID} was not found.` }] });
    const applied = (
      await upload(
        outsider,
        'outside.277',
        write277CA({ interchangeControlNumber }, [{ claimID, statuses: [['A7', '562', '85']] }], { control: 301 }),
      )
    ).json<AcknowledgementResult>();
    expect(applied.claims).toEqual([]);
    const status = (
      await get(biller, 'AddEditClaim/getClaimStatusByID', { claimID: String(claimID) })
    ).json<ClaimStatusReply>();
    expect(status.claimStatusID).toBe(CLAIM_STATUS.submitted);
  });

  it('after a 277CA rejection the claim shows the reason, its history and events, and is resent as a replacement with the payer claim number', async () => {
    const { claimID, interchangeControlNumber } = await sentClaim();
    const accepted = (
      await upload(biller, 'ack.999', write999({ interchangeControlNumber }, true, { control: 302 }))
    ).json<AcknowledgementResult>();
    expect(accepted).toMatchObject({ outcome: 'applied', transactionSet: '999' });
    const rejected = await upload(
      biller,
      'reject.277',
      write277CA(
        { interchangeControlNumber },
        [{ claimID, statuses: [['A7', '562', '85']], payerClaimNumber: 'PCN-5150', message: 'NPI NOT ON FILE' }],
        { control: 303 },
      ),
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<AcknowledgementResult>().rejectedClaimIDs).toEqual([claimID]);

    const status = (
      await get(biller, 'AddEditClaim/getClaimStatusByID', { claimID: String(claimID) })
    ).json<ClaimStatusReply>();
    expect(status).toMatchObject({
      claimStatus: 'Rejected',
      submitStatus: 'Accepted by Clearinghouse',
      payerClaimNumber: 'PCN-5150',
      rejection: {
        source: '277CA',
        answeredBy: 'payer',
        answeredByName: 'ACME HEALTH PLAN',
        categoryCode: 'A7',
        statusCode: '562',
        entityCode: '85',
      },
    });
    expect(status.rejection?.reason).toBe(
      "A7 Acknowledgement/Rejected for invalid information; 562 Entity's National Provider Identifier (NPI) (Billing provider)\nNPI NOT ON FILE",
    );

    const details = (
      await get(biller, 'AddEditClaim/getClaimStatusDetailsByID', { claimID: String(claimID) })
    ).json<ClaimStatusDetailsReply>();
    expect(details.history.map((entry) => [entry.source, entry.outcome])).toEqual([
      ['999', 'accepted'],
      ['277CA', 'rejected'],
    ]);
    expect(details.history[1]?.statuses[0]?.codes[0]).toMatchObject({ category: 'A7', status: '562', entity: '85' });
    expect(details.history[1]?.fileName).toBe('reject.277');

    const resent = (
      await post(biller, 'AbilityApiIntegration/resendClaimAsReplacement', { claimID })
    ).json<ResendReplacementReply>();
    expect(resent).toMatchObject({ claimID, frequencyCode: '7', originalClaimNumber: 'PCN-5150', submitted: true });
    const batch = await database.db.query<{ content: string }>(
      'SELECT content FROM submission_batches WHERE submission_batch_id = $1',
      [resent.submissionBatchID],
    );
    expect(batch[0]?.content).toMatch(new RegExp(`CLM\\*${claimID}\\*120\\*\\*\\*11:B:7\\*`));
    expect(batch[0]?.content).toContain('REF*F8*PCN-5150~');

    const events = (
      await get(biller, 'AbilityApiIntegration/getAbilityClaimEvents', { claimID: String(claimID) })
    ).json<AbilityClaimEventsReply>();
    expect(events.events.map((event) => event.title)).toEqual([
      expect.stringMatching(/^Submitted in 837P_/),
      'Corrected and sent again as a replacement (frequency 7)',
      '277CA rejected by ACME HEALTH PLAN',
      '999 accepted by the clearinghouse',
      expect.stringMatching(/^Submitted in 837P_/),
    ]);
    expect(events.events[2]?.detail).toContain('NPI NOT ON FILE');

    const again = (await post(biller, 'AbilityApiIntegration/resendClaimAsReplacement', { claimID })).json<{
      message: string;
    }>();
    expect(again.message).toBe(
      `Claim ${claimID} is not rejected: only a rejected claim is sent again as a replacement.`,
    );
  });

  it('"Check claim status" writes a 276 to download, and the 277 that answers it is listed with the inquiry', async () => {
    const { claimID } = await sentClaim();
    const notSent = (await data.insertClaim({ lines: [{ code: '99213' }] })).claimID;
    const checked = (
      await post(biller, 'AbilityApiIntegration/checkClaimStatus', { claimIDS: [claimID, notSent] })
    ).json<CheckClaimStatusReply>();
    expect(checked.refused).toEqual([
      { claimID: notSent, reason: `Claim ${notSent} has not been sent: there is no status to ask.` },
    ]);
    const [inquiry] = checked.inquiries;
    expect(inquiry).toMatchObject({ state: 'ready', claimIDs: [claimID] });
    const stored = (
      await get(biller, 'AbilityApiIntegration/getAbilityStatusData', { inquiryID: String(inquiry!.inquiryID) })
    ).json<StatusDataReply>();
    expect(readX12(stored.content).errors).toEqual([]);
    expect(stored.content).toContain(`REF*EJ*${claimID}~`);
    const trace = stored.claims[0]!.traceNumber;
    expect(stored.content).toContain(`TRN*1*${trace}~`);
    expect(
      (await get(outsider, 'AbilityApiIntegration/getAbilityStatusData', { inquiryID: String(inquiry!.inquiryID) }))
        .statusCode,
    ).toBe(404);

    const answer = [
      'ISA*00*          *00*          *ZZ*PAYER          *ZZ*US             *261129*1000*^*00501*000000401*0*P*:~',
      'GS*HN*PAYER*US*20261129*1000*401*X*005010X212~',
      'ST*277*0001*005010X212~',
      'BHT*0010*08*A1*20261129*1000*DG~',
      'HL*1**20*1~',
      'NM1*PR*2*ACME HEALTH PLAN*****PI*60054~',
      'HL*2*1*21*1~',
      'NM1*41*2*US*****46*1~',
      'HL*3*2*19*1~',
      'NM1*1P*2*CLINIC*****XX*1234567893~',
      'HL*4*3*22*0~',
      'NM1*IL*1*DOE*JOHN****MI*W1~',
      `TRN*2*${trace}~`,
      'STC*P1:20*20261129**120~',
      `REF*EJ*${claimID}~`,
      'SE*14*0001~',
      'GE*1*401~',
      'IEA*1*000000401~',
    ].join('\n');
    expect(read277(answer).problems).toEqual([]);
    const applied = (await upload(biller, 'status.277', answer)).json<AcknowledgementResult>();
    expect(applied).toMatchObject({
      outcome: 'applied',
      transactionSet: '277',
      claims: [{ claimID, outcome: 'pending' }],
    });
    const list = (
      await get(biller, 'AbilityApiIntegration/getAbilityStatusList', { claimID: String(claimID) })
    ).json<StatusListReply>();
    expect(list.inquiries).toHaveLength(1);
    expect(list.inquiries[0]).toMatchObject({
      state: 'answered',
      answer: {
        source: '277',
        outcome: 'pending',
        categoryCode: 'P1',
        reason: 'P1 Pending/In process; 20 Accepted for processing',
      },
    });
    const status = (
      await get(biller, 'AddEditClaim/getClaimStatusByID', { claimID: String(claimID) })
    ).json<ClaimStatusReply>();
    expect(status).toMatchObject({
      claimStatus: 'Submitted',
      latest: { source: '277', outcome: 'pending' },
      rejection: null,
    });
    const events = (
      await get(biller, 'AbilityApiIntegration/getAbilityClaimEvents', { claimID: String(claimID) })
    ).json<AbilityClaimEventsReply>();
    expect(events.events.map((event) => event.kind)).toEqual(['status', 'inquiry', 'submitted']);
  });

  it('"Check claim status" sends the 276 through the payer\'s clearinghouse when one is connected', async () => {
    const { claimID } = await sentClaim();
    const outbound = mkdtempSync(join(tmpdir(), 'acks-outbound-'));
    const [{ insuranceID } = { insuranceID: 0 }] = await database.db.query<{ insuranceID: number }>(
      'SELECT insurance_id AS "insuranceID" FROM claims WHERE claim_id = $1',
      [claimID],
    );
    await database.db.query('UPDATE insurances SET clearing_house_id = 3 WHERE insurance_id = $1', [insuranceID]);
    await database.db.query(
      `INSERT INTO clearing_house_connections (clearing_house_id, transport, outbound_folder, inbound_folder, archive_folder)
       VALUES (3, 'local', $1, $2, $3) ON CONFLICT (clearing_house_id) DO UPDATE SET outbound_folder = $1`,
      [outbound, join(outbound, 'in'), join(outbound, 'archive')],
    );
    try {
      const checked = (
        await post(biller, 'AbilityApiIntegration/checkClaimStatus', { claimIDS: [claimID] })
      ).json<CheckClaimStatusReply>();
      const [inquiry] = checked.inquiries;
      expect(inquiry).toMatchObject({ state: 'sent', sendError: null, claimIDs: [claimID] });
      expect(readdirSync(outbound)).toContain(inquiry!.fileName);
      expect(readFileSync(join(outbound, inquiry!.fileName), 'utf8')).toContain(`REF*EJ*${claimID}~`);
      const list = (
        await get(biller, 'AbilityApiIntegration/getAbilityStatusList', { claimID: String(claimID) })
      ).json<StatusListReply>();
      expect(list.inquiries[0]).toMatchObject({ state: 'sent', clearingHouseName: 'Office Ally', answer: null });
    } finally {
      await database.db.query('UPDATE insurances SET clearing_house_id = NULL WHERE insurance_id = $1', [insuranceID]);
      await database.db.query('DELETE FROM clearing_house_connections WHERE clearing_house_id = 3');
    }
  });
});
