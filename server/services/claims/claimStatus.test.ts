import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimDNAReply } from '../../../contract/claimDNA.ts';
import { CLAIM_STATUS, CLAIM_STATUS_NAMES, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import { MANUAL_CLAIM_STATUS_CHANGES, type UpdateClaimsStatusReply } from '../../../contract/claimStatusChange.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { createScrubTestData, type ScrubTestData } from '../scrub/scrubTestData.ts';
import { claimSnapshot, markScrubbed, markSubmitted } from './chargeStatusTestData.ts';
import { statusChangeRefusal, updateClaimsStatus } from './claimStatus.ts';

const S = CLAIM_STATUS;
const ALL_STATUSES = Object.values(S);

describe('the manual claim status table', () => {
  it('lets a claim go only where the table says, never to a status the product sets itself, and never out of void or closed', () => {
    for (const from of ALL_STATUSES) {
      for (const to of ALL_STATUSES) {
        const allowed = statusChangeRefusal(1, from, to) === null;
        expect(allowed, `${CLAIM_STATUS_NAMES[from]} -> ${CLAIM_STATUS_NAMES[to]}`).toBe(
          MANUAL_CLAIM_STATUS_CHANGES[from]?.includes(to) ?? false,
        );
      }
    }
    for (const automatic of [S.draft, S.readyToSubmit, S.submitted, S.partiallyPaid, S.paid, S.void]) {
      expect(ALL_STATUSES.filter((from) => MANUAL_CLAIM_STATUS_CHANGES[from]?.includes(automatic))).toEqual([]);
    }
    expect(MANUAL_CLAIM_STATUS_CHANGES[S.void]).toEqual([]);
    expect(MANUAL_CLAIM_STATUS_CHANGES[S.closed]).toEqual([]);
  });
});

describe.each(testEngines)('claim and scrub status changes on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let other: TestGroup;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    data = await createScrubTestData(database.db, 'Stater');
    other = await createTestGroup(database.db, 'Afar', { claims: 1 });
    await createTestUser(database.db, 'afar@example.test', { groupIds: [other.groupId] });
    test = await createTestApp(database.db);
    biller = await signIn(test, 'stater@example.test');
    outsider = await signIn(test, 'afar@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const post = (name: string, payload: Record<string, unknown>, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: `/api/Claims/${name}`,
      headers: { ...bearer(session), 'x-action-source': 'hotkey' },
      payload,
    });
  const refusal = async (name: string, payload: Record<string, unknown>, status = 400) => {
    const reply = await post(name, payload);
    expect(reply.statusCode, reply.body).toBe(status);
    return reply.json<{ message: string }>().message;
  };
  const claimWith = async (claimStatusID: number) =>
    (await data.insertClaim({ claimStatusID, lines: [{ code: '99213' }] })).claimID;
  const sentClaim = async (claimStatusID: number = S.submitted) => {
    const claimID = await claimWith(S.draft);
    await markSubmitted(database.db, claimID, claimStatusID);
    return claimID;
  };
  const statusOf = async (claimID: number) =>
    (
      await database.db.query<{ claimStatusID: number; scrubStatusID: number; findings: number }>(
        `SELECT claim_status_id AS "claimStatusID", scrub_status_id AS "scrubStatusID",
                (SELECT count(*)::int FROM scrub_results r WHERE r.claim_id = c.claim_id) AS findings
           FROM claims c WHERE claim_id = $1`,
        [claimID],
      )
    )[0];
  const eventsOf = (claimID: number) =>
    database.db.query<{ action: string; source: string; userID: number; detail: Record<string, unknown> }>(
      'SELECT action, source, user_id AS "userID", detail FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [claimID],
    );

  it('changes a claim status by hand, with the note in one DNA event and an audit row', async () => {
    const claimID = await sentClaim();
    const reply = await post('changeClaimStatus', {
      claimID,
      claimStatusID: S.denied,
      note: '  Payer says: not covered  ',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: 'Claim status changed to Denied.', claimID, claimStatusID: S.denied });
    expect(await statusOf(claimID)).toMatchObject({ claimStatusID: S.denied });
    expect(await eventsOf(claimID)).toEqual([
      {
        action: 'status changed',
        source: 'hotkey',
        userID: data.actor.userId,
        detail: {
          fromID: S.submitted,
          toID: S.denied,
          from: 'Submitted',
          to: 'Denied',
          note: 'Payer says: not covered',
        },
      },
    ]);
    const audit = await database.db.query<{ source: string; detail: Record<string, unknown> }>(
      `SELECT source, detail FROM audit_log WHERE action = 'claims.status' AND record_id = $1`,
      [String(claimID)],
    );
    expect(audit).toEqual([{ source: 'hotkey', detail: { claimIDs: [claimID], toStatusID: S.denied } }]);

    expect((await post('changeClaimStatus', { claimID, claimStatusID: S.closed })).statusCode).toBe(200);
    const dna = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getClaimDNAData',
      headers: bearer(biller),
      query: { claimID: String(claimID) },
    });
    expect(
      dna.json<ClaimDNAReply>().events.map((event) => [event.action, event.detail?.to, event.detail?.note]),
    ).toEqual([
      ['status changed', 'Denied', 'Payer says: not covered'],
      ['status changed', 'Closed', null],
    ]);
  });

  it('refuses the statuses the product sets itself, leaving void or closed, and moves the table does not list; nothing changes', async () => {
    const draft = await claimWith(S.draft);
    const rejected = await sentClaim(S.rejected);
    const voided = await claimWith(S.void);
    const closed = await claimWith(S.closed);
    const denied = await sentClaim(S.denied);
    const cases: [number, number, string][] = [
      [
        draft,
        S.submitted,
        `Claim ${draft} cannot be set to Submitted by hand: A claim is Submitted when it is sent (Alt+U).`,
      ],
      [
        rejected,
        S.paid,
        `Claim ${rejected} cannot be set to Paid by hand: Paid and Partially Paid follow from the payments posted on the claim.`,
      ],
      [
        rejected,
        S.draft,
        `Claim ${rejected} cannot be set to Draft by hand: Draft and Ready to Submit follow from scrubbing and edits; scrub the claim instead (Alt+S).`,
      ],
      [
        draft,
        S.void,
        `Claim ${draft} cannot be set to Void by hand: Use "Void encounter…", which takes the charges off the claim in the ledger.`,
      ],
      [voided, S.closed, `Claim ${voided} is void: its status does not change any more.`],
      [closed, S.patientBalance, `Claim ${closed} is closed: its status does not change any more.`],
      [denied, S.denied, `Claim ${denied} is already Denied.`],
      [
        draft,
        S.denied,
        `Claim ${draft} cannot go from Draft to Denied; from Draft it can go to Patient Balance or Closed.`,
      ],
      [
        denied,
        S.acceptedByPayer,
        `Claim ${denied} cannot go from Denied to Accepted by Payer; from Denied it can go to Patient Balance or Closed.`,
      ],
    ];
    for (const [claimID, claimStatusID, message] of cases) {
      const before = await claimSnapshot(database.db, claimID);
      expect(await refusal('changeClaimStatus', { claimID, claimStatusID })).toBe(message);
      expect(await claimSnapshot(database.db, claimID)).toEqual(before);
    }
  });

  it('changes many claims at once, each checked on its own, and says why the others were not changed', async () => {
    const first = await sentClaim();
    const second = await sentClaim(S.acceptedByPayer);
    const draft = await claimWith(S.draft);
    const voided = await claimWith(S.void);
    const outside = other.claimIds[0]!;
    const reply = await post('updateClaimsStatus', {
      claimIDS: [first, draft, second, voided, outside, 987_654_321, first],
      claimStatusID: S.denied,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<UpdateClaimsStatusReply>()).toEqual({
      updated: [first, second],
      refused: [
        {
          claimID: draft,
          reason: `Claim ${draft} cannot go from Draft to Denied; from Draft it can go to Patient Balance or Closed.`,
        },
        { claimID: voided, reason: `Claim ${voided} is void: its status does not change any more.` },
        { claimID: outside, reason: `Claim ${outside} was not found.` },
        { claimID: 987_654_321, reason: 'Claim 987654321 was not found.' },
      ],
    });
    expect((await statusOf(first))?.claimStatusID).toBe(S.denied);
    expect((await statusOf(second))?.claimStatusID).toBe(S.denied);
    expect((await statusOf(draft))?.claimStatusID).toBe(S.draft);
    expect((await eventsOf(second)).map((event) => event.detail)).toEqual([
      { fromID: S.acceptedByPayer, toID: S.denied, from: 'Accepted by Payer', to: 'Denied', note: null },
    ]);
    expect(await eventsOf(draft)).toEqual([]);
    const [outsideStatus] = await database.db.query<{ id: number }>(
      'SELECT claim_status_id AS id FROM claims WHERE claim_id = $1',
      [outside],
    );
    expect(outsideStatus?.id).not.toBe(S.denied);
  });

  it('runs a large change in chunks, one transaction and one audit row each', async () => {
    const claimIDs = [
      await sentClaim(),
      await sentClaim(),
      await sentClaim(),
      await claimWith(S.void),
      await sentClaim(),
    ];
    const scope = { groupIds: [data.group.groupId], practiceIds: [data.group.practiceId] };
    const auditsBefore = (await database.db.query(`SELECT 1 FROM audit_log WHERE action = 'claims.status'`)).length;
    const reply = await updateClaimsStatus(
      database.db,
      data.actor,
      scope,
      claimIDs,
      S.closed,
      new Date(test.clock.time),
      2,
    );
    expect(reply.updated).toEqual(claimIDs.filter((_, index) => index !== 3));
    expect(reply.refused.map((claim) => claim.claimID)).toEqual([claimIDs[3]]);
    expect(
      (await database.db.query(`SELECT 1 FROM audit_log WHERE action = 'claims.status'`)).length - auditsBefore,
    ).toBe(3);
  });

  it('refuses bad input with a 400 that says what is wrong, and changes nothing', async () => {
    const claimID = await sentClaim();
    const before = await claimSnapshot(database.db, claimID);
    expect(await refusal('changeClaimStatus', { claimID, claimStatusID: 42 })).toBe(
      'claimStatusID: Choose a claim status from the list.',
    );
    expect(await refusal('changeClaimStatus', { claimID })).toBe('claimStatusID: is required.');
    expect(await refusal('changeClaimStatus', { claimStatusID: S.denied })).toBe('claimID: is required.');
    expect(await refusal('changeClaimStatus', { claimID, claimStatusID: S.denied, note: 'x'.repeat(501) })).toBe(
      'note: A note takes at most 500 characters.',
    );
    expect(await refusal('changeClaimStatus', { claimID, claimStatusID: S.denied, reason: 'x' })).toMatch(
      /Unrecognized key: "reason"/,
    );
    expect(await refusal('updateClaimsStatus', { claimIDS: [], claimStatusID: S.denied })).toBe(
      'claimIDS: Choose at least one claim.',
    );
    expect(
      await refusal('updateClaimsStatus', {
        claimIDS: Array.from({ length: 20_001 }, (_, index) => index + 1),
        claimStatusID: S.denied,
      }),
    ).toBe('claimIDS: At most 20,000 claims at once.');
    expect(await refusal('changeClaimScrubStatus', { claimID, scrubStatusID: 9 })).toBe(
      'scrubStatusID: Choose a scrub status from the list.',
    );
    expect(await claimSnapshot(database.db, claimID)).toEqual(before);
  });

  it('does not find a claim outside the data role', async () => {
    const claimID = await sentClaim();
    const before = await claimSnapshot(database.db, claimID);
    for (const [name, payload] of [
      ['changeClaimStatus', { claimID, claimStatusID: S.denied }],
      ['changeClaimScrubStatus', { claimID, scrubStatusID: SCRUB_STATUS.notScrubbed }],
    ] as const) {
      const reply = await post(name, payload, outsider);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: 'Not Found.' });
    }
    const bulk = await post('updateClaimsStatus', { claimIDS: [claimID], claimStatusID: S.denied }, outsider);
    expect(bulk.json<UpdateClaimsStatusReply>()).toEqual({
      updated: [],
      refused: [{ claimID, reason: `Claim ${claimID} was not found.` }],
    });
    expect(await refusal('changeClaimStatus', { claimID: 987_654_321, claimStatusID: S.denied }, 404)).toBe(
      'Not Found.',
    );
    expect(await claimSnapshot(database.db, claimID)).toEqual(before);
  });

  it('sends a scrubbed claim back to not scrubbed: findings and a forced pass dropped, ready to submit is a draft again', async () => {
    const claimID = await claimWith(S.draft);
    await markScrubbed(database.db, claimID);
    await database.db.query(
      `UPDATE claims SET forced_pass_reason = 'Checked', scrub_status_id = $2 WHERE claim_id = $1`,
      [claimID, SCRUB_STATUS.forcefullyPassed],
    );
    const reply = await post('changeClaimScrubStatus', { claimID, scrubStatusID: SCRUB_STATUS.notScrubbed });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      message: 'Scrub status changed to Not Scrubbed.',
      claimID,
      scrubStatusID: SCRUB_STATUS.notScrubbed,
      claimStatusID: S.draft,
    });
    expect(await statusOf(claimID)).toEqual({
      claimStatusID: S.draft,
      scrubStatusID: SCRUB_STATUS.notScrubbed,
      findings: 0,
    });
    const [forced] = await database.db.query<{ reason: string | null }>(
      'SELECT forced_pass_reason AS reason FROM claims WHERE claim_id = $1',
      [claimID],
    );
    expect(forced?.reason).toBeNull();
    expect(await eventsOf(claimID)).toEqual([
      {
        action: 'scrub status changed',
        source: 'hotkey',
        userID: data.actor.userId,
        detail: {
          fromID: SCRUB_STATUS.forcefullyPassed,
          toID: SCRUB_STATUS.notScrubbed,
          from: 'Forcefully Passed',
          to: 'Not Scrubbed',
        },
      },
    ]);
  });

  it('refuses any other scrub status by hand, and claims that are void, closed, sent or not scrubbed; nothing changes', async () => {
    const scrubbed = await claimWith(S.draft);
    await markScrubbed(database.db, scrubbed);
    const voided = await claimWith(S.void);
    const closed = await claimWith(S.closed);
    const sent = await sentClaim();
    const fresh = await claimWith(S.draft);
    const cases: [number, number, string][] = [
      [
        scrubbed,
        SCRUB_STATUS.passed,
        'A claim cannot be set to Passed by hand: it passes or fails by scrubbing it (Alt+S), and its warnings are passed with "Pass claims with their warnings…".',
      ],
      [
        scrubbed,
        SCRUB_STATUS.forcefullyPassed,
        'A claim cannot be set to Forcefully Passed by hand: it passes or fails by scrubbing it (Alt+S), and its warnings are passed with "Pass claims with their warnings…".',
      ],
      [voided, SCRUB_STATUS.notScrubbed, `Claim ${voided} is void: its scrub status does not change any more.`],
      [closed, SCRUB_STATUS.notScrubbed, `Claim ${closed} is closed: its scrub status does not change any more.`],
      [sent, SCRUB_STATUS.notScrubbed, `Claim ${sent} has been submitted: its scrub result stays as it was sent.`],
      [fresh, SCRUB_STATUS.notScrubbed, `Claim ${fresh} is already Not Scrubbed.`],
    ];
    for (const [claimID, scrubStatusID, message] of cases) {
      const before = await claimSnapshot(database.db, claimID);
      expect(await refusal('changeClaimScrubStatus', { claimID, scrubStatusID })).toBe(message);
      expect(await claimSnapshot(database.db, claimID)).toEqual(before);
    }
  });
});
