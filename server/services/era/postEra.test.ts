import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import {
  CHARGE_UNLINKED,
  ERA_POSTED,
  INSURANCE_PAYMENT_SAVED,
  PATIENT_PAYMENT_SAVED,
  type EraFullDetailReply,
  type InsurancePaymentReply,
  type PostingValidationReply,
  type UploadEraReply,
} from '../../../contract/era.ts';
import { write835, type Claim835 } from '../../edi/era/write835.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';

interface OurLine {
  chargeID: number;
  claimID: number;
  cptCode: string;
  chargeCents: number;
  dosFrom: string;
  lineControlNumber: string;
}

describe.each(testEngines)('posting an ERA check on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let group: TestGroup;
  let session: SessionUser;
  const lines = new Map<number, OurLine[]>();
  let trace = 0;

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Posting', { claims: 9 });
    // Two lines a claim ($100 and $200), each with its 'charge' ledger row, so books agree.
    await database.db.query(
      `INSERT INTO charges (claim_id, line_number, cpt_code, units, charge_cents, dos_from, dos_to, line_control_number, balance_cents)
       SELECT c.claim_id, n, CASE WHEN n = 1 THEN '99213' ELSE '36415' END, 1, 10000 * n, c.dos_from, c.dos_to, 'P' || c.claim_id || '-' || n, 10000 * n
         FROM claims c CROSS JOIN generate_series(1, 2) AS n WHERE c.group_id = $1`,
      [group.groupId],
    );
    await database.db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
       SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, 'charge', ch.charge_cents, DATE '2026-01-15'
         FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE c.group_id = $1`,
      [group.groupId],
    );
    await database.db.query(
      `UPDATE claims c SET total_charge_cents = 30000, balance_cents = 30000, claim_status_id = ${CLAIM_STATUS.submitted} WHERE c.group_id = $1`,
      [group.groupId],
    );
    const rows = await database.db.query<OurLine>(
      `SELECT charge_id AS "chargeID", claim_id AS "claimID", cpt_code AS "cptCode", charge_cents AS "chargeCents", dos_from AS "dosFrom", line_control_number AS "lineControlNumber"
         FROM charges ORDER BY claim_id, line_number`,
    );
    for (const row of rows) lines.set(row.claimID, [...(lines.get(row.claimID) ?? []), row]);
    // The code lists are not loaded in test databases; a paper EOB's reasons are checked against them.
    await database.db.query(
      `INSERT INTO adjustment_reason_codes (code, description) VALUES ('45', 'Charge exceeds fee schedule/maximum allowable.'), ('2', 'Coinsurance Amount.')
       ON CONFLICT (code) DO NOTHING`,
    );
    await createTestUser(database.db, 'poster@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'poster@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const claimAt = (index: number) => Number(group.claimIds[index]);
  /** Allowed 70%, paid 80% of allowed (the rest the patient's coinsurance), unless denied. */
  const paying = (claimID: number, status = '1', sign = 1): Claim835 => ({
    claimID: String(claimID),
    status,
    patient: { lastName: 'SMITH', firstName: 'JANE', memberID: 'W1' },
    payerClaimControlNumber: `PCN${claimID}`,
    lines: (lines.get(claimID) ?? []).map((line) => {
      const allowed = Math.round(line.chargeCents * 0.7);
      const paid = Math.round(allowed * 0.8);
      if (status === '4') {
        return {
          procedure: line.cptCode,
          modifiers: [],
          chargeCents: line.chargeCents,
          paidCents: 0,
          allowedCents: null,
          units: 1,
          serviceDate: line.dosFrom,
          lineControlNumber: line.lineControlNumber,
          adjustments: [{ group: 'CO', reason: '50', cents: line.chargeCents }],
          remarks: ['N115'],
        };
      }
      return {
        procedure: line.cptCode,
        modifiers: [],
        chargeCents: sign * line.chargeCents,
        paidCents: sign * paid,
        allowedCents: sign * allowed,
        units: 1,
        serviceDate: line.dosFrom,
        lineControlNumber: line.lineControlNumber,
        adjustments: [
          { group: 'CO', reason: '45', cents: sign * (line.chargeCents - allowed) },
          { group: 'PR', reason: '2', cents: sign * (allowed - paid) },
        ],
        remarks: [],
      };
    }),
  });
  const uploadCheck = async (claims: Claim835[]): Promise<number> => {
    trace += 1;
    const text = write835({
      payer: { name: 'AETNA', identifier: '60054' },
      payee: { name: 'POSTING PRACTICE', npi: '1234567893' },
      traceNumber: `T${trace}`,
      paymentDate: '2026-11-20',
      controlNumber: trace,
      claims,
    });
    const reply = await test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/uploadERA',
      query: { groupID: String(group.groupId), fileName: `t${trace}.835` },
      headers: { ...bearer(session), 'content-type': 'text/plain' },
      payload: text,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<UploadEraReply>().checks[0]?.eraCheckID ?? 0;
  };
  const post = (eraCheckID: number, extra: Record<string, string> = {}) =>
    test.app.inject({
      method: 'GET',
      url: '/api/AddEditClaim/postInsurancePayment',
      query: { eraCheckID: String(eraCheckID), ...extra },
      headers: bearer(session),
    });
  const claimState = async (claimID: number) =>
    (
      await database.db.query<{ balance: number; status: number }>(
        'SELECT balance_cents AS balance, claim_status_id AS status FROM claims WHERE claim_id = $1',
        [claimID],
      )
    )[0];
  /** Money never appears or vanishes: every line's and claim's balance is what its ledger says. */
  const expectBooksAgree = async () => {
    const off = await database.db.query(
      `SELECT ch.charge_id FROM charges ch WHERE ch.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.charge_id = ch.charge_id)
       UNION ALL
       SELECT c.claim_id FROM claims c WHERE c.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries l WHERE l.claim_id = c.claim_id)`,
    );
    expect(off).toEqual([]);
  };

  it('posts payments, contractual adjustments and the patient share on each line, in one go, and the claim owes only the patient share', async () => {
    const eraCheckID = await uploadCheck([paying(claimAt(0))]);
    const reply = await post(eraCheckID);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: ERA_POSTED, pkid: 1, claims: 1, paid: 16_800, warningsAccepted: [] });
    const ledger = await database.db.query<{
      type: string;
      amount: number;
      group: string | null;
      reason: string | null;
    }>(
      `SELECT entry_type AS type, amount_cents AS amount, adjustment_group_code AS "group", reason_code AS reason FROM ledger_entries WHERE era_check_id = $1 ORDER BY ledger_id`,
      [eraCheckID],
    );
    expect(ledger).toEqual([
      { type: 'insurance_payment', amount: -5_600, group: null, reason: null },
      { type: 'contractual_adjustment', amount: -3_000, group: 'CO', reason: '45' },
      { type: 'patient_responsibility', amount: 0, group: 'PR', reason: '2' },
      { type: 'insurance_payment', amount: -11_200, group: null, reason: null },
      { type: 'contractual_adjustment', amount: -6_000, group: 'CO', reason: '45' },
      { type: 'patient_responsibility', amount: 0, group: 'PR', reason: '2' },
    ]);
    expect(await claimState(claimAt(0))).toEqual({ balance: 4_200, status: CLAIM_STATUS.patientBalance });
    const [posted] = await database.db.query<{ status: string; paid: number }>(
      `SELECT ec.status, (SELECT -sum(amount_cents) FROM ledger_entries WHERE era_check_id = ec.era_check_id AND entry_type = 'insurance_payment')::bigint AS paid
         FROM era_checks ec WHERE era_check_id = $1`,
      [eraCheckID],
    );
    expect(posted).toEqual({ status: 'posted', paid: 16_800 });
    await expectBooksAgree();
    const again = await post(eraCheckID);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'This ERA check is already posted; nothing was posted again.',
    );
  });

  it('records denied lines as denials without writing them off: the claim still owes everything', async () => {
    const eraCheckID = await uploadCheck([paying(claimAt(1), '4')]);
    expect((await post(eraCheckID)).statusCode).toBe(200);
    const rows = await database.db.query<{ type: string; amount: number; reason: string }>(
      'SELECT entry_type AS type, amount_cents AS amount, reason_code AS reason FROM ledger_entries WHERE era_check_id = $1 ORDER BY ledger_id',
      [eraCheckID],
    );
    expect(rows).toEqual([
      { type: 'denial', amount: 0, reason: '50' },
      { type: 'denial', amount: 0, reason: '50' },
    ]);
    expect(await claimState(claimAt(1))).toEqual({ balance: 30_000, status: CLAIM_STATUS.denied });
    await expectBooksAgree();
  });

  it('asks before posting a check with a claim that is not ours, lists why, and posts only ours once accepted', async () => {
    const foreign: Claim835 = {
      ...paying(claimAt(2)),
      claimID: 'NOT-OURS',
      lines: paying(claimAt(2)).lines.map((line) => ({ ...line, lineControlNumber: null, procedure: '99999' })),
    };
    const eraCheckID = await uploadCheck([paying(claimAt(3)), foreign]);
    const checked = (
      await test.app.inject({
        method: 'GET',
        url: '/api/AddEditClaim/getPostingValidationErrors',
        query: { eraCheckID: String(eraCheckID) },
        headers: bearer(session),
      })
    ).json<PostingValidationReply>();
    expect(checked).toEqual({
      errors: [],
      warnings: ['1 claim of the check match none of ours and stay in the queue to link: NOT-OURS.'],
    });
    const refused = await post(eraCheckID);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'Posting needs your confirmation: 1 claim of the check match none of ours and stay in the queue to link: NOT-OURS.',
    );
    expect(await claimState(claimAt(3))).toEqual({ balance: 30_000, status: CLAIM_STATUS.submitted });
    const accepted = await post(eraCheckID, { bypassWarningsID: '1' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<{ claims: number }>().claims).toBe(1);
    expect(await claimState(claimAt(3))).toEqual({ balance: 4_200, status: CLAIM_STATUS.patientBalance });
    await expectBooksAgree();
  });

  it('posts a check once when two billers post it at the same moment', async () => {
    const eraCheckID = await uploadCheck([paying(claimAt(4))]);
    const replies = await Promise.all([post(eraCheckID), post(eraCheckID)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const [{ rows } = { rows: 0 }] = await database.db.query<{ rows: number }>(
      'SELECT count(*)::int AS rows FROM ledger_entries WHERE era_check_id = $1',
      [eraCheckID],
    );
    expect(rows).toBe(6);
    expect(await claimState(claimAt(4))).toEqual({ balance: 4_200, status: CLAIM_STATUS.patientBalance });
    await expectBooksAgree();
  });

  it('posts a reversal (CLP02 22) as rows negating what the earlier check posted, putting the balance back', async () => {
    const paid = await uploadCheck([paying(claimAt(5))]);
    expect((await post(paid)).statusCode).toBe(200);
    expect(await claimState(claimAt(5))).toEqual({ balance: 4_200, status: CLAIM_STATUS.patientBalance });
    const reversal = await uploadCheck([paying(claimAt(5), '22', -1)]);
    const reply = await post(reversal, { bypassWarningsID: '1' });
    expect(reply.statusCode, reply.body).toBe(200);
    const rows = await database.db.query<{ type: string; amount: number; reverses: number | null }>(
      'SELECT entry_type AS type, amount_cents AS amount, reverses_ledger_id AS reverses FROM ledger_entries WHERE era_check_id = $1 ORDER BY ledger_id',
      [reversal],
    );
    // Every row of the posting it names, the patient-share markers too, so nothing of it stands.
    const originals = await database.db.query<{ id: number; amount: number }>(
      'SELECT ledger_id AS id, amount_cents AS amount FROM ledger_entries WHERE era_check_id = $1 ORDER BY ledger_id',
      [paid],
    );
    expect(rows).toEqual(
      originals.map((original) => ({ type: 'reversal', amount: 0 - original.amount + 0, reverses: original.id })),
    );
    expect(await claimState(claimAt(5))).toEqual({ balance: 30_000, status: CLAIM_STATUS.acceptedByPayer });
    await expectBooksAgree();
  });

  it('links by hand what matching could not, unlinks a wrong match, and posts what was linked', async () => {
    const claimID = claimAt(6);
    const unrecognised: Claim835 = {
      ...paying(claimID),
      claimID: 'PAPER-123',
      lines: paying(claimID).lines.map((line) => ({ ...line, lineControlNumber: null, procedure: '99999' })),
    };
    const eraCheckID = await uploadCheck([unrecognised]);
    const [era] = await database.db.query<{ eraID: number }>(
      'SELECT era_file_id AS "eraID" FROM era_checks WHERE era_check_id = $1',
      [eraCheckID],
    );
    const detail = (
      await test.app.inject({
        method: 'GET',
        url: '/api/Claims/getERAFullDetail',
        query: { eraID: String(era?.eraID) },
        headers: bearer(session),
      })
    ).json<EraFullDetailReply>();
    const eraClaim = detail.checks[0]?.claims[0];
    expect(eraClaim?.claimID).toBeNull();
    const link = (query: Record<string, string>) =>
      test.app.inject({ method: 'GET', url: '/api/AddEditClaim/linkPaymentPosting', query, headers: bearer(session) });
    expect((await link({ eraClaimID: String(eraClaim?.eraClaimID), claimID: String(claimID) })).json()).toEqual({
      message: 'ERA posting linked.',
      pkid: 1,
    });
    const ours = lines.get(claimID) ?? [];
    for (const [index, line] of (eraClaim?.lines ?? []).entries()) {
      expect(
        (await link({ eraLineID: String(line.eraLineID), chargeID: String(ours[index]?.chargeID) })).statusCode,
      ).toBe(200);
    }
    const firstLine = String(eraClaim?.lines[0]?.eraLineID);
    const unlink = () =>
      test.app.inject({
        method: 'GET',
        url: '/api/AddEditClaim/deattachERAPosting',
        query: { eraLineID: firstLine },
        headers: bearer(session),
      });
    expect((await unlink()).json()).toEqual({ message: CHARGE_UNLINKED, pkid: 1 });
    expect((await unlink()).json<{ pkid: number }>().pkid).toBe(0);
    expect((await link({ eraLineID: firstLine, chargeID: String(ours[0]?.chargeID) })).statusCode).toBe(200);
    expect((await link({ eraLineID: firstLine })).statusCode).toBe(400);

    const checked = (
      await test.app.inject({
        method: 'GET',
        url: '/api/AddEditClaim/getPostingValidationErrors',
        query: { eraCheckID: String(eraCheckID) },
        headers: bearer(session),
      })
    ).json<PostingValidationReply>();
    expect(checked).toEqual({ errors: [], warnings: [] });
    expect((await post(eraCheckID)).statusCode).toBe(200);
    expect(await claimState(claimID)).toEqual({ balance: 4_200, status: CLAIM_STATUS.patientBalance });
    expect((await unlink()).statusCode).toBe(400);
    await expectBooksAgree();
  });

  it('posts a payment keyed from a paper EOB like an ERA claim, and refuses what does not fit the claim, changing nothing', async () => {
    const claimID = claimAt(7);
    const [first, second] = lines.get(claimID) ?? [];
    const pay = (body: Record<string, unknown>) =>
      test.app.inject({
        method: 'POST',
        url: '/api/AddEditClaim/saveInsurancePayments',
        headers: bearer(session),
        payload: body,
      });
    const eob = {
      claimID,
      reference: 'CHK 5521',
      lines: [
        {
          chargeID: first?.chargeID,
          paid: 5_600,
          adjustments: [
            { group: 'CO', reason: '45', amount: 3_000 },
            { group: 'PR', reason: '2', amount: 1_400 },
          ],
        },
        {
          chargeID: second?.chargeID,
          paid: 11_200,
          adjustments: [
            { group: 'CO', reason: '45', amount: 6_000 },
            { group: 'PR', reason: '2', amount: 2_800 },
          ],
        },
      ],
    };
    const refusals: [Record<string, unknown>, string][] = [
      [
        { ...eob, lines: [{ ...eob.lines[0], adjustments: [{ group: 'CO', reason: 'ZZ9', amount: 100 }] }] },
        'Not a claim adjustment reason code (CARC): ZZ9.',
      ],
      [
        { ...eob, lines: [{ ...eob.lines[0], chargeID: lines.get(claimAt(8))?.[0]?.chargeID }] },
        `Not an open line of claim ${claimID}: charge ${lines.get(claimAt(8))?.[0]?.chargeID}.`,
      ],
      [{ ...eob, lines: [eob.lines[0], eob.lines[0]] }, 'Each line is paid once in a payment.'],
    ];
    for (const [body, message] of refusals) {
      const refused = await pay(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(message);
    }
    expect(await claimState(claimID)).toEqual({ balance: 30_000, status: CLAIM_STATUS.submitted });
    const reply = await pay(eob);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<InsurancePaymentReply>()).toEqual({
      message: INSURANCE_PAYMENT_SAVED,
      pkid: 1,
      paid: 16_800,
      balanceAfter: 4_200,
      claimStatusID: CLAIM_STATUS.patientBalance,
    });
    const rows = await database.db.query<{ type: string; amount: number; check: number | null }>(
      "SELECT entry_type AS type, amount_cents AS amount, era_check_id AS check FROM ledger_entries WHERE claim_id = $1 AND entry_type <> 'charge' ORDER BY ledger_id",
      [claimID],
    );
    expect(rows.map((row) => [row.type, row.amount, row.check])).toEqual([
      ['insurance_payment', -5_600, null],
      ['contractual_adjustment', -3_000, null],
      ['patient_responsibility', 0, null],
      ['insurance_payment', -11_200, null],
      ['contractual_adjustment', -6_000, null],
      ['patient_responsibility', 0, null],
    ]);
    await expectBooksAgree();
  });

  it("takes the patient's payment on their lines, never past a line's balance, and the claim is paid", async () => {
    const claimID = claimAt(7);
    const [first, second] = lines.get(claimID) ?? [];
    const pay = (applications: { chargeID: number | undefined; amount: number }[]) =>
      test.app.inject({
        method: 'POST',
        url: '/api/AddEditClaim/savePatientPayments',
        headers: bearer(session),
        payload: { patientID: group.patientId, method: 'card', reference: 'VISA 4242', applications },
      });
    const tooMuch = await pay([{ chargeID: first?.chargeID, amount: 1_401 }]);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ message: string }>().message).toBe(
      `Charge ${first?.chargeID} owes $14.00; $14.01 would pay it past its balance. Keep the rest as an advance payment.`,
    );
    expect(
      (
        await pay([
          { chargeID: first?.chargeID, amount: 100 },
          { chargeID: first?.chargeID, amount: 100 },
        ])
      ).statusCode,
    ).toBe(400);
    expect((await pay([{ chargeID: 999_999, amount: 100 }])).statusCode).toBe(404);
    expect(await claimState(claimID)).toEqual({ balance: 4_200, status: CLAIM_STATUS.patientBalance });
    const reply = await pay([
      { chargeID: first?.chargeID, amount: 1_400 },
      { chargeID: second?.chargeID, amount: 2_800 },
    ]);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: PATIENT_PAYMENT_SAVED, pkid: 1, applied: 4_200, claims: 1 });
    expect(await claimState(claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    await expectBooksAgree();
  });

  it('refuses a posting date in the future and a single posting of part of a check', async () => {
    const eraCheckID = await uploadCheck([paying(claimAt(2))]);
    expect((await post(eraCheckID, { postingDate: '2999-01-01' })).statusCode).toBe(400);
    expect((await post(eraCheckID, { postingID: '5' })).statusCode).toBe(400);
    expect((await post(999_999)).statusCode).toBe(404);
  });
});
