import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_STATUS, SCRUB_STATUS, SUBMIT_STATUS } from '../../../contract/claimStatus.ts';
import type { CreateCrossoverReply, CrossoverTypeReply } from '../../../contract/crossover.ts';
import type { DenialChargesReply, DenialReportReply } from '../../../contract/denials.ts';
import type { ClaimScrubReply } from '../../../contract/scrub.ts';
import { testEngines } from '../../test/engines.ts';
import { bearer } from '../../test/harness.ts';
import { openClaimTestWorld, type ClaimTestWorld } from '../scrub/scrubTestData.ts';
import { loadBillingClaims } from './loadBillingClaims.ts';

describe.each(testEngines)('crossover claims and denial management, on $name', (engine) => {
  let world: ClaimTestWorld;
  let secondaryCoverageID = 0;
  let medicaid = 0;

  beforeAll(async () => {
    world = await openClaimTestWorld(engine, 'Crossing', 'Faraway');
    const { db } = world.database;
    const [payer] = await db.query<{ id: number }>(
      `INSERT INTO insurances (name, payer_id, insurance_type, timely_filing_days) VALUES ('Texas Medicaid (TMHP)', '617591011', 'medicaid', 365) RETURNING insurance_id AS id`,
    );
    medicaid = payer!.id;
    const [secondary] = await db.query<{ id: number }>(
      `INSERT INTO patient_insurances (patient_id, insurance_id, priority, subscriber_id, effective_from) VALUES ($1, $2, 2, '512345678', DATE '2025-06-01')
       RETURNING patient_insurance_id AS id`,
      [world.data.group.patientId, medicaid],
    );
    secondaryCoverageID = secondary!.id;
  });

  afterAll(async () => {
    await world.test.close();
    await world.database.dispose();
  });

  const inject = (
    method: 'GET' | 'POST',
    path: string,
    input: Record<string, string | number>,
    session = world.biller,
  ) =>
    world.test.app.inject(
      method === 'GET'
        ? {
            method,
            url: `/api/${path}`,
            headers: bearer(session),
            query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])),
          }
        : { method, url: `/api/${path}`, headers: bearer(session), payload: input },
    );
  const cross = (claimID: number, session = world.biller) =>
    inject('POST', 'AddEditClaim/createCrossoverClaim', { claimID }, session);
  const crossType = async (claimID: number) =>
    (await inject('GET', 'AddEditClaim/getCrossoverClaimType', { claimID })).json<CrossoverTypeReply>();
  const post = async (
    claimID: number,
    chargeID: number | null,
    entryType: string,
    amount: number,
    codes: [string, string] | null = null,
  ) => {
    const { group } = world.data;
    await world.database.db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, adjustment_group_code, reason_code, posting_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, DATE '2026-02-10')`,
      [
        group.groupId,
        group.practiceId,
        group.patientId,
        claimID,
        chargeID,
        entryType,
        amount,
        codes?.[0] ?? null,
        codes?.[1] ?? null,
      ],
    );
  };
  const counts = async () =>
    (
      await world.database.db.query<{ claims: number; charges: number; ledger: number; events: number }>(
        `SELECT (SELECT count(*)::int FROM claims) AS claims, (SELECT count(*)::int FROM charges) AS charges,
                (SELECT count(*)::int FROM ledger_entries) AS ledger, (SELECT count(*)::int FROM claim_events) AS events`,
      )
    )[0];
  const events = async (claimID: number) =>
    world.database.db.query<{ action: string; detail: Record<string, unknown> }>(
      'SELECT action, detail FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
      [claimID],
    );

  it('bills the next coverage with a copy of every line that is not void, its charge rows, and the primary’s answer for the scrubber', async () => {
    const original = await world.data.insertClaim({
      dos: '2026-01-20',
      lines: [
        { code: '99213', cents: 12_500, pointers: [1, 2] },
        { code: '36415', cents: 9_900, status: 'void' },
        { code: '36415', cents: 1_500 },
      ],
    });
    const [visit, , draw] = original.chargeIDs as [number, number, number];
    expect(await crossType(original.claimID)).toMatchObject({
      possible: false,
      reason: expect.stringMatching(/has not answered/) as unknown,
      rank: 'secondary',
    });
    await post(original.claimID, visit, 'insurance_payment', -8_000);
    await post(original.claimID, visit, 'contractual_adjustment', -2_500, ['CO', '45']);
    await post(original.claimID, visit, 'patient_responsibility', 0, ['PR', '2']);
    await post(original.claimID, draw, 'insurance_payment', -1_000);
    await post(original.claimID, draw, 'contractual_adjustment', -500, ['CO', '45']);
    expect(await crossType(original.claimID)).toEqual({
      claimID: original.claimID,
      possible: true,
      reason: null,
      payerName: 'Texas Medicaid (TMHP)',
      insuranceID: expect.any(Number) as unknown,
      priority: 2,
      rank: 'secondary',
      existingCrossoverClaimID: null,
    });

    const reply = await cross(original.claimID);
    expect(reply.statusCode, reply.body).toBe(200);
    const { crossoverClaimID, message } = reply.json<CreateCrossoverReply>();
    expect(message).toBe(`Crossover claim ${crossoverClaimID} created for Texas Medicaid (TMHP) (secondary).`);
    const [claim] = await world.database.db.query<Record<string, unknown>>(
      `SELECT patient_insurance_id AS coverage, crossover_of_claim_id AS "of", total_charge_cents AS total, balance_cents AS balance, claim_status_id AS status,
              scrub_status_id AS scrub, submit_status_id AS submit, patient_id AS patient, provider_id AS provider, pos_code AS pos, dos_from::text AS dos
         FROM claims WHERE claim_id = $1`,
      [crossoverClaimID],
    );
    expect(claim).toEqual({
      coverage: secondaryCoverageID,
      of: original.claimID,
      total: 14_000,
      balance: 14_000,
      status: CLAIM_STATUS.draft,
      scrub: SCRUB_STATUS.notScrubbed,
      submit: SUBMIT_STATUS.notSubmitted,
      patient: world.data.group.patientId,
      provider: world.data.group.providerId,
      pos: '11',
      dos: '2026-01-20',
    });
    const lines = await world.database.db.query<{
      id: number;
      line: number;
      code: string;
      cents: number;
      pointers: number[];
      lcn: string;
      ledger: number;
    }>(
      `SELECT ch.charge_id AS id, ch.line_number AS line, ch.cpt_code AS code, ch.charge_cents AS cents, ch.diagnosis_pointers AS pointers, ch.line_control_number AS lcn,
              (SELECT sum(l.amount_cents)::int FROM ledger_entries l WHERE l.charge_id = ch.charge_id AND l.entry_type = 'charge') AS ledger
         FROM charges ch WHERE ch.claim_id = $1 ORDER BY ch.line_number`,
      [crossoverClaimID],
    );
    expect(lines.map(({ id: _id, lcn: _lcn, ...line }) => line)).toEqual([
      { line: 1, code: '99213', cents: 12_500, pointers: [1, 2], ledger: 12_500 },
      { line: 3, code: '36415', cents: 1_500, pointers: [1], ledger: 1_500 },
    ]);
    for (const line of lines) expect(line.lcn).toBe(`L${String(line.id).padStart(10, '0')}`);
    const diagnoses = await world.database.db.query<{ code: string }>(
      'SELECT icd_code AS code FROM claim_diagnoses WHERE claim_id = $1 ORDER BY sequence',
      [crossoverClaimID],
    );
    expect(diagnoses.map((row) => row.code)).toEqual(['E119', 'I10']);
    expect(await events(original.claimID)).toEqual([
      { action: 'crossover created', detail: expect.objectContaining({ crossoverClaimID, priority: 2 }) as unknown },
    ]);
    expect(await events(crossoverClaimID)).toEqual([
      {
        action: 'created from crossover',
        detail: expect.objectContaining({ originalClaimID: original.claimID, lines: 2, totalCents: 14_000 }) as unknown,
      },
    ]);

    const [billed] = await loadBillingClaims(world.database.db, [crossoverClaimID]);
    expect(billed?.primary).toMatchObject({ paidCents: 9_000 });
    const scrub = await inject('POST', 'Claims/claimScrubing', { claimID: crossoverClaimID });
    expect(scrub.statusCode, scrub.body).toBe(200);
    expect(scrub.json<ClaimScrubReply>().findings.map((finding) => finding.ruleID)).not.toContain(
      'PRIMARY_ADJUDICATION_REQUIRED',
    );

    const again = await cross(original.claimID);
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe(
      `Claim ${original.claimID} already has crossover claim ${crossoverClaimID}: work on that one (or void it first).`,
    );
    expect((await crossType(original.claimID)).existingCrossoverClaimID).toBe(crossoverClaimID);

    await world.database.db.query('UPDATE claims SET claim_status_id = $2 WHERE claim_id = $1', [
      crossoverClaimID,
      CLAIM_STATUS.void,
    ]);
    const replacement = await cross(original.claimID);
    expect(replacement.statusCode, replacement.body).toBe(200);
    expect(replacement.json<CreateCrossoverReply>().crossoverClaimID).not.toBe(crossoverClaimID);
  });

  it('refuses a claim the primary has not answered, one with no next coverage, and one outside the data role, writing nothing', async () => {
    const unanswered = await world.data.insertClaim({ dos: '2026-01-22', lines: [{ code: '99213' }] });
    const uncovered = await world.data.insertClaim({
      dos: '2025-03-01',
      lines: [{ code: '99213' }],
      claimStatusID: CLAIM_STATUS.paid,
    });
    const before = await counts();
    const notYet = await cross(unanswered.claimID);
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json<{ message: string }>().message).toBe(
      `The primary payer has not answered claim ${unanswered.claimID} yet: post its payment, adjustments or denial first.`,
    );
    const none = await cross(uncovered.claimID);
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toBe(
      'The patient has no secondary or tertiary coverage active on 2025-03-01.',
    );
    expect(await crossType(uncovered.claimID)).toMatchObject({ possible: false, payerName: null, rank: null });
    const denied = await world.data.insertClaim({
      dos: '2026-01-23',
      lines: [{ code: '99213' }],
      claimStatusID: CLAIM_STATUS.denied,
    });
    const afterInsert = await counts();
    expect((await cross(denied.claimID, world.outsider)).statusCode).toBe(404);
    expect(
      (await inject('GET', 'AddEditClaim/getCrossoverClaimType', { claimID: denied.claimID }, world.outsider))
        .statusCode,
    ).toBe(404);
    expect(await counts()).toEqual(afterInsert);
    expect(afterInsert?.events).toBe(before?.events);
    // A denial by the primary is an answer: the secondary may pay.
    expect((await cross(denied.claimID)).statusCode).toBe(200);
  });

  it('groups denials by reason with claim counts and amounts, lists the denied claims, and keeps to the data role', async () => {
    const { db } = world.database;
    await db.query(
      `INSERT INTO adjustment_reason_codes (code, description) VALUES ('16', 'Claim/service lacks information'), ('50', 'Not medically necessary') ON CONFLICT DO NOTHING`,
    );
    await db.query(
      `INSERT INTO remark_codes (code, description) VALUES ('M51', 'Missing/incomplete procedure code') ON CONFLICT DO NOTHING`,
    );
    const two = await world.data.insertClaim({
      dos: '2026-02-01',
      lines: [
        { code: '99213', cents: 10_000 },
        { code: '36415', cents: 2_000 },
      ],
    });
    const whole = await world.data.insertClaim({ dos: '2026-02-02', lines: [{ code: '99214', cents: 15_000 }] });
    const [visit, draw] = two.chargeIDs as [number, number];
    await post(two.claimID, visit, 'denial', 0, ['CO', '50']);
    await post(two.claimID, draw, 'denial', 0, ['CO', '16']);
    await post(two.claimID, draw, 'denial', 0, ['CO', '50']);
    await post(whole.claimID, null, 'denial', 0, ['CO', '16']);
    const [era] = await db.query<{ id: number }>(
      `WITH f AS (INSERT INTO era_files (group_id, file_name, file_hash, content) VALUES ($1, 'era.835', 'h1', '') RETURNING era_file_id)
       INSERT INTO era_checks (era_file_id, group_id, payer_name, payer_identifier, trace_number, payment_method, total_paid_cents)
       SELECT era_file_id, $1, 'Aetna', 'P1', 'T1', 'CHK', 0 FROM f RETURNING era_check_id AS id`,
      [world.data.group.groupId],
    );
    const [eraClaim] = await db.query<{ id: number }>(
      `INSERT INTO era_claims (era_check_id, claim_id, patient_control_number, status_code, billed_cents, paid_cents) VALUES ($1, $2, 'X', '4', 12000, 0) RETURNING era_claim_id AS id`,
      [era!.id, two.claimID],
    );
    const [eraLine] = await db.query<{ id: number }>(
      `INSERT INTO era_lines (era_claim_id, charge_id, procedure_code, billed_cents, paid_cents) VALUES ($1, $2, '36415', 2000, 0) RETURNING era_line_id AS id`,
      [eraClaim!.id, draw],
    );
    await db.query(`INSERT INTO era_remarks (era_claim_id, era_line_id, remark_code) VALUES ($1, $2, 'M51')`, [
      eraClaim!.id,
      eraLine!.id,
    ]);

    const report = async (query: Record<string, string | number>, session = world.biller) => {
      const reply = await inject('GET', 'Claims/GetDenialManagementReportData', query, session);
      expect(reply.statusCode, reply.body).toBe(200);
      return reply.json<DenialReportReply>();
    };
    const february = await report({ dosFrom: '2026-02-01', dosTo: '2026-02-28' });
    expect(february.reasons).toEqual([
      { reasonCode: '16', description: 'Claim/service lacks information', claimCount: 2, deniedCents: 17_000 },
      { reasonCode: '50', description: 'Not medically necessary', claimCount: 1, deniedCents: 12_000 },
    ]);
    expect(february.totalClaims).toBe(2);
    expect(february.totalDeniedCents).toBe(27_000);
    expect(february.claims).toEqual([
      {
        claimID: whole.claimID,
        patientName: 'SMITH, JANE',
        insuranceID: world.data.group.insuranceId,
        payerName: 'Aetna',
        dosFrom: '2026-02-02',
        reasonCodes: ['16'],
        deniedCents: 15_000,
        balanceCents: 15_000,
      },
      {
        claimID: two.claimID,
        patientName: 'SMITH, JANE',
        insuranceID: world.data.group.insuranceId,
        payerName: 'Aetna',
        dosFrom: '2026-02-01',
        reasonCodes: ['16', '50'],
        deniedCents: 12_000,
        balanceCents: 12_000,
      },
    ]);
    expect(february.payers).toEqual([{ insuranceID: world.data.group.insuranceId, payerName: 'Aetna', claimCount: 2 }]);
    expect((await report({ dosFrom: '2026-02-01', insuranceID: world.data.group.insuranceId })).totalClaims).toBe(2);
    const otherPayer = await report({ dosFrom: '2026-02-01', insuranceID: medicaid });
    expect(otherPayer).toMatchObject({ totalClaims: 0, claims: [], payers: [] });
    const fifty = await report({ reasonCode: '50', dosFrom: '2026-02-01' });
    expect(fifty.reasons.map((reason) => reason.reasonCode)).toEqual(['50']);
    expect(fifty.claims.map((claim) => claim.claimID)).toEqual([two.claimID]);
    const paged = await report({ dosFrom: '2026-02-01', pageSize: 1, pageNumber: 2 });
    expect(paged.claims.map((claim) => claim.claimID)).toEqual([two.claimID]);
    expect(paged.totalClaims).toBe(2);
    expect(await report({ dosFrom: '2026-02-01' }, world.outsider)).toMatchObject({
      reasons: [],
      totalClaims: 0,
      totalDeniedCents: 0,
      claims: [],
    });
    expect((await report({ practiceID: world.elsewhere.practiceId })).totalClaims).toBe(0);

    const charges = await inject('GET', 'Claims/GetDenialManagementCharges', { claimID: two.claimID });
    expect(charges.statusCode, charges.body).toBe(200);
    expect(charges.json<DenialChargesReply>()).toEqual({
      claimID: two.claimID,
      totalDeniedCents: 12_000,
      lines: [
        {
          chargeID: visit,
          lineNumber: 1,
          cptCode: '99213',
          modifiers: [],
          deniedCents: 10_000,
          remarks: [],
          denials: [
            { groupCode: 'CO', reasonCode: '50', description: 'Not medically necessary', postingDate: '2026-02-10' },
          ],
        },
        {
          chargeID: draw,
          lineNumber: 2,
          cptCode: '36415',
          modifiers: [],
          deniedCents: 2_000,
          remarks: [{ code: 'M51', description: 'Missing/incomplete procedure code' }],
          denials: [
            {
              groupCode: 'CO',
              reasonCode: '16',
              description: 'Claim/service lacks information',
              postingDate: '2026-02-10',
            },
            { groupCode: 'CO', reasonCode: '50', description: 'Not medically necessary', postingDate: '2026-02-10' },
          ],
        },
      ],
    });
    const wholeCharges = (
      await inject('GET', 'Claims/GetDenialManagementCharges', { claimID: whole.claimID })
    ).json<DenialChargesReply>();
    expect(wholeCharges).toMatchObject({
      totalDeniedCents: 15_000,
      lines: [{ chargeID: null, lineNumber: null, deniedCents: 15_000 }],
    });
    expect(
      (await inject('GET', 'Claims/GetDenialManagementCharges', { claimID: two.claimID }, world.outsider)).statusCode,
    ).toBe(404);
  });

  it("refuses a crossover while today's month is locked at month-end: its charges would post today", async () => {
    const original = await world.data.insertClaim({ dos: '2026-01-22', lines: [{ code: '99213', cents: 12_500 }] });
    const [visit] = original.chargeIDs as [number];
    await post(original.claimID, visit, 'insurance_payment', -8_000);
    await post(original.claimID, visit, 'patient_responsibility', 0, ['PR', '2']);
    expect((await crossType(original.claimID)).possible).toBe(true);
    const { group } = world.data;
    await world.database.db.query(
      "INSERT INTO month_end_locks (group_id, practice_id, month_start) VALUES ($1, $2, DATE '2026-11-01')",
      [group.groupId, group.practiceId],
    );
    try {
      const before = await counts();
      const reply = await cross(original.claimID);
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ message: string }>().message).toBe(
        "November 2026 is locked at month-end: the crossover claim's charges would post today.",
      );
      expect(await counts()).toEqual(before);
    } finally {
      await world.database.db.query("DELETE FROM month_end_locks WHERE month_start = DATE '2026-11-01'");
    }
  });
});
