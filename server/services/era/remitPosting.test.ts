/**
 * Posting payers' remits as they really come: claim-level adjustments, claim-level payments,
 * reversals and corrections, payers who pay twice, secondary payers, strangers' claims, checks
 * sent to two groups, checks with unmatched claims and provider-level adjustments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import type { ReconciliationReply } from '../../../contract/batches.ts';
import type { EraFullDetailReply } from '../../../contract/era.ts';
import { testEngines } from '../../test/engines.ts';
import {
  CIGNA,
  eraClaim,
  eraLine,
  expectBooksAgree,
  insurancePaid,
  remitWorld,
  SMITH,
  type RemitWorld,
} from './remitTestKit.ts';

type LedgerRow = {
  type: string;
  amount: number;
  group: string | null;
  reason: string | null;
  line: number | null;
  charge: number;
};

describe.each(testEngines)('posting real payer remits on $name', (engine) => {
  let world: RemitWorld;

  beforeAll(async () => {
    world = await remitWorld(engine, 'remits@example.test');
  });
  afterAll(async () => world?.close());

  const ledgerOf = (eraCheckID: number) =>
    world.db.query<LedgerRow>(
      `SELECT entry_type AS type, amount_cents AS amount, adjustment_group_code AS "group", reason_code AS reason, era_line_id AS line, charge_id AS charge
         FROM ledger_entries WHERE era_check_id = $1 ORDER BY ledger_id`,
      [eraCheckID],
    );
  const detailOf = async (eraCheckID: number) => {
    const [file] = await world.db.query<{ eraID: number }>(
      'SELECT era_file_id AS "eraID" FROM era_checks WHERE era_check_id = $1',
      [eraCheckID],
    );
    const reply = await world.call('GET', 'Claims/getERAFullDetail', { eraID: file?.eraID });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<EraFullDetailReply>().checks[0];
  };

  it('nets a claim-level adjustment off the line payments: the claim is paid what CLP04 says, and the adjustment is its own row', async () => {
    const { claimID, lines } = await world.claimWith([10_000, 5_000]);
    const [first, second] = lines;
    if (!first || !second) throw new Error('two lines');
    // Lines paid $60 and $40; a $2.00 sequestration at claim level: CLP04 is $98.00.
    const eraCheckID = await world.uploadAndPost({
      claims: [
        eraClaim(
          claimID,
          [
            eraLine(first, 6_000, [{ group: 'CO', reason: '45', cents: 4_000 }]),
            eraLine(second, 4_000, [{ group: 'CO', reason: '45', cents: 1_000 }]),
          ],
          { adjustments: [{ group: 'CO', reason: '253', cents: 200 }] },
        ),
      ],
    });
    expect(await insurancePaid(world.db, claimID)).toBe(9_800);
    const rows = await ledgerOf(eraCheckID);
    const claimLevel = rows.filter((row) => row.reason === '253');
    expect(claimLevel.every((row) => row.line === null && row.type === 'contractual_adjustment')).toBe(true);
    expect(claimLevel.reduce((sum, row) => sum + row.amount, 0)).toBe(-200);
    expect(await world.claimState(claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    expect(await world.lineBalances(claimID)).toEqual([0, 0]);
    await expectBooksAgree(world.db);
  });

  it('leaves a claim-level patient share with the patient, not written off and not paid', async () => {
    const { claimID, lines } = await world.claimWith([10_000, 5_000]);
    const [first, second] = lines;
    if (!first || !second) throw new Error('two lines');
    await world.uploadAndPost({
      claims: [
        eraClaim(
          claimID,
          [
            eraLine(first, 6_000, [{ group: 'CO', reason: '45', cents: 4_000 }]),
            eraLine(second, 4_000, [{ group: 'CO', reason: '45', cents: 1_000 }]),
          ],
          { adjustments: [{ group: 'PR', reason: '1', cents: 2_000 }] },
        ),
      ],
    });
    expect(await insurancePaid(world.db, claimID)).toBe(8_000);
    expect(await world.claimState(claimID)).toEqual({ balance: 2_000, status: CLAIM_STATUS.patientBalance });
    expect((await world.lineBalances(claimID)).every((balance) => balance >= 0)).toBe(true);
    await expectBooksAgree(world.db);
  });

  it('spreads a claim-level-only remit over the lines by open balance, in cents, none below zero, the lines adding up to the claim', async () => {
    const { claimID } = await world.claimWith([10_000, 5_000, 3_000]);
    // No service lines: $180.00 billed, $120.00 paid, $40.00 contractual, $20.00 coinsurance.
    await world.uploadAndPost({
      claims: [
        eraClaim(claimID, [], {
          chargeCents: 18_000,
          paidCents: 12_000,
          statementFrom: '2026-01-01',
          adjustments: [
            { group: 'CO', reason: '45', cents: 4_000 },
            { group: 'PR', reason: '2', cents: 2_000 },
          ],
        }),
      ],
    });
    const balances = await world.lineBalances(claimID);
    expect(balances.every((balance) => balance >= 0)).toBe(true);
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(2_000);
    expect(await insurancePaid(world.db, claimID)).toBe(12_000);
    const paidByLine = await world.db.query<{ paid: number }>(
      "SELECT coalesce(-sum(l.amount_cents) FILTER (WHERE l.entry_type = 'insurance_payment'), 0)::bigint AS paid FROM charges ch LEFT JOIN ledger_entries l ON l.charge_id = ch.charge_id WHERE ch.claim_id = $1 GROUP BY ch.charge_id, ch.line_number ORDER BY ch.line_number",
      [claimID],
    );
    // $120.00 by open balance ($100, $50, $30): $66.66, $33.33 and $20.01 (the cent left to the last line).
    expect(paidByLine.map((row) => row.paid)).toEqual([6_666, 3_333, 2_001]);
    expect(await world.claimState(claimID)).toEqual({ balance: 2_000, status: CLAIM_STATUS.patientBalance });
    await expectBooksAgree(world.db);
  });

  it('posts a reversal and its correction in one file: the claim shows exactly the corrected adjudication, and later remits still post', async () => {
    const { claimID, lines } = await world.claimWith([10_000, 5_000]);
    const [first, second] = lines;
    if (!first || !second) throw new Error('two lines');
    const original = [
      eraLine(first, 6_000, [
        { group: 'CO', reason: '45', cents: 3_000 },
        { group: 'PR', reason: '2', cents: 1_000 },
      ]),
      eraLine(second, 4_000, [{ group: 'CO', reason: '45', cents: 1_000 }]),
    ];
    await world.uploadAndPost({ claims: [eraClaim(claimID, original, { payerClaimControlNumber: 'ICN-A1' })] });
    expect(await world.claimState(claimID)).toEqual({ balance: 1_000, status: CLAIM_STATUS.patientBalance });

    const reversal = eraClaim(
      claimID,
      original.map((line) => ({
        ...line,
        chargeCents: -line.chargeCents,
        paidCents: -line.paidCents,
        adjustments: line.adjustments.map((adjustment) => ({ ...adjustment, cents: -adjustment.cents })),
      })),
      { status: '22', payerClaimControlNumber: 'ICN-A1' },
    );
    const corrected = eraClaim(
      claimID,
      [
        eraLine(first, 7_000, [{ group: 'CO', reason: '45', cents: 3_000 }]),
        eraLine(second, 4_000, [{ group: 'CO', reason: '45', cents: 1_000 }]),
      ],
      { payerClaimControlNumber: 'ICN-A2', originalReference: 'ICN-A1' },
    );
    await world.uploadAndPost({ claims: [reversal, corrected] });
    expect(await insurancePaid(world.db, claimID)).toBe(11_000);
    expect(await world.claimState(claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    await expectBooksAgree(world.db);
    const financial = await world.financial(claimID);
    expect(financial.balanced).toBe(true);
    expect(financial.problems).toEqual([]);
    expect(financial.totals.balance).toBe(0);
    expect(financial.totals.patientResponsibility).toBe(0);

    // The next remit for the claim (the payer reverses and corrects once more) is not refused.
    const again = eraClaim(
      claimID,
      corrected.lines.map((line) => ({
        ...line,
        chargeCents: -line.chargeCents,
        paidCents: -line.paidCents,
        adjustments: line.adjustments.map((adjustment) => ({ ...adjustment, cents: -adjustment.cents })),
      })),
      { status: '22', payerClaimControlNumber: 'ICN-A2' },
    );
    const third = eraClaim(
      claimID,
      [
        eraLine(first, 6_500, [{ group: 'CO', reason: '45', cents: 3_500 }]),
        eraLine(second, 4_000, [{ group: 'CO', reason: '45', cents: 1_000 }]),
      ],
      { payerClaimControlNumber: 'ICN-A3', originalReference: 'ICN-A2' },
    );
    await world.uploadAndPost({ claims: [again, third] });
    expect(await insurancePaid(world.db, claimID)).toBe(10_500);
    expect(await world.claimState(claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    await expectBooksAgree(world.db);
  });

  it('reverses only the posting the reversal names: one of two payments of the same payer, never another payer’s, never one twice', async () => {
    const { claimID, lines } = await world.claimWith([10_000]);
    const [line] = lines;
    if (!line) throw new Error('a line');
    const paid = (icn: string) =>
      eraClaim(claimID, [eraLine(line, 8_000, [{ group: 'CO', reason: '45', cents: 2_000 }])], {
        payerClaimControlNumber: icn,
      });
    const reversalOf = (icn: string) =>
      eraClaim(claimID, [eraLine(line, 8_000, [{ group: 'CO', reason: '45', cents: 2_000 }], { sign: -1 })], {
        status: '22',
        payerClaimControlNumber: icn,
      });
    const first = await world.uploadAndPost({ claims: [paid('ICN-P1')] });
    const second = await world.uploadAndPost({ claims: [paid('ICN-P2')] });
    expect(await insurancePaid(world.db, claimID)).toBe(16_000);
    expect(await world.claimState(claimID)).toMatchObject({ balance: -10_000 });

    // A second payer's reversal of the same claim finds no posting of its own: nothing is reversed, a task is made.
    const stranger = await world.upload({ payer: CIGNA, claims: [reversalOf('ICN-P2')] });
    expect(stranger.statusCode, stranger.body).toBe(200);
    const strangerPosted = await world.post(stranger.eraCheckID);
    expect(strangerPosted.statusCode, strangerPosted.message).toBe(200);
    expect(await insurancePaid(world.db, claimID)).toBe(16_000);
    const held = (await detailOf(stranger.eraCheckID))?.claims[0];
    expect(held).toMatchObject({ posted: false });
    expect(held?.heldReason).toContain('work queue');
    const tasks = await world.db.query<{ text: string }>(
      "SELECT text FROM tasks WHERE claim_id = $1 AND status = 'open'",
      [claimID],
    );
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.text).toContain('was not found');

    // The payer takes back its duplicate payment: only that posting's rows are reversed.
    await world.uploadAndPost({ claims: [reversalOf('ICN-P2')] });
    expect(await insurancePaid(world.db, claimID)).toBe(8_000);
    const standing = await world.db.query<{ check: number }>(
      `SELECT l.era_check_id AS "check" FROM ledger_entries l WHERE l.claim_id = $1 AND l.entry_type = 'insurance_payment'
          AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_ledger_id = l.ledger_id)`,
      [claimID],
    );
    expect(standing).toEqual([{ check: first }]);
    expect(second).not.toBe(first);

    // The same reversal again (another check) finds nothing left to take back of ICN-P2, and takes nothing else.
    const twice = await world.upload({ claims: [reversalOf('ICN-P2')] });
    expect((await world.post(twice.eraCheckID)).statusCode).toBe(200);
    expect(await insurancePaid(world.db, claimID)).toBe(8_000);
    expect(await world.claimState(claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.acceptedByPayer });
    await expectBooksAgree(world.db);
  });

  it('takes a secondary payer’s OA-23 as information: the prior payment is not written off again, and no credit appears', async () => {
    const { claimID, lines } = await world.claimWith([10_000]);
    const [line] = lines;
    if (!line) throw new Error('a line');
    await world.uploadAndPost({
      claims: [
        eraClaim(
          claimID,
          [
            eraLine(line, 6_000, [
              { group: 'CO', reason: '45', cents: 2_000 },
              { group: 'PR', reason: '1', cents: 2_000 },
            ]),
          ],
          { status: '19' },
        ),
      ],
    });
    expect(await world.claimState(claimID)).toMatchObject({ balance: 2_000 });
    // The secondary: it pays $15.00, writes off $5.00 under its contract, and reports the primary's $80.00 as OA-23.
    const secondary = await world.uploadAndPost({
      payer: CIGNA,
      claims: [
        eraClaim(
          claimID,
          [
            eraLine(line, 1_500, [
              { group: 'OA', reason: '23', cents: 8_000 },
              { group: 'CO', reason: '45', cents: 500 },
            ]),
          ],
          { status: '2' },
        ),
      ],
    });
    expect(await world.claimState(claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    expect((await ledgerOf(secondary)).filter((row) => row.reason === '23')).toEqual([]);
    const detail = await detailOf(secondary);
    expect(
      detail?.claims[0]?.lines[0]?.adjustments.map((adjustment) => [
        adjustment.group,
        adjustment.reason,
        adjustment.treatment,
      ]),
    ).toEqual([
      ['OA', '23', 'informational'],
      ['CO', '45', 'write_off'],
    ]);
    await expectBooksAgree(world.db);
  });

  it('does not post a stranger’s remit that carries one of our claim IDs: it is a suggestion in the queue until a biller links it', async () => {
    const { claimID, lines } = await world.claimWith([10_000]);
    const [line] = lines;
    if (!line) throw new Error('a line');
    const stranger = { lastName: 'OTHERPERSON', firstName: 'SAM', memberID: 'ZZ999' };
    const foreignLine = {
      ...eraLine(line, 50_000, [{ group: 'CO', reason: '45', cents: 49_999 }]),
      chargeCents: 99_999,
      serviceDate: '2025-06-30',
      lineControlNumber: null,
    };
    const uploaded = await world.upload({ claims: [eraClaim(claimID, [foreignLine], { patient: stranger })] });
    expect(uploaded.reply?.checks[0]).toMatchObject({ claims: 1, matchedClaims: 0 });
    const claim = (await detailOf(uploaded.eraCheckID))?.claims[0];
    expect(claim).toMatchObject({ claimID: null, suggestedClaimID: claimID });
    expect(claim?.heldReason).toContain(`Not matched to claim ${claimID}`);
    expect((await world.post(uploaded.eraCheckID)).statusCode).toBe(200);
    expect(await world.claimState(claimID)).toEqual({ balance: 10_000, status: CLAIM_STATUS.submitted });

    // Our patient but neither our amount nor our dates: still not matched. Our patient and amount: matched.
    const wrongDates = await world.upload({
      claims: [
        eraClaim(
          claimID,
          [{ ...eraLine(line, 100, []), chargeCents: 100, serviceDate: '2025-06-30', lineControlNumber: null }],
          { patient: SMITH },
        ),
      ],
    });
    expect(wrongDates.reply?.checks[0]?.matchedClaims).toBe(0);
    const byMemberID = await world.upload({
      claims: [
        eraClaim(claimID, [eraLine(line, 0, [{ group: 'CO', reason: '50', cents: 10_000 }])], {
          patient: { lastName: 'SMYTHE', firstName: 'JANE', memberID: 'W100-200-300' },
        }),
      ],
    });
    expect(byMemberID.reply?.checks[0]?.matchedClaims).toBe(1);
  });

  it('refuses the same payer check in a second group', async () => {
    const { claimID, lines } = await world.claimWith([10_000]);
    const [line] = lines;
    if (!line) throw new Error('a line');
    const remit = {
      traceNumber: 'EFT-TWICE',
      claims: [eraClaim(claimID, [eraLine(line, 8_000, [{ group: 'CO', reason: '45', cents: 2_000 }])])],
    };
    expect((await world.upload(remit)).statusCode).toBe(200);
    const second = await world.upload(remit, world.other.groupId);
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('in this group or another');
    const [{ count } = { count: 0 }] = await world.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM era_checks WHERE trace_number = 'EFT-TWICE'",
    );
    expect(count).toBe(1);
    // Another payee's check of the same number is another check.
    expect((await world.upload({ ...remit, payeeNpi: '1999999992' }, world.other.groupId)).statusCode).toBe(200);
  });

  it('posts the matched claims of a check with warnings accepted, keeps the unmatched ones linkable and postable, and reconciles once all are posted', async () => {
    const ours = await world.claimWith([10_000]);
    const later = await world.claimWith([5_000]);
    const [line] = ours.lines;
    const [laterLine] = later.lines;
    if (!line || !laterLine) throw new Error('lines');
    const unmatched = {
      ...eraClaim(later.claimID, [
        eraLine(laterLine, 4_000, [{ group: 'CO', reason: '45', cents: 1_000 }], { withControlNumber: false }),
      ]),
      claimID: 'PAPER-77',
    };
    const uploaded = await world.upload({
      claims: [
        eraClaim(ours.claimID, [eraLine(line, 8_000, [{ group: 'CO', reason: '45', cents: 2_000 }])]),
        unmatched,
      ],
    });
    expect((await world.post(uploaded.eraCheckID, false)).statusCode).toBe(400);
    expect((await world.post(uploaded.eraCheckID)).statusCode).toBe(200);
    expect(await world.claimState(ours.claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    const deposit = async () =>
      (await world.call('GET', 'Claims/getPaymentReconsilationProfileData', { pageSize: 500 }))
        .json<ReconciliationReply>()
        .deposits.find((row) => row.kind === 'era' && row.depositID === uploaded.eraCheckID);
    expect(await deposit()).toMatchObject({ deposited: 12_000, posted: 8_000, difference: 4_000 });
    expect(
      (await world.call('POST', 'AddEditClaim/reconsilePosting', { eraCheckID: uploaded.eraCheckID })).statusCode,
    ).toBe(400);
    expect((await world.call('GET', 'Claims/deleteEraCheckByID', { eraCheckID: uploaded.eraCheckID })).statusCode).toBe(
      400,
    );

    const detail = await detailOf(uploaded.eraCheckID);
    expect(detail?.status).toBe('partial');
    const waiting = detail?.claims.find((claim) => claim.patientControlNumber === 'PAPER-77');
    expect(waiting).toMatchObject({ posted: false, claimID: null });
    expect(
      (
        await world.call('GET', 'AddEditClaim/linkPaymentPosting', {
          eraClaimID: waiting?.eraClaimID,
          claimID: later.claimID,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await world.call('GET', 'AddEditClaim/linkPaymentPosting', {
          eraLineID: waiting?.lines[0]?.eraLineID,
          chargeID: laterLine.chargeID,
        })
      ).statusCode,
    ).toBe(200);
    expect((await world.post(uploaded.eraCheckID, false)).statusCode).toBe(200);
    expect(await world.claimState(later.claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    expect((await detailOf(uploaded.eraCheckID))?.status).toBe('posted');
    expect(await deposit()).toMatchObject({ deposited: 12_000, posted: 12_000, difference: 0 });
    expect(
      (await world.call('POST', 'AddEditClaim/reconsilePosting', { eraCheckID: uploaded.eraCheckID })).statusCode,
    ).toBe(200);
    expect((await world.post(uploaded.eraCheckID)).statusCode).toBe(409);
    await expectBooksAgree(world.db);
  });

  it('keeps prompt-payment interest inside CLP04 (AMT*I) the check’s income: the claim is paid what its lines were, and the deposit reconciles', async () => {
    const withLines = await world.claimWith([10_000]);
    const claimOnly = await world.claimWith([6_000, 4_000]);
    const [line] = withLines.lines;
    if (!line) throw new Error('a line');
    const uploaded = await world.upload({
      claims: [
        eraClaim(withLines.claimID, [eraLine(line, 8_000, [{ group: 'CO', reason: '45', cents: 2_000 }])], {
          interestCents: 312,
        }),
        eraClaim(claimOnly.claimID, [], {
          chargeCents: 10_000,
          paidCents: 9_000,
          statementFrom: '2026-01-01',
          adjustments: [{ group: 'CO', reason: '45', cents: 1_000 }],
          interestCents: 145,
        }),
      ],
    });
    expect(uploaded.reply?.checks[0]).toMatchObject({ balanced: true, totalPaid: 8_000 + 312 + 9_000 + 145 });
    expect((await world.post(uploaded.eraCheckID, false)).statusCode).toBe(200);
    expect(await insurancePaid(world.db, withLines.claimID)).toBe(8_000);
    expect(await insurancePaid(world.db, claimOnly.claimID)).toBe(9_000);
    expect(await world.claimState(withLines.claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    expect(await world.claimState(claimOnly.claimID)).toEqual({ balance: 0, status: CLAIM_STATUS.paid });
    expect((await detailOf(uploaded.eraCheckID))?.claims.map((claim) => claim.interest)).toEqual([312, 145]);
    const deposit = (await world.call('GET', 'Claims/getPaymentReconsilationProfileData', { pageSize: 500 }))
      .json<ReconciliationReply>()
      .deposits.find((row) => row.kind === 'era' && row.depositID === uploaded.eraCheckID);
    expect(deposit).toMatchObject({ deposited: 17_457, posted: 17_457, difference: 0 });
    await expectBooksAgree(world.db);
  });

  it('posts an overpayment recovery (PLB WO) naming a claim to that claim, and keeps interest (L6) the check’s own', async () => {
    const { claimID, lines } = await world.claimWith([10_000]);
    const [line] = lines;
    if (!line) throw new Error('a line');
    await world.uploadAndPost({
      claims: [
        eraClaim(claimID, [eraLine(line, 8_000, [{ group: 'CO', reason: '45', cents: 2_000 }])], {
          payerClaimControlNumber: 'ICN-W1',
        }),
      ],
    });
    const other = await world.claimWith([4_000]);
    const [otherLine] = other.lines;
    if (!otherLine) throw new Error('a line');
    // This check pays $30.00 on another claim, takes back $25.00 of the first claim's payment and adds $3.10 of interest.
    const check = await world.uploadAndPost({
      claims: [eraClaim(other.claimID, [eraLine(otherLine, 3_000, [{ group: 'CO', reason: '45', cents: 1_000 }])])],
      providerAdjustments: [
        { reason: 'WO', reference: 'ICN-W1', cents: 2_500 },
        { reason: 'L6', reference: null, cents: -310 },
      ],
    });
    expect(await insurancePaid(world.db, claimID)).toBe(5_500);
    expect(await world.claimState(claimID)).toMatchObject({ balance: 2_500 });
    const plbRows = await world.db.query<{ claimID: number; amount: number }>(
      'SELECT claim_id AS "claimID", amount_cents AS amount FROM ledger_entries WHERE era_check_id = $1 AND era_provider_adjustment_id IS NOT NULL',
      [check],
    );
    expect(plbRows).toEqual([{ claimID, amount: 2_500 }]);
    const detail = await detailOf(check);
    expect(detail?.providerAdjustments).toEqual([
      { reason: 'WO', reference: 'ICN-W1', amount: 2_500, claimID, posted: true },
      { reason: 'L6', reference: null, amount: -310, claimID: null, posted: false },
    ]);
    const deposit = (await world.call('GET', 'Claims/getPaymentReconsilationProfileData', { pageSize: 500 }))
      .json<ReconciliationReply>()
      .deposits.find((row) => row.kind === 'era' && row.depositID === check);
    expect(deposit).toMatchObject({ deposited: 3_000 - 2_500 + 310, posted: 3_000 - 2_500 + 310, difference: 0 });
    await expectBooksAgree(world.db);
  });
});
