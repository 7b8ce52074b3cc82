import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import type {
  AutoPopulateReply,
  BillingSummaryReply,
  ChargeDetailReply,
  ClaimScreenReply,
  ClaimStatsReply,
  EditClaimDNAReply,
  EraDetailSummaryChargesReply,
  EraDetailSummaryReply,
  LookupDropdownsReply,
  PaymentLedgerDetailReply,
  PopupReply,
  ReferringProvidersReply,
  SaveChargeAndPaymentReply,
  ScrubResponseReply,
  ValidationErrorsReply,
} from '../../contract/claimSideCalls.ts';
import { CLAIM_STATUS } from '../../contract/claimStatus.ts';
import { eraClaim, eraLine, expectBooksAgree, remitWorld, type RemitWorld } from '../services/era/remitTestKit.ts';
import { testEngines } from '../test/engines.ts';
import { createTestUser } from '../test/fixtures.ts';
import { bearer, signIn } from '../test/harness.ts';

/** Every call served here, as a GET query or a POST body a signed-in biller could send. */
const CALLS: [method: 'GET' | 'POST', path: string][] = [
  ['GET', 'Claims/getClaimStatsData'],
  ['GET', 'Claims/getChargeDetailData'],
  ['GET', 'Claims/getClaimDetailSummaryBillingData'],
  ['GET', 'Claims/getScrubingResponce'],
  ['GET', 'Claims/getEditClaimDNAData'],
  ['GET', 'Claims/viewClaimValidationErrors'],
  ['GET', 'Claims/getERAProfileDetailSummary'],
  ['GET', 'Claims/getERAProfileDetailSummaryCharges'],
  ['GET', 'Repository/getClaimScreen'],
  ['GET', 'Repository/getPopupDetailsDatabyID'],
  ['GET', 'Repository/getPaymentLedgerDetail'],
  ['GET', 'Repository/getAutoPopulateClaimsData'],
  ['GET', 'Repository/getLookupDropowns'],
  ['GET', 'Repository/getReferringProvider'],
  ['POST', 'AddEditClaim/saveClaimChargeAndPayment'],
  ['POST', 'AddEditClaim/updateChargeDiagnosis'],
];

