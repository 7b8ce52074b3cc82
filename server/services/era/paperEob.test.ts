/**
 * A paper EOB keyed by hand posts once per EOB reference and line, even when sent ten times at
 * once; a payment over a line's open balance needs the biller's confirmation; an amount no EOB
 * carries, or a missing one, is refused and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines } from '../../test/engines.ts';
import { expectBooksAgree, insurancePaid, remitWorld, type RemitWorld } from './remitTestKit.ts';

describe.each(testEngines)('paper EOBs on $name', (engine) => {
  let world: RemitWorld;

  beforeAll(async () => {
    world = await remitWorld(engine, 'paper-eob@example.test');
  });
  afterAll(async () => world?.close());

  const pay = (body: Record<string, unknown>) => world.call('POST', 'AddEditClaim/saveInsurancePayments', body);
  const eobRows = async (claimID: number) =>
    (
      await world.db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM ledger_entries WHERE claim_id = $1 AND entry_type <> 'charge'",
        [claimID],
      )
    )[0]?.count ?? 0;

  it('posts the same EOB once when it is sent ten times at the same moment', async () => {
    const { claimID, lines } = await world.claimWith([10_000, 5_000]);
    const [first, second] = lines;
    const eob = {
      claimID,
      reference: 'CHK 900',
      lines: [
        {
          chargeID: first?.chargeID,
          paid: 6_000,
          adjustments: [
            { group: 'CO', reason: '45', amount: 3_000 },
            { group: 'PR', reason: '2', amount: 1_000 },
          ],
        },
        { chargeID: second?.chargeID, paid: 4_000, adjustments: [{ group: 'CO', reason: '45', amount: 1_000 }] },
      ],
    };
    const replies = await Promise.all(Array.from({ length: 10 }, () => pay(eob)));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(replies.find((reply) => reply.statusCode === 409)?.json<{ message: string }>().message).toContain(
      'EOB CHK 900 is already posted',
    );
    expect(await insurancePaid(world.db, claimID)).toBe(10_000);
    expect(await eobRows(claimID)).toBe(5);
    // The same EOB keyed again later, with another spelling of its number, is the same EOB.
    expect((await pay({ ...eob, reference: 'chk  900' })).statusCode).toBe(409);
    expect(await world.claimState(claimID)).toEqual({ balance: 1_000, status: CLAIM_STATUS.patientBalance });
    await expectBooksAgree(world.db);
  });

  it('refuses what no EOB says: a missing or null amount, a hundred million dollars, an amount that is not cents', async () => {
    const { claimID, lines } = await world.claimWith([23_100]);
    const [line] = lines;
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ chargeID: line?.chargeID, paid: null, adjustments: [] }, /paid: is required|The amount paid is required/],
      [{ chargeID: line?.chargeID, adjustments: [] }, /paid: is required|The amount paid is required/],
      [{ chargeID: line?.chargeID, paid: '', adjustments: [] }, /paid: is required|The amount paid is required/],
      [{ chargeID: line?.chargeID, paid: 10_000_000_000, adjustments: [] }, /at most \$1,000,000\.00/],
      [{ chargeID: line?.chargeID, paid: 12.5, adjustments: [] }, /whole cents/],
      [
        { chargeID: line?.chargeID, paid: 100, adjustments: [{ group: 'CO', reason: '45', amount: null }] },
        /amount: is required|The adjustment amount is required/,
      ],
    ];
    for (const [eobLine, message] of refusals) {
      const reply = await pay({ claimID, reference: 'EOB-BAD', lines: [eobLine] });
      expect(reply.statusCode, JSON.stringify(eobLine)).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(message);
    }
    expect(await eobRows(claimID)).toBe(0);
    expect(await world.claimState(claimID)).toEqual({ balance: 23_100, status: CLAIM_STATUS.submitted });
  });

  it('asks before posting a payment over the line’s open balance, and posts it once confirmed', async () => {
    const { claimID, lines } = await world.claimWith([23_100]);
    const [line] = lines;
    const eob = {
      claimID,
      reference: 'EOB-OVER',
      lines: [{ chargeID: line?.chargeID, paid: 25_000, adjustments: [] }],
    };
    const asked = await pay(eob);
    expect(asked.statusCode).toBe(400);
    expect(asked.json<{ message: string }>().message).toBe(
      `Posting needs your confirmation: Charge ${line?.chargeID} owes $231.00; the EOB pays $250.00 on it. Claim ${claimID}: the payment leaves a credit of $19.00.`,
    );
    expect(await eobRows(claimID)).toBe(0);
    const confirmed = await pay({ ...eob, bypassWarningsID: 1 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await world.claimState(claimID)).toMatchObject({ balance: -1_900 });
    await expectBooksAgree(world.db);
  });

  it('takes the corrected EOB under the same number once the first posting was reversed', async () => {
    const { claimID, lines } = await world.claimWith([10_000]);
    const [line] = lines;
    const eob = (paid: number) => ({
      claimID,
      reference: 'EOB-FIX',
      lines: [{ chargeID: line?.chargeID, paid, adjustments: [{ group: 'CO', reason: '45', amount: 10_000 - paid }] }],
    });
    expect((await pay(eob(7_000))).statusCode).toBe(200);
    expect((await pay(eob(8_000))).statusCode).toBe(409);
    const rows = await world.db.query<{ ledgerID: number }>(
      "SELECT ledger_id AS \"ledgerID\" FROM ledger_entries WHERE claim_id = $1 AND entry_type IN ('insurance_payment', 'contractual_adjustment') ORDER BY ledger_id",
      [claimID],
    );
    for (const row of rows)
      expect(
        (await world.call('POST', 'AddEditClaim/reversePaymentLedger', { ledgerID: row.ledgerID })).statusCode,
      ).toBe(200);
    const again = await pay(eob(8_000));
    expect(again.statusCode, again.body).toBe(200);
    expect(await insurancePaid(world.db, claimID)).toBe(8_000);
    expect(await world.claimState(claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    await expectBooksAgree(world.db);
  });
});
