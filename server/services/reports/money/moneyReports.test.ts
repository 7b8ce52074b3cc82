import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_REPORTS, type MoneyReportID, type MoneyReportReply } from '../../../../contract/moneyReports.ts';
import { testEngines } from '../../../test/engines.ts';
import { bearer } from '../../../test/harness.ts';
import { ledgerRows, moneyReportProblems } from '../../../test/moneyReportCheck.ts';
import { openClaimTestWorld, type ClaimTestWorld } from '../../scrub/scrubTestData.ts';

/** Where each report is served. */
const PATH = Object.fromEntries(
  MONEY_REPORTS.map((report) => [report.id, `${report.controller}/${report.call}`]),
) as Record<MoneyReportID, string>;

describe.each(testEngines)('money and activity reports, on $name', (engine) => {
  let world: ClaimTestWorld;
  let visitClaim = 0;
  let labClaim = 0;
  let eraCheck = 0;

  beforeAll(async () => {
    world = await openClaimTestWorld(engine, 'Ledgerly', 'Otherside', 2);
    const { db } = world.database;
    const { group } = world.data;
    const visit = await world.data.insertClaim({
      dos: '2026-01-10',
      lines: [
        { code: '99213', cents: 12_500 },
        { code: '36415', cents: 1_500 },
      ],
    });
    const lab = await world.data.insertClaim({ dos: '2026-02-05', lines: [{ code: '80053', cents: 4_000 }] });
    visitClaim = visit.claimID;
    labClaim = lab.claimID;
    const [file] = await db.query<{ id: number }>(
      `INSERT INTO era_files (group_id, file_name, file_hash, content) VALUES ($1, 'a.835', 'h1', 'ISA') RETURNING era_file_id AS id`,
      [group.groupId],
    );
    const [check] = await db.query<{ id: number }>(
      `INSERT INTO era_checks (era_file_id, group_id, insurance_id, payer_name, payer_identifier, trace_number, payment_method, check_date, total_paid_cents, status)
       VALUES ($1, $2, $3, 'Aetna', '60054', 'EFT100', 'ACH', DATE '2026-01-25', 9000, 'posted') RETURNING era_check_id AS id`,
      [file!.id, group.groupId, group.insuranceId],
    );
    eraCheck = check!.id;
    await db.query(
      `INSERT INTO era_claims (era_check_id, claim_id, patient_control_number, status_code, billed_cents, paid_cents) VALUES ($1, $2, 'X', '1', 14000, 9000)`,
      [eraCheck, visitClaim],
    );
    const post = async (
      claimID: number | null,
      chargeID: number | null,
      type: string,
      cents: number,
      day: string,
      extra: { reverses?: number; eraCheckID?: number; advanceID?: number } = {},
    ) => {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date, reverses_ledger_id, era_check_id, advance_payment_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11) RETURNING ledger_id AS id`,
        [
          group.groupId,
          group.practiceId,
          group.patientId,
          claimID,
          chargeID,
          type,
          cents,
          day,
          extra.reverses ?? null,
          extra.eraCheckID ?? null,
          extra.advanceID ?? null,
        ],
      );
      return row!.id;
    };
    const [v1, v2] = visit.chargeIDs as [number, number];
    const [l1] = lab.chargeIDs as [number];
    await post(visitClaim, v1, 'charge', 12_500, '2026-01-10');
    await post(visitClaim, v2, 'charge', 1_500, '2026-01-10');
    await post(labClaim, l1, 'charge', 4_000, '2026-02-05');
    await post(visitClaim, v1, 'insurance_payment', -8_000, '2026-01-25', { eraCheckID: eraCheck });
    await post(visitClaim, v1, 'contractual_adjustment', -2_500, '2026-01-25', { eraCheckID: eraCheck });
    await post(visitClaim, v2, 'insurance_payment', -1_000, '2026-01-25', { eraCheckID: eraCheck });
    await post(visitClaim, v1, 'patient_payment', -2_000, '2026-02-02');
    // A write-off in February, taken back in March: it counts as an adjustment in February and
    // less adjustment in March, never as a payment.
    const writeOff = await post(labClaim, l1, 'write_off', -500, '2026-02-20');
    await post(labClaim, l1, 'reversal', 500, '2026-03-03', { reverses: writeOff });
    // An advance deposit, part of it applied to the lab line, part refunded.
    const [advance] = await db.query<{ id: number }>(
      `INSERT INTO advance_payments (group_id, patient_id, amount_cents, payment_method, received_on, date_of_service)
       VALUES ($1, $2, 3000, 'cash', DATE '2026-02-01', DATE '2026-02-05') RETURNING advance_payment_id AS id`,
      [group.groupId, group.patientId],
    );
    const advanceID = advance!.id;
    await post(null, null, 'advance_payment', -3_000, '2026-02-01', { advanceID });
    await post(labClaim, l1, 'advance_application', -2_000, '2026-02-06', { advanceID });
    await post(null, null, 'advance_application', 2_000, '2026-02-06', { advanceID });
    await post(null, null, 'refund', 500, '2026-02-10', { advanceID });
    const [batch] = await db.query<{ id: number }>(
      `INSERT INTO submission_batches (group_id, insurance_id, transaction_type, interchange_control_number, group_control_number, file_name, content, claim_count, total_cents, created_at)
       VALUES ($1, $2, '837P', 900001, 1, 'batch1.837', 'ISA', 1, 14000, TIMESTAMPTZ '2026-01-12 12:00:00Z') RETURNING submission_batch_id AS id`,
      [group.groupId, group.insuranceId],
    );
    await db.query('INSERT INTO submission_batch_claims (submission_batch_id, claim_id) VALUES ($1, $2)', [
      batch!.id,
      visitClaim,
    ]);
  });

  afterAll(async () => {
    await world.test.close();
    await world.database.dispose();
  });

  const ask = async (reportID: MoneyReportID, query: Record<string, string | number> = {}, session = world.biller) => {
    const reply = await world.test.app.inject({
      method: 'GET',
      url: `/api/${PATH[reportID]}`,
      headers: bearer(session),
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
    return reply;
  };
  const report = async (reportID: MoneyReportID, query: Record<string, string | number> = {}) => {
    const reply = await ask(reportID, query);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<MoneyReportReply>();
  };

  const ledger = () => ledgerRows(world.database.db, world.data.group.groupId);

  it('adds up each report’s money to what the ledger holds over the same posting dates', async () => {
    const rows = await ledger();
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-03-01', '2026-03-31'],
    ] as const)
      expect(await moneyReportProblems(report, rows, from, to)).toEqual([]);
  });

  it('counts a reversed write-off as an adjustment taken back in the month it was reversed, not as a payment', async () => {
    const summary = await report('chargesPaymentsSummary', { sortColumn: 'month', sortOrder: 'asc' });
    expect(
      summary.rows.map((row) => [row.month, row.adjusted, row.insurancePaid, row.patientPaid, row.refunds]),
    ).toEqual([
      ['2026-01', 2_500, 9_000, 0, 0],
      // The patient's payment and the deposit; the deposit's application moves it, it is not paid twice.
      ['2026-02', 500, 0, 5_000, 500],
      ['2026-03', -500, 0, 0, 0],
    ]);
    const accounts = await report('ledgerAccount', { postingFrom: '2026-03-01' });
    expect(accounts.rows).toEqual([
      {
        rowKey: 'writeOffs',
        ledgerAccountID: 'writeOffs',
        ledgerAccount: 'Write-offs',
        entries: 1,
        reversals: 1,
        amount: -500,
        balance: 500,
      },
    ]);
    const history = await report('procedureHistory', { postingFrom: '2026-03-01' });
    expect(history.rows[0]).toMatchObject({ transaction: 'Reversal of write-off', adjusted: -500, paid: 0 });
  });

  it('reads a charge line’s paid, adjusted and balance off its ledger rows, and filters by date of service', async () => {
    const detail = await report('chargeDetail', { dosFrom: '2026-01-01', dosTo: '2026-01-31', sortColumn: 'charges' });
    expect(detail.rows.map((row) => [row.cptCode, row.charges, row.paid, row.adjusted, row.balance])).toEqual([
      ['99213', 12_500, 10_000, 2_500, 0],
      ['36415', 1_500, 1_000, 0, 500],
    ]);
    expect(detail.rows[0]).toMatchObject({ claimID: visitClaim, providerName: 'Lee, Ann', payerName: 'Aetna' });
  });

  it('lists the ERA check with what was posted from it, the advance with its applied, refunded and left credit, and the batch sent', async () => {
    const era = await report('eraData', { postingFrom: '2026-01-01', postingTo: '2026-01-31' });
    expect(era.rows).toEqual([
      expect.objectContaining({ traceNumber: 'EFT100', checkAmount: 9_000, posted: 9_000, unposted: 0, claims: 1 }),
    ]);
    expect((await report('eraData', { postingFrom: '2026-02-01' })).rows).toEqual([]);
    expect((await report('eraData', { getOnlyIDS: 'true' })).ids).toEqual([visitClaim]);
    const advances = await report('advancePayments');
    expect(advances.rows).toEqual([
      expect.objectContaining({ amount: 3_000, applied: 2_000, refunded: 500, unapplied: 500, method: 'cash' }),
    ]);
    const batches = await report('claimBatchSubmit');
    expect(batches.rows).toEqual([
      expect.objectContaining({
        fileName: 'batch1.837',
        claims: 1,
        charges: 14_000,
        paid: 11_000,
        adjusted: 2_500,
        balance: 500,
      }),
    ]);
  });

  it('pages and sorts on the server, answers every row for an export and only the ids when asked', async () => {
    const first = await report('procedureHistory', { pageSize: 3, sortColumn: 'postingDate', sortOrder: 'asc' });
    const second = await report('procedureHistory', {
      pageSize: 3,
      pageNumber: 2,
      sortColumn: 'postingDate',
      sortOrder: 'asc',
    });
    const all = await report('procedureHistory', { getAllData: 'true', sortColumn: 'postingDate', sortOrder: 'asc' });
    expect(first.totalRows).toBe(10);
    const beyond = await report('procedureHistory', { pageSize: 3, pageNumber: 9 });
    expect(beyond.rows).toEqual([]);
    expect({ total: beyond.totalRows, totals: beyond.totals }).toEqual({ total: 10, totals: first.totals });
    expect(all.rows).toHaveLength(10);
    expect([...first.rows, ...second.rows]).toEqual(all.rows.slice(0, 6));
    expect(all.rows.map((row) => row.postingDate)).toEqual([...all.rows.map((row) => row.postingDate)].sort());
    expect((await report('chargeDetail', { getOnlyIDS: 'true' })).ids).toEqual(
      [visitClaim, labClaim].sort((a, b) => a - b),
    );
    const patients = await report('patientAccountingDetail', { getOnlyIDS: 'true', patientLastName: 'smi' });
    expect(patients.ids).toEqual([world.data.group.patientId]);
    expect((await report('patientAccountingDetail', { patientLastName: 'Jones' })).totalRows).toBe(0);
    const refunds = await report('patientAccountingDetail', { ledgerAccountID: 'refunds' });
    expect(refunds.rows).toEqual([
      expect.objectContaining({ ledgerAccount: 'Refunds', charges: 0, paid: -500, balance: 500 }),
    ]);
  });

  it('shows another group’s biller none of these figures', async () => {
    for (const report of MONEY_REPORTS) {
      const reply = await ask(report.id, {}, world.outsider);
      expect(reply.statusCode, report.id).toBe(200);
      const body = reply.json<MoneyReportReply>();
      expect(
        body.rows.filter((row) => row.patientName === 'SMITH, JANE' || row.claimID === visitClaim),
        report.id,
      ).toEqual([]);
      expect(
        Object.values(body.totals).some((value) => value === 14_000 || value === 18_000),
        report.id,
      ).toBe(false);
    }
  });

  it('refuses a sort column of another report, an unknown parameter and dates the wrong way round, with the field named', async () => {
    const bad = [
      ['eraData', { sortColumn: 'charges' }, /sortColumn/],
      ['eraData', { providerID: 3 }, /providerID/],
      ['chargeDetail', { dosFrom: '2026-02-01', dosTo: '2026-01-01' }, /first date of service is after the last/],
      ['ledgerAccount', { ledgerAccountID: 'cash' }, /ledgerAccountID/],
      ['chargeDetail', { posID: 'office' }, /place of service/],
      ['chargeDetail', { pageSize: 5000 }, /pageSize/],
      ['paymentReport', { getAllData: 'yes' }, /true or false/],
    ] as const;
    for (const [reportID, query, message] of bad) {
      const reply = await ask(reportID, query);
      expect(reply.statusCode, `${reportID} ${JSON.stringify(query)}`).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(message);
    }
  });
});