describe.each(testEngines)('the calls beside the claim screens on $name', (engine) => {
  let world: RemitWorld;
  let outsider: SessionUser;
  let posted: { claimID: number; chargeIDs: number[] };
  let waiting: { claimID: number };
  let postedCheck: number;
  let waitingCheck: number;
  let draft: { claimID: number; chargeID: number };

  const as = (session: SessionUser) => ({
    get: (path: string, query: Record<string, string | number> = {}) =>
      world.test.app.inject({
        method: 'GET',
        url: `/api/${path}`,
        headers: bearer(session),
        query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      }),
    post: (path: string, payload: unknown) =>
      world.test.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        headers: bearer(session),
        payload: payload as object,
      }),
  });
  const biller = () => as(world.session);

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await world.db.query<{ n: number }>(sql, params))[0]?.n);

  beforeAll(async () => {
    world = await remitWorld(engine, `side-${engine.name}@example.test`);
    const { db, group, other } = world;
    await db.query(`INSERT INTO place_of_service (code, name) VALUES ('11', 'Office') ON CONFLICT DO NOTHING`);
    await db.query(
      `INSERT INTO remark_codes (code, description) VALUES ('N130', 'Consult plan benefit documents.') ON CONFLICT DO NOTHING`,
    );
    await createTestUser(db, `outsider-${engine.name}@example.test`, { groupIds: [other.groupId] });
    outsider = await signIn(world.test, `outsider-${engine.name}@example.test`);

    // A submitted claim the payer answered: line 1 paid $80.00 with CO-45 $20.00, line 2 denied CO-50 with N130.
    const answered = await world.claimWith([10000, 5000]);
    const [first, second] = answered.lines;
    if (!first || !second) throw new Error('two lines');
    posted = { claimID: answered.claimID, chargeIDs: [first.chargeID, second.chargeID] };
    postedCheck = await world.uploadAndPost({
      claims: [
        eraClaim(answered.claimID, [
          eraLine(first, 8000, [{ group: 'CO', reason: '45', cents: 2000 }]),
          { ...eraLine(second, 0, [{ group: 'CO', reason: '50', cents: 5000 }]), remarks: ['N130'] },
        ]),
      ],
    });
    // A claim with an ERA waiting on it: its one line answers a procedure the claim does not bill.
    const held = await world.claimWith([7000]);
    waiting = { claimID: held.claimID };
    const [heldLine] = held.lines;
    if (!heldLine) throw new Error('a line');
    const uploaded = await world.upload({
      traceNumber: 'WAIT1',
      claims: [
        eraClaim(held.claimID, [{ ...eraLine(heldLine, 7000, [], { withControlNumber: false }), procedure: '99999' }]),
      ],
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    waitingCheck = uploaded.eraCheckID;

    // A draft claim of the same patient, later in the year, with two diagnoses and one line pointing at the first.
    const [claim] = await db.query<{ claimID: number }>(
      `INSERT INTO claims (group_id, practice_id, patient_id, patient_name, insurance_id, provider_id, claim_status_id, scrub_status_id, submit_status_id,
                           dos_from, dos_to, pos_code, total_charge_cents, balance_cents)
       VALUES ($1, $2, $3, 'SMITH, JANE', $4, $5, $6, 1, 1, DATE '2026-06-01', DATE '2026-06-01', '11', 4000, 4000) RETURNING claim_id AS "claimID"`,
      [group.groupId, group.practiceId, group.patientId, group.insuranceId, group.providerId, CLAIM_STATUS.draft],
    );
    const claimID = Number(claim?.claimID);
    await db.query(
      `INSERT INTO claim_diagnoses (claim_id, sequence, icd_code) VALUES ($1, 1, 'E119'), ($1, 2, 'I10')`,
      [claimID],
    );
    const [line] = await db.query<{ chargeID: number }>(
      `INSERT INTO charges (claim_id, line_number, cpt_code, units, charge_cents, diagnosis_pointers, dos_from, dos_to, line_control_number, balance_cents)
       VALUES ($1, 1, '99213', 1, 4000, '{1}', DATE '2026-06-01', DATE '2026-06-01', $2, 4000) RETURNING charge_id AS "chargeID"`,
      [claimID, `D${claimID}-1`],
    );
    await db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
       VALUES ($1, $2, $3, $4, $5, 'charge', 4000, DATE '2026-06-01')`,
      [group.groupId, group.practiceId, group.patientId, claimID, line?.chargeID],
    );
    draft = { claimID, chargeID: Number(line?.chargeID) };
  });

  afterAll(async () => {
    await world.close();
  });

  it('answers 401 to every call without a session', async () => {
    for (const [method, path] of CALLS) {
      const reply = await world.test.app.inject({
        method,
        url: `/api/${path}`,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(reply.statusCode, path).toBe(401);
    }
  });

  it('refuses a malformed or missing id with 400 naming the field, for every read', async () => {
    const reads: [string, string][] = [
      ['Claims/getClaimStatsData', 'claimID'],
      ['Claims/getChargeDetailData', 'chargeID'],
      ['Claims/getClaimDetailSummaryBillingData', 'claimID'],
      ['Claims/getScrubingResponce', 'claimID'],
      ['Claims/getEditClaimDNAData', 'claimID'],
      ['Claims/getERAProfileDetailSummary', 'eraCheckID'],
      ['Claims/getERAProfileDetailSummaryCharges', 'eraCheckID'],
      ['Repository/getClaimScreen', 'ClaimID'],
      ['Repository/getPaymentLedgerDetail', 'ledgerID'],
      ['Repository/getAutoPopulateClaimsData', 'patientID'],
      ['Repository/getReferringProvider', 'groupID'],
    ];
    for (const [path, field] of reads) {
      for (const query of [{}, { [field]: 'abc' }, { [field]: '-4' }]) {
        const reply = await biller().get(path, query);
        expect(reply.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(reply.json<{ message: string }>().message, path).toContain(field);
      }
    }
  });

  it("adds a claim up from its ledger and counts what hangs on it; another group's biller is not told it exists", async () => {
    const reply = await biller().get('Claims/getClaimStatsData', { claimID: posted.claimID });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<ClaimStatsReply>()).toMatchObject({
      claimID: posted.claimID,
      totalCharges: 15000,
      insurancePaid: 8000,
      patientPaid: 0,
      adjusted: 2000,
      balance: 5000,
      lines: 2,
      openLines: 1,
      eraAnswers: 1,
      lastPostingDate: '2026-11-22',
    });
    expect((await as(outsider).get('Claims/getClaimStatsData', { claimID: posted.claimID })).statusCode).toBe(404);
    expect((await biller().get('Claims/getClaimStatsData', { claimID: 'x' })).statusCode).toBe(400);
  });

  it('gives one charge line with its ledger rows and the ERA line that answered it, the CARC and RARC in words', async () => {
    const [, denied] = posted.chargeIDs;
    const reply = await biller().get('Claims/getChargeDetailData', { chargeID: denied ?? 0 });
    expect(reply.statusCode, reply.body).toBe(200);
    const detail = reply.json<ChargeDetailReply>();
    expect(detail.charge).toMatchObject({ lineNumber: 2, charge: 5000, balance: 5000 });
    expect(detail.ledger.map((row) => row.entryType).sort()).toEqual(['charge', 'denial']);
    expect(detail.eraLines).toHaveLength(1);
    expect(detail.eraLines[0]?.line.adjustments[0]).toMatchObject({ group: 'CO', reason: '50', amount: 5000 });
    expect(detail.eraLines[0]?.line.adjustments[0]?.description).toMatch(/medical necessity/);
    expect(detail.eraLines[0]?.line.remarks).toEqual([
      { code: 'N130', description: 'Consult plan benefit documents.' },
    ]);
    expect((await as(outsider).get('Claims/getChargeDetailData', { chargeID: denied ?? 0 })).statusCode).toBe(404);
  });

  it('says who bills whom as the 837 will', async () => {
    const reply = await biller().get('Claims/getClaimDetailSummaryBillingData', { claimID: posted.claimID });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<BillingSummaryReply>()).toMatchObject({
      kind: 'professional',
      billingProvider: { name: 'Remit Ours Practice', npi: '1234567893', taxID: '123456789' },
      renderingProvider: { name: 'Lee, Ann', npi: '1234567893' },
      totalCharges: 15000,
    });
    expect(
      (await as(outsider).get('Claims/getClaimDetailSummaryBillingData', { claimID: posted.claimID })).statusCode,
    ).toBe(404);
  });

  it('answers the last scrub with who ran it, and its errors before its warnings as validation errors', async () => {
    const scrubbed = await biller().post('Claims/claimScrubing', { claimID: draft.claimID });
    expect(scrubbed.statusCode, scrubbed.body).toBe(200);
    const reply = await biller().get('Claims/getScrubingResponce', { claimID: draft.claimID });
    expect(reply.statusCode, reply.body).toBe(200);
    const response = reply.json<ScrubResponseReply>();
    expect(response.scrubbedBy).toBe('Test User');
    expect(response.errors + response.warnings).toBe(response.findings.length);
    const stored = await count('SELECT count(*)::int AS n FROM scrub_results WHERE claim_id = $1', [draft.claimID]);
    expect(response.findings).toHaveLength(stored);

    const errors = await biller().get('Claims/viewClaimValidationErrors', { claimID: draft.claimID, type: 'scrub' });
    expect(errors.statusCode, errors.body).toBe(200);
    const list = errors.json<ValidationErrorsReply>().errors;
    expect(list).toHaveLength(stored);
    const firstWarning = list.findIndex((error) => error.severity === 'warning');
    if (firstWarning >= 0) expect(list.slice(firstWarning).every((error) => error.severity === 'warning')).toBe(true);

    const bad = await biller().get('Claims/viewClaimValidationErrors', { claimID: draft.claimID, type: 'nonsense' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/scrub or posting/);
    expect((await as(outsider).get('Claims/getScrubingResponce', { claimID: draft.claimID })).statusCode).toBe(404);
  });

  it('names what keeps an ERA answer from posting on the claim, and nothing for a claim whose answer posted', async () => {
    const reply = await biller().get('Claims/viewClaimValidationErrors', { claimID: waiting.claimID, type: 'posting' });
    expect(reply.statusCode, reply.body).toBe(200);
    const { errors } = reply.json<ValidationErrorsReply>();
    expect(errors.map((error) => error.code)).toContain('ERA_LINE_UNMATCHED');
    expect(errors.find((error) => error.code === 'ERA_LINE_UNMATCHED')?.message).toMatch(/WAIT1.*99999/);
    const none = await biller().get('Claims/viewClaimValidationErrors', { claimID: posted.claimID, type: 'posting' });
    expect(none.json<ValidationErrorsReply>().errors).toEqual([]);
  });

  it('adds an ERA check up by outcome and by adjustment reason with the CARC text, and lists its lines', async () => {
    const reply = await biller().get('Claims/getERAProfileDetailSummary', { eraCheckID: postedCheck });
    expect(reply.statusCode, reply.body).toBe(200);
    const summary = reply.json<EraDetailSummaryReply>();
    expect(summary).toMatchObject({ claims: 1, matched: 1, posted: 1, billed: 15000, paid: 8000, totalPaid: 8000 });
    expect(summary.adjustments.map(({ group, reason, amount, lines }) => ({ group, reason, amount, lines }))).toEqual([
      { group: 'CO', reason: '50', amount: 5000, lines: 1 },
      { group: 'CO', reason: '45', amount: 2000, lines: 1 },
    ]);
    expect(summary.adjustments[1]?.description).toMatch(/fee schedule/);
    expect(summary.remarks).toEqual([{ code: 'N130', description: 'Consult plan benefit documents.', lines: 1 }]);

    const lines = await biller().get('Claims/getERAProfileDetailSummaryCharges', { eraCheckID: postedCheck });
    expect(lines.json<EraDetailSummaryChargesReply>().lines.map((row) => row.line.paid)).toEqual([8000, 0]);
    const waitingSummary = (
      await biller().get('Claims/getERAProfileDetailSummary', { eraCheckID: waitingCheck })
    ).json<EraDetailSummaryReply>();
    expect(waitingSummary.posted).toBe(0);
    expect((await as(outsider).get('Claims/getERAProfileDetailSummary', { eraCheckID: postedCheck })).statusCode).toBe(
      404,
    );
    expect(
      (await as(outsider).get('Claims/getERAProfileDetailSummaryCharges', { eraCheckID: postedCheck })).statusCode,
    ).toBe(404);
  });

  it('says where a claim opens and why its form is read-only once sent', async () => {
    const sent = (
      await biller().get('Repository/getClaimScreen', { ClaimID: posted.claimID })
    ).json<ClaimScreenReply>();
    expect(sent).toMatchObject({
      route: `/app/claim-detail/${posted.claimID}`,
      formRoute: `/app/create-claim/${posted.claimID}`,
    });
    expect(sent.readOnlyReason).toMatch(/submitted/);
    const open = (await biller().get('Repository/getClaimScreen', { ClaimID: draft.claimID })).json<ClaimScreenReply>();
    expect(open.readOnlyReason).toBeNull();
    expect((await as(outsider).get('Repository/getClaimScreen', { ClaimID: draft.claimID })).statusCode).toBe(404);
    expect((await biller().get('Repository/getClaimScreen', { claimID: draft.claimID })).statusCode).toBe(400);
  });

  it('shows a patient, a payer, a charge, a posting, a CARC and a RARC as popups, within the data role', async () => {
    const popup = async (type: string, id: string | number) =>
      biller().get('Repository/getPopupDetailsDatabyID', { type, id });
    const patient = (await popup('patient', world.group.patientId)).json<PopupReply>();
    expect(patient.title).toBe('SMITH, JANE');
    expect(patient.lines).toContainEqual({ label: 'Primary insurance', value: 'Aetna' });
    const payer = (await popup('payer', world.group.insuranceId)).json<PopupReply>();
    expect(payer.lines).toContainEqual({ label: 'Payer ID', value: '60054' });
    const charge = (await popup('charge', posted.chargeIDs[0] ?? 0)).json<PopupReply>();
    expect(charge.lines).toContainEqual({ label: 'Balance', value: '$0.00' });
    const carc = (await popup('carc', '45')).json<PopupReply>();
    expect(carc).toMatchObject({ title: 'CARC 45' });
    expect(carc.lines[0]?.value).toMatch(/fee schedule/);
    const rarc = (await popup('rarc', 'n130')).json<PopupReply>();
    expect(rarc.lines).toContainEqual({ label: 'Description', value: 'Consult plan benefit documents.' });
    expect((await popup('rarc', 'ZZ999')).statusCode).toBe(404);
    expect((await popup('nonsense', 1)).statusCode).toBe(400);
    expect((await popup('patient', 'a b')).statusCode).toBe(400);
    expect(
      (await as(outsider).get('Repository/getPopupDetailsDatabyID', { type: 'patient', id: world.group.patientId }))
        .statusCode,
    ).toBe(404);
  });

  it('gives one ledger posting in full with its ERA check', async () => {
    const [row] = await world.db.query<{ ledgerID: number }>(
      `SELECT ledger_id AS "ledgerID" FROM ledger_entries WHERE claim_id = $1 AND entry_type = 'insurance_payment'`,
      [posted.claimID],
    );
    const reply = await biller().get('Repository/getPaymentLedgerDetail', { ledgerID: row?.ledgerID ?? 0 });
    expect(reply.statusCode, reply.body).toBe(200);
    const detail = reply.json<PaymentLedgerDetailReply>();
    expect(detail.row).toMatchObject({ entryType: 'insurance_payment', amount: -8000, figure: 'insurancePaid' });
    expect(detail.eraCheck?.eraCheckID).toBe(postedCheck);
    expect(detail.patientName).toBe('SMITH, JANE');
    expect(
      (await as(outsider).get('Repository/getPaymentLedgerDetail', { ledgerID: row?.ledgerID ?? 0 })).statusCode,
    ).toBe(404);
  });

  it("fills a new claim from the patient's last claim, and gives the claim form's lists and the group's referring providers", async () => {
    const filled = (
      await biller().get('Repository/getAutoPopulateClaimsData', { patientID: world.group.patientId })
    ).json<AutoPopulateReply>();
    expect(filled).toMatchObject({
      fromClaimID: draft.claimID,
      providerID: world.group.providerId,
      posCode: '11',
      icds: ['E119', 'I10'],
    });
    expect(filled.patientInsuranceID).toBeNull();
    expect(
      (await as(outsider).get('Repository/getAutoPopulateClaimsData', { patientID: world.group.patientId })).statusCode,
    ).toBe(404);

    const lists = (await biller().get('Repository/getLookupDropowns')).json<LookupDropdownsReply>();
    expect(lists.placesOfService).toContainEqual({ value: '11', label: '11 Office' });
    expect(lists.frequencyCodes.map((option) => option.value)).toEqual(['1', '7', '8']);
    expect((await biller().get('Repository/getLookupDropowns', { extra: 1 })).statusCode).toBe(400);

    await world.db.query(
      `INSERT INTO providers (group_id, provider_type, first_name, last_name, npi, is_referring) VALUES ($1, 'individual', 'Rita', 'Referrer', '1234567893', true)`,
      [world.group.groupId],
    );
    const referring = (
      await biller().get('Repository/getReferringProvider', { groupID: world.group.groupId })
    ).json<ReferringProvidersReply>();
    expect(referring.providers.map((provider) => provider.name)).toEqual(['Referrer, Rita']);
    const elsewhere = (
      await as(outsider).get('Repository/getReferringProvider', { groupID: world.group.groupId })
    ).json<ReferringProvidersReply>();
    expect(elsewhere.providers).toEqual([]);
  });

  it("changes a line's diagnosis pointers, logs it as an edit, and refuses a pointer past the diagnoses with nothing changed", async () => {
    const pointers = async () =>
      (
        await world.db.query<{ p: number[] }>(
          'SELECT diagnosis_pointers::int[] AS p FROM charges WHERE charge_id = $1',
          [draft.chargeID],
        )
      )[0]?.p;
    const reply = await biller().post('AddEditClaim/updateChargeDiagnosis', {
      chargeID: draft.chargeID,
      diagnosisPointers: [2, 1],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await pointers()).toEqual([2, 1]);
    const edits = (
      await biller().get('Claims/getEditClaimDNAData', { claimID: draft.claimID })
    ).json<EditClaimDNAReply>().events;
    expect(edits.map((event) => event.action)).toContain('charge edited');
    expect(edits.map((event) => event.action)).not.toContain('scrubbed');

    const past = await biller().post('AddEditClaim/updateChargeDiagnosis', {
      chargeID: draft.chargeID,
      diagnosisPointers: [3],
    });
    expect(past.statusCode).toBe(400);
    const twice = await biller().post('AddEditClaim/updateChargeDiagnosis', {
      chargeID: draft.chargeID,
      diagnosisPointers: [1, 1],
    });
    expect(twice.statusCode).toBe(400);
    const foreign = await as(outsider).post('AddEditClaim/updateChargeDiagnosis', {
      chargeID: draft.chargeID,
      diagnosisPointers: [1],
    });
    expect(foreign.statusCode).toBe(404);
    expect(await pointers()).toEqual([2, 1]);
    expect((await as(outsider).get('Claims/getEditClaimDNAData', { claimID: draft.claimID })).statusCode).toBe(404);
  });

  it('saves a charge with the payment made on it in one transaction: the ledger and the balances move by the same cents', async () => {
    const before = await world.claimState(draft.claimID);
    const reply = await biller().post('AddEditClaim/saveClaimChargeAndPayment', {
      charge: { claimID: draft.claimID, cptCode: '36415', units: 1, diagnosisPointers: [1], chargeCents: 12000 },
      payment: { amount: 2500, method: 'cash', reference: 'desk copay' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const saved = reply.json<SaveChargeAndPaymentReply>();
    expect(saved).toMatchObject({ chargeCents: 12000, paidCents: 2500, lineBalance: 9500, lineNumber: 2 });
    const rows = await world.db.query<{ type: string; amount: number; date: string }>(
      `SELECT entry_type AS type, amount_cents AS amount, posting_date::text AS date FROM ledger_entries WHERE charge_id = $1 ORDER BY ledger_id`,
      [saved.chargeID],
    );
    expect(rows).toEqual([
      { type: 'charge', amount: 12000, date: '2026-11-22' },
      { type: 'patient_payment', amount: -2500, date: '2026-11-22' },
    ]);
    expect((await world.claimState(draft.claimID)).balance).toBe(before.balance + 9500);
    const stats = (await biller().get('Claims/getClaimStatsData', { claimID: draft.claimID })).json<ClaimStatsReply>();
    expect(stats).toMatchObject({ patientPaid: 2500, lines: 2 });
    await expectBooksAgree(world.db);
  });

  it('leaves no charge when the payment is refused, whatever refuses it', async () => {
    const snapshot = async () => ({
      charges: await count('SELECT count(*)::int AS n FROM charges WHERE claim_id = $1', [draft.claimID]),
      ledger: await count('SELECT count(*)::int AS n FROM ledger_entries WHERE claim_id = $1', [draft.claimID]),
      events: await count('SELECT count(*)::int AS n FROM claim_events WHERE claim_id = $1', [draft.claimID]),
      claim: await world.claimState(draft.claimID),
    });
    const before = await snapshot();
    const charge = { claimID: draft.claimID, cptCode: '36415', diagnosisPointers: [1], chargeCents: 3000 };

    const tooMuch = await biller().post('AddEditClaim/saveClaimChargeAndPayment', {
      charge,
      payment: { amount: 3001, method: 'card' },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ message: string }>().message).toMatch(/past its charge/);

    // A posting date in a month closed at month-end: refused by the payment's own rules, after the line was written.
    await world.db.query(
      `INSERT INTO month_end_locks (group_id, practice_id, month_start) VALUES ($1, $2, DATE '2026-10-01')`,
      [world.group.groupId, world.group.practiceId],
    );
    const closed = await biller().post('AddEditClaim/saveClaimChargeAndPayment', {
      charge,
      payment: { amount: 1000, method: 'cash', postingDate: '2026-10-15' },
    });
    expect(closed.statusCode, closed.body).toBe(400);
    expect(closed.json<{ message: string }>().message).toMatch(/October 2026/);

    const future = await biller().post('AddEditClaim/saveClaimChargeAndPayment', {
      charge,
      payment: { amount: 1000, method: 'cash', postingDate: '2026-12-01' },
    });
    expect(future.statusCode).toBe(400);
    const noAmount = await biller().post('AddEditClaim/saveClaimChargeAndPayment', {
      charge,
      payment: { method: 'cash' },
    });
    expect(noAmount.statusCode).toBe(400);
    const foreign = await as(outsider).post('AddEditClaim/saveClaimChargeAndPayment', {
      charge,
      payment: { amount: 1000, method: 'cash' },
    });
    expect(foreign.statusCode).toBe(404);

    expect(await snapshot()).toEqual(before);
    await expectBooksAgree(world.db);
  });

  it('refuses the charge and payment to a role without the payments module', async () => {
    await createTestUser(world.db, `claims-only-${engine.name}@example.test`, {
      groupIds: [world.group.groupId],
      modules: ['CLAIMS'],
    });
    const claimsOnly = await signIn(world.test, `claims-only-${engine.name}@example.test`);
    const reply = await as(claimsOnly).post('AddEditClaim/saveClaimChargeAndPayment', {
      charge: { claimID: draft.claimID, cptCode: '36415', diagnosisPointers: [1], chargeCents: 3000 },
      payment: { amount: 1000, method: 'cash' },
    });
    expect(reply.statusCode).toBe(403);
  });
});
