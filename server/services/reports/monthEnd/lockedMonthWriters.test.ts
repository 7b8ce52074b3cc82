/**
 * Every writer of ledger money refuses a posting date in a month locked at month-end, with a
 * message naming the month, and writes nothing: ERA posting, paper EOB, patient payment, advance
 * payment add/apply/refund/reverse, write-off, ledger reversal, balance transfer, void encounter;
 * and, as they post with today's date, charge add, charge void and charge delete when today's
 * month is locked. The database refuses a row that would slip past them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvancePaymentAddedReply } from '../../../../contract/advancePayments.ts';
import { CLAIM_STATUS } from '../../../../contract/claimStatus.ts';
import type { LockMonthReply } from '../../../../contract/monthEnd.ts';
import { testEngines } from '../../../test/engines.ts';
import { eraClaim, eraLine, remitWorld, type RemitWorld } from '../../era/remitTestKit.ts';

const LOCKED_DAY = '2026-10-20';
const CLOSED = /October 2026 is (closed|locked)/;

describe.each(testEngines)('a locked month refuses every writer of money on $name', (engine) => {
  let world: RemitWorld;
  const ledgerRows = async () =>
    (await world.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entries'))[0]!.n;

  beforeAll(async () => {
    world = await remitWorld(engine, 'month-end-writers@example.test');
    const locked = await world.call('POST', 'Reports/lockMonthEndData', {
      groupID: world.group.groupId,
      monthStartDate: '2026-10-01',
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json<LockMonthReply>().locked[0]?.months).toContain('2026-10-01');
  });
  afterAll(async () => world?.close());

  /** The refusal: 400, the month named, not one ledger row more. */
  const refused = async (
    send: () => Promise<{ statusCode: number; body: string }>,
    message: RegExp = CLOSED,
  ): Promise<void> => {
    const before = await ledgerRows();
    const reply = await send();
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.body).toMatch(message);
    expect(await ledgerRows()).toBe(before);
  };

  const advance = async () => {
    const added = await world.call('POST', 'Patient/savePatientAdvancePayments', {
      patientID: world.group.patientId,
      amount: 5_000,
      method: 'card',
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json<AdvancePaymentAddedReply>().advancePaymentID;
  };

  it('ERA posting', async () => {
    const { claimID, lines } = await world.claimWith([10_000]);
    const uploaded = await world.upload({ claims: [eraClaim(claimID, [eraLine(lines[0]!, 10_000, [])])] });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await refused(() =>
      world.call('GET', 'AddEditClaim/postInsurancePayment', {
        eraCheckID: uploaded.eraCheckID,
        bypassWarningsID: 1,
        postingDate: LOCKED_DAY,
      }),
    );
  });

  it('paper EOB', async () => {
    const { claimID, lines } = await world.claimWith([10_000]);
    await refused(() =>
      world.call('POST', 'AddEditClaim/saveInsurancePayments', {
        claimID,
        reference: 'EOB-LOCKED',
        postingDate: LOCKED_DAY,
        lines: [{ chargeID: lines[0]!.chargeID, paid: 6_000, adjustments: [] }],
      }),
    );
  });

  it('patient payment', async () => {
    const { lines } = await world.claimWith([10_000]);
    await refused(() =>
      world.call('POST', 'AddEditClaim/savePatientPayments', {
        patientID: world.group.patientId,
        method: 'cash',
        postingDate: LOCKED_DAY,
        applications: [{ chargeID: lines[0]!.chargeID, amount: 1_000 }],
      }),
    );
  });

  it('advance payment added, applied, refunded and reversed', async () => {
    await refused(() =>
      world.call('POST', 'Patient/savePatientAdvancePayments', {
        patientID: world.group.patientId,
        amount: 5_000,
        method: 'card',
        receivedOn: LOCKED_DAY,
      }),
    );
    const { lines } = await world.claimWith([10_000]);
    const applied = await advance();
    await refused(() =>
      world.call('POST', 'AddEditClaim/applyAdvancePatientPayments', {
        advancePaymentID: applied,
        postingDate: LOCKED_DAY,
        applications: [{ chargeID: lines[0]!.chargeID, amount: 1_000 }],
      }),
    );
    const refundedOne = await advance();
    await refused(() =>
      world.call(
        'POST',
        `Patient/refundAdvancePayment?advancePaymentID=${refundedOne}&amount=1000&postingDate=${LOCKED_DAY}`,
      ),
    );
    const reversedOne = await advance();
    await refused(() =>
      world.call('GET', 'Patient/reverseAdvancePayment', { advancePaymentID: reversedOne, postingDate: LOCKED_DAY }),
    );
  });

  it('write-off', async () => {
    const { claimID } = await world.claimWith([10_000]);
    await refused(
      () =>
        world.call('POST', 'AddEditClaim/saveWriteOffByID', {
          claimID,
          amountCents: 2_000,
          reasonID: 1,
          postingDate: LOCKED_DAY,
        }),
      /October 2026 is locked at month-end/,
    );
  });

  it('ledger reversal', async () => {
    const { lines } = await world.claimWith([10_000]);
    const paid = await world.call('POST', 'AddEditClaim/savePatientPayments', {
      patientID: world.group.patientId,
      method: 'cash',
      applications: [{ chargeID: lines[0]!.chargeID, amount: 1_000 }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await world.db.query<{ ledgerID: number }>(
      'SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE charge_id = $1 AND entry_type = \'patient_payment\'',
      [lines[0]!.chargeID],
    );
    await refused(() =>
      world.call('POST', 'AddEditClaim/reversePaymentLedger', { ledgerID: row?.ledgerID, postingDate: LOCKED_DAY }),
    );
  });

  it('balance transfer to the patient', async () => {
    const { claimID } = await world.claimWith([10_000]);
    await refused(() =>
      world.call('POST', 'AddEditClaim/transferClaimBalance', {
        claimID,
        target: 'patient',
        postingDate: LOCKED_DAY,
      }),
    );
  });

  it('void encounter', async () => {
    const { claimID } = await world.claimWith([10_000]);
    await refused(
      () => world.call('GET', 'AddEditClaim/voidEncounterClaim', { claimID, postingDate: LOCKED_DAY }),
      /October 2026/,
    );
  });

  it("the database itself refuses a row dated in a locked month, should a writer's check be passed by", async () => {
    const { claimID, lines } = await world.claimWith([10_000]);
    await expect(
      world.db.query(
        `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
         VALUES ($1, $2, $3, $4, $5, 'patient_payment', -100, DATE '2026-10-05')`,
        [world.group.groupId, world.group.practiceId, world.group.patientId, claimID, lines[0]!.chargeID],
      ),
    ).rejects.toThrow(/locked at month-end/);
  });

  describe("with today's month locked (a lock made before this server refused an unfinished month)", () => {
    let draftClaim: number;
    let lineOf: (claimID: number) => Promise<number>;

    beforeAll(async () => {
      const { claimID } = await world.claimWith([10_000, 5_000]);
      draftClaim = claimID;
      await world.db.query(
        'UPDATE claims SET claim_status_id = $2, submit_status_id = 1, submitted_at = NULL WHERE claim_id = $1',
        [claimID, CLAIM_STATUS.draft],
      );
      await world.db.query("INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) VALUES ($1, 1, 'E119')", [
        claimID,
      ]);
      lineOf = async (id) =>
        Number(
          (
            await world.db.query<{ chargeID: number }>(
              'SELECT charge_id AS "chargeID" FROM charges WHERE claim_id = $1 ORDER BY line_number LIMIT 1',
              [id],
            )
          )[0]?.chargeID,
        );
      await world.db.query(
        "INSERT INTO month_end_locks (group_id, practice_id, month_start) VALUES ($1, $2, DATE '2026-11-01')",
        [world.group.groupId, world.group.practiceId],
      );
    });

    it('charge added', async () => {
      await refused(
        () =>
          world.call('POST', 'AddEditClaim/saveCharge', {
            claimID: draftClaim,
            cptCode: '99213',
            diagnosisPointers: [1],
            chargeCents: 4_000,
          }),
        /November 2026 is locked/,
      );
    });

    it('charge voided', async () => {
      const chargeID = await lineOf(draftClaim);
      const before = await ledgerRows();
      const reply = await world.call('POST', 'Claims/changeChargeStatus', { chargeID, status: 'void' });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.body).toMatch(/November 2026/);
      expect(await ledgerRows()).toBe(before);
    });

    it('charge deleted', async () => {
      const chargeID = await lineOf(draftClaim);
      const before = await ledgerRows();
      const reply = await world.test.app.inject({
        method: 'DELETE',
        url: '/api/AddEditClaim/deleteChargeByID',
        query: { id: String(chargeID) },
        headers: { authorization: `Bearer ${world.session.token}` },
      });
      expect(reply.body).toMatch(/November 2026/);
      expect(reply.json<{ pkid: number }>().pkid).toBe(2);
      expect(await ledgerRows()).toBe(before);
    });
  });
});
