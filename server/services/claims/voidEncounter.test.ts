import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimDetailReply } from '../../../contract/claimDetail.ts';
import { CLAIM_STATUS, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';
import {
  balanceMismatches,
  claimSnapshot,
  insertLedgerClaim,
  markScrubbed,
  markSubmitted,
  postOnLine,
} from './chargeStatusTestData.ts';

describe.each(testEngines)('voiding an encounter on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Voider', 'Beyond'));
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const voidClaim = (query: Record<string, string | number>, session = biller) =>
    test.app.inject({
      method: 'GET',
      url: '/api/AddEditClaim/voidEncounterClaim',
      headers: { ...bearer(session), 'x-action-source': 'palette' },
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
  const refusal = async (query: Record<string, string | number>, status = 400) => {
    const reply = await voidClaim(query);
    expect(reply.statusCode, reply.body).toBe(status);
    return reply.json<{ message: string }>().message;
  };
  const claimOf = async (claimID: number) =>
    (
      await database.db.query<{
        claimStatusID: number;
        scrubStatusID: number;
        total: number;
        balance: number;
        findings: number;
      }>(
        `SELECT claim_status_id AS "claimStatusID", scrub_status_id AS "scrubStatusID", total_charge_cents AS total, balance_cents AS balance,
                (SELECT count(*)::int FROM scrub_results r WHERE r.claim_id = c.claim_id) AS findings
           FROM claims c WHERE claim_id = $1`,
        [claimID],
      )
    )[0];

  it('takes every line off the claim on the posting date given, and the claim is void', async () => {
    const { claimID, chargeIDs } = await insertLedgerClaim(data, {
      lines: [{ code: '99213' }, { code: '36415', cents: 2_500 }, { code: '81002', cents: 900, status: 'void' }],
    });
    await markScrubbed(database.db, claimID);
    const reply = await voidClaim({ claimID, postingDate: '2026-11-20' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: 'Encounter voided.', claimID, voidedLines: 2 });

    expect(await claimOf(claimID)).toEqual({
      claimStatusID: CLAIM_STATUS.void,
      scrubStatusID: SCRUB_STATUS.notScrubbed,
      total: 0,
      balance: 0,
      findings: 0,
    });
    const lines = await database.db.query<{ status: string; balance: number }>(
      'SELECT charge_status AS status, balance_cents AS balance FROM charges WHERE claim_id = $1 ORDER BY line_number',
      [claimID],
    );
    expect(lines).toEqual([
      { status: 'void', balance: 0 },
      { status: 'void', balance: 0 },
      { status: 'void', balance: 0 },
    ]);
    const reversals = await database.db.query<{ chargeID: number; amount: number; postingDate: string; note: string }>(
      `SELECT charge_id AS "chargeID", amount_cents AS amount, to_char(posting_date, 'YYYY-MM-DD') AS "postingDate", note
         FROM ledger_entries WHERE claim_id = $1 AND entry_type = 'reversal' AND posting_date = DATE '2026-11-20' ORDER BY charge_id`,
      [claimID],
    );
    expect(reversals).toEqual([
      { chargeID: chargeIDs[0], amount: -10_000, postingDate: '2026-11-20', note: 'Encounter voided' },
      { chargeID: chargeIDs[1], amount: -2_500, postingDate: '2026-11-20', note: 'Encounter voided' },
    ]);
    expect(await balanceMismatches(database.db, claimID)).toEqual([]);

    const events = await database.db.query<{ action: string; source: string; detail: Record<string, unknown> }>(
      'SELECT action, source, detail FROM claim_events WHERE claim_id = $1',
      [claimID],
    );
    expect(events).toEqual([
      {
        action: 'encounter voided',
        source: 'palette',
        detail: {
          postingDate: '2026-11-20',
          fromID: CLAIM_STATUS.readyToSubmit,
          from: 'Ready to Submit',
          lines: [
            { chargeID: chargeIDs[0], lineNumber: 1, reversedCents: 10_000 },
            { chargeID: chargeIDs[1], lineNumber: 2, reversedCents: 2_500 },
          ],
        },
      },
    ]);
    const history = await database.db.query<{ chargeID: number; from: string; to: string }>(
      `SELECT charge_id AS "chargeID", from_status AS "from", to_status AS "to" FROM charge_status_history WHERE charge_id = ANY($1::bigint[]) ORDER BY charge_id`,
      [chargeIDs],
    );
    expect(history).toEqual([
      { chargeID: chargeIDs[0], from: 'active', to: 'void' },
      { chargeID: chargeIDs[1], from: 'active', to: 'void' },
    ]);
    const audit = await database.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_log WHERE action = 'claims.voidEncounter' AND record_id = $1`,
      [String(claimID)],
    );
    expect(audit).toEqual([{ detail: { postingDate: '2026-11-20', lines: 2 } }]);

    const detail = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getClaimDetailData',
      headers: bearer(biller),
      query: { claimID: String(claimID) },
    });
    expect(detail.json<ClaimDetailReply>().header).toMatchObject({
      claimStatus: 'Void',
      totalCharges: 0,
      paid: 0,
      adjusted: 0,
      balance: 0,
    });
  });

  it('voids a claim the payer rejected or denied; denial markers move no money and do not stand in the way', async () => {
    const rejected = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    await markSubmitted(database.db, rejected.claimID, CLAIM_STATUS.rejected);
    const denied = await insertLedgerClaim(data, { lines: [{ code: '99213' }, { code: '36415', cents: 2_500 }] });
    await markSubmitted(database.db, denied.claimID, CLAIM_STATUS.denied);
    await postOnLine(database.db, denied.chargeIDs[0]!, 'denial', 0);
    for (const claim of [rejected, denied]) {
      const reply = await voidClaim({ claimID: claim.claimID, postingDate: '2026-11-21' });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(await claimOf(claim.claimID)).toMatchObject({ claimStatusID: CLAIM_STATUS.void, total: 0, balance: 0 });
      expect(await balanceMismatches(database.db, claim.claimID)).toEqual([]);
    }
  });

  it('refuses a void claim, a claim with the payer, money standing on a line and a locked month; nothing changes', async () => {
    const voided = await insertLedgerClaim(data, {
      claimStatusID: CLAIM_STATUS.void,
      lines: [{ code: '99213', status: 'void' }],
    });
    const sent = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    await markSubmitted(database.db, sent.claimID);
    const paidAfterSending = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    await markSubmitted(database.db, paidAfterSending.claimID, CLAIM_STATUS.paid);
    const posted = await insertLedgerClaim(data, {
      claimStatusID: CLAIM_STATUS.patientBalance,
      lines: [{ code: '99213' }, { code: '36415', cents: 2_500 }],
    });
    await postOnLine(database.db, posted.chargeIDs[1]!, 'patient_payment', -1_000);
    const locked = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    await database.db.query(
      `INSERT INTO month_end_locks (group_id, practice_id, month_start) VALUES ($1, $2, DATE '2026-10-01')`,
      [data.group.groupId, data.group.practiceId],
    );

    const cases: [number, string, string][] = [
      [voided.claimID, '2026-11-20', `Claim ${voided.claimID} is already void.`],
      [
        sent.claimID,
        '2026-11-20',
        `Claim ${sent.claimID} has been submitted and is Submitted: an encounter is voided before it is sent, or after the payer rejected or denied it.`,
      ],
      [
        paidAfterSending.claimID,
        '2026-11-20',
        `Claim ${paidAfterSending.claimID} has been submitted and is Paid: an encounter is voided before it is sent, or after the payer rejected or denied it.`,
      ],
      [
        posted.claimID,
        '2026-11-20',
        `Claim ${posted.claimID}: line 2 has payments or adjustments posted. Reverse the payments first.`,
      ],
      [
        locked.claimID,
        '2026-10-15',
        `Claim ${locked.claimID} cannot be voided on 2026-10-15: October 2026 is locked for month-end; choose a posting date in an open month.`,
      ],
    ];
    for (const [claimID, postingDate, message] of cases) {
      const before = await claimSnapshot(database.db, claimID);
      expect(await refusal({ claimID, postingDate })).toBe(message);
      expect(await claimSnapshot(database.db, claimID)).toEqual(before);
    }
    // The month after is open.
    expect((await voidClaim({ claimID: locked.claimID, postingDate: '2026-11-01' })).statusCode).toBe(200);
    await database.db.query('DELETE FROM month_end_locks WHERE practice_id = $1', [data.group.practiceId]);
  });

  it('refuses bad input with a 400 that says what is wrong, and a claim outside the data role with a 404; nothing changes', async () => {
    const { claimID } = await insertLedgerClaim(data, { lines: [{ code: '99213' }] });
    const before = await claimSnapshot(database.db, claimID);
    for (const postingDate of ['2026-02-30', '15/03/2026', '2026-3-5', '']) {
      expect(await refusal({ claimID, postingDate })).toBe(
        'postingDate: Enter the posting date as YYYY-MM-DD, e.g. 2026-03-15.',
      );
    }
    expect(await refusal({ claimID })).toBe('postingDate: is required.');
    expect(await refusal({ claimID: 'abc', postingDate: '2026-11-20' })).toMatch(/^claimID: /);
    expect(await refusal({ claimID, postingDate: '2026-11-20', reason: 'x' })).toMatch(/Unrecognized key: "reason"/);
    const outside = await voidClaim({ claimID, postingDate: '2026-11-20' }, outsider);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: 'Not Found.' });
    expect(await refusal({ claimID: 987_654_321, postingDate: '2026-11-20' }, 404)).toBe('Not Found.');
    expect(await claimSnapshot(database.db, claimID)).toEqual(before);
  });
});
