import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { UpdateChargesSortOrderReply } from '../../../contract/chargeOrder.ts';
import { CLAIM_STATUS, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)('reordering charge lines on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Sorter', 'Yonder'));
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const reorder = (body: Record<string, unknown>, session = biller) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Claims/updateChargesSortOrder',
      headers: { ...bearer(session), 'x-action-source': 'palette' },
      payload: body,
    });
  const refusal = async (body: Record<string, unknown>, status = 400) => {
    const reply = await reorder(body);
    expect(reply.statusCode, reply.body).toBe(status);
    return reply.json<{ message: string }>().message;
  };
  const linesOf = async (claimID: number) =>
    (
      await database.db.query<{ chargeID: number; lineNumber: number }>(
        'SELECT charge_id AS "chargeID", line_number AS "lineNumber" FROM charges WHERE claim_id = $1 ORDER BY charge_id',
        [claimID],
      )
    ).map((row) => [Number(row.chargeID), row.lineNumber]);
  const eventsOf = (claimID: number) =>
    database.db.query<{ action: string; detail: Record<string, unknown> | null }>(
      'SELECT action, detail FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [claimID],
    );

  it('renumbers the lines in the order sent, sends the claim back to draft and not scrubbed, and records the DNA event and audit', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({
      lines: [{ code: '99213' }, { code: '20610' }, { code: '99214' }],
      claimStatusID: CLAIM_STATUS.readyToSubmit,
    });
    await database.db.query('UPDATE claims SET scrub_status_id = $2 WHERE claim_id = $1', [
      claimID,
      SCRUB_STATUS.passed,
    ]);
    const [a, b, c] = chargeIDs as [number, number, number];

    const reply = await reorder({ claimID, chargeIDs: [c, a, b] });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<UpdateChargesSortOrderReply>()).toEqual({
      message: 'Charge lines reordered.',
      claimID,
      chargeIDs: [c, a, b],
    });
    expect(await linesOf(claimID)).toEqual([
      [a, 2],
      [b, 3],
      [c, 1],
    ]);
    const [claim] = await database.db.query<{ scrubStatusID: number; claimStatusID: number }>(
      'SELECT scrub_status_id AS "scrubStatusID", claim_status_id AS "claimStatusID" FROM claims WHERE claim_id = $1',
      [claimID],
    );
    expect(claim).toEqual({ scrubStatusID: SCRUB_STATUS.notScrubbed, claimStatusID: CLAIM_STATUS.draft });
    expect(await eventsOf(claimID)).toEqual([
      { action: 'lines reordered', detail: { from: [a, b, c], to: [c, a, b] } },
    ]);
    const audit = await database.db.query<{ recordID: string }>(
      `SELECT record_id AS "recordID" FROM audit_log WHERE action = 'charges.reorder' AND record_id = $1`,
      [String(claimID)],
    );
    expect(audit).toHaveLength(1);
  });

  it('leaves deleted lines out and names the lines missing or not on the claim', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({
      lines: [{ code: '99213' }, { code: '20610' }, { code: '99214' }],
    });
    const [a, b, c] = chargeIDs as [number, number, number];
    await database.db.query(`UPDATE charges SET charge_status = 'deleted', balance_cents = 0 WHERE charge_id = $1`, [
      b,
    ]);
    const other = (await data.insertClaim({ lines: [{ code: '99213' }] })).chargeIDs[0]!;

    expect(await refusal({ claimID, chargeIDs: [c] })).toBe(
      `The new order must list exactly the lines of claim ${claimID}: missing charge line ${a}.`,
    );
    expect(await refusal({ claimID, chargeIDs: [c, a, b, other] })).toBe(
      `The new order must list exactly the lines of claim ${claimID}: charge lines ${b}, ${other} are not on it.`,
    );
    expect(await refusal({ claimID, chargeIDs: [c, c] })).toMatch(/once/);

    expect((await reorder({ claimID, chargeIDs: [c, a] })).statusCode).toBe(200);
    expect(await linesOf(claimID)).toEqual([
      [a, 2],
      [b, 2],
      [c, 1],
    ]);
  });

  it('refuses a void claim and hides claims outside the data role', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({
      lines: [{ code: '99213' }, { code: '20610' }],
      claimStatusID: CLAIM_STATUS.void,
    });
    expect(await refusal({ claimID, chargeIDs: [...chargeIDs].reverse() })).toMatch(/void/);
    const reply = await reorder({ claimID, chargeIDs: [...chargeIDs].reverse() }, outsider);
    expect(reply.statusCode).toBe(404);
    expect(await eventsOf(claimID)).toEqual([]);
  });
});
