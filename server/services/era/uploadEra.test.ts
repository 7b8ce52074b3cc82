import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import {
  ERA_DELETED,
  ERA_UPLOADED,
  type EraFullDetailReply,
  type EraProfileReply,
  type UploadEraReply,
} from '../../../contract/era.ts';
import type { ClaimEraAnswersReply } from '../../../contract/eraAnswers.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';

interface OurLine {
  chargeID: number;
  claimID: number;
  cptCode: string;
  modifiers: string[];
  chargeCents: number;
  dosFrom: string;
  units: number;
  lineControlNumber: string;
}

/**
 * An 835 paying `claims` (ours, by claim ID) at 80% with the rest a contractual adjustment, each
 * line with its REF*6R unless `withoutControlNumbers`; `extra` segments go in before SE.
 */
function remittance(
  trace: string,
  claims: Map<number, OurLine[]>,
  options: { withoutControlNumbers?: boolean; foreignClaim?: boolean; totalDelta?: number } = {},
): string {
  const body: string[] = [
    'BPR*I*{TOTAL}*C*ACH*CCP*01*111*DA*22*1512345678**01*333*DA*44*20261120',
    `TRN*1*${trace}*1512345678`,
    'DTM*405*20261120',
    'N1*PR*AETNA*XV*60054',
    'N1*PE*TEST PRACTICE*XX*1234567893',
    'LX*1',
  ];
  let total = 0;
  const money = (cents: number) => (cents / 100).toFixed(2);
  const pay = (claimID: string, lines: OurLine[]) => {
    const charge = lines.reduce((sum, line) => sum + line.chargeCents, 0);
    const paid = lines.reduce((sum, line) => sum + Math.round(line.chargeCents * 0.8), 0);
    total += paid;
    body.push(
      `CLP*${claimID}*1*${money(charge)}*${money(paid)}**12*PCN${claimID}*11*1`,
      'NM1*QC*1*SMITH*JANE****MI*W123',
    );
    for (const line of lines) {
      const linePaid = Math.round(line.chargeCents * 0.8);
      body.push(
        `SVC*HC:${[line.cptCode, ...line.modifiers].join(':')}*${money(line.chargeCents)}*${money(linePaid)}**${line.units}`,
        `DTM*472*${line.dosFrom.replaceAll('-', '')}`,
        `CAS*CO*45*${money(line.chargeCents - linePaid)}`,
      );
      if (!options.withoutControlNumbers) body.push(`REF*6R*${line.lineControlNumber}`);
    }
  };
  for (const [claimID, lines] of claims) pay(String(claimID), lines);
  if (options.foreignClaim)
    pay('NOT-OURS-1', [
      {
        chargeID: 0,
        claimID: 0,
        cptCode: '99213',
        modifiers: [],
        chargeCents: 5_000,
        dosFrom: '2026-01-05',
        units: 1,
        lineControlNumber: 'ZZ1',
      },
    ]);
  const segments = [
    `ST*835*0001`,
    ...body.map((segment) => segment.replace('{TOTAL}', money(total + (options.totalDelta ?? 0)))),
  ];
  return [
    'ISA*00*          *00*          *ZZ*AETNA          *ZZ*TESTPRACTICE   *261120*0900*^*00501*000000001*0*P*:',
    'GS*HP*AETNA*TESTPRACTICE*20261120*0900*1*X*005010X221A1',
    ...segments,
    `SE*${segments.length + 1}*0001`,
    'GE*1*1',
    'IEA*1*000000001',
  ].join('~\n');
}

describe.each(testEngines)('ERA upload, matching and the ERA profile on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let group: TestGroup;
  let outside: TestGroup;
  let session: SessionUser;
  const lines = new Map<number, OurLine[]>();

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Remit', { claims: 4 });
    outside = await createTestGroup(database.db, 'Elsewhere', { claims: 1 });
    await database.db.query(
      `INSERT INTO charges (claim_id, line_number, cpt_code, modifier1, units, charge_cents, dos_from, dos_to, line_control_number, balance_cents)
       SELECT c.claim_id, n, CASE WHEN n = 1 THEN '99213' ELSE '36415' END, CASE WHEN n = 2 THEN '59' END, n, 10000 * n, c.dos_from, c.dos_to,
              'E' || c.claim_id || '-' || n, 10000 * n
         FROM claims c CROSS JOIN generate_series(1, 2) AS n`,
    );
    const rows = await database.db.query<OurLine>(
      `SELECT charge_id AS "chargeID", claim_id AS "claimID", cpt_code AS "cptCode", array_remove(ARRAY[modifier1], NULL) AS modifiers,
              charge_cents AS "chargeCents", dos_from AS "dosFrom", units, line_control_number AS "lineControlNumber"
         FROM charges ORDER BY claim_id, line_number`,
    );
    for (const row of rows) lines.set(row.claimID, [...(lines.get(row.claimID) ?? []), row]);
    await createTestUser(database.db, 'remit@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'remit@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const claimsOf = (...claimIDs: (number | undefined)[]) =>
    new Map(claimIDs.map((claimID) => [Number(claimID), lines.get(Number(claimID)) ?? []]));
  const upload = (text: string, groupID = group.groupId, fileName = 'aetna.835') =>
    test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/uploadERA',
      query: { groupID: String(groupID), fileName },
      headers: { ...bearer(session), 'content-type': 'text/plain' },
      payload: text,
    });
  const stored = async () => {
    const [row] = await database.db.query<{ checks: number; claims: number; lines: number; adjustments: number }>(
      `SELECT (SELECT count(*)::int FROM era_checks) AS checks, (SELECT count(*)::int FROM era_claims) AS claims,
              (SELECT count(*)::int FROM era_lines) AS lines, (SELECT count(*)::int FROM era_adjustments) AS adjustments`,
    );
    return row;
  };
  const profile = async (query: Record<string, string> = {}) =>
    (
      await test.app.inject({ method: 'GET', url: '/api/Claims/getERAProfileData', query, headers: bearer(session) })
    ).json<EraProfileReply>();

  it('stores a check with its claims and lines, each matched to ours by claim ID and line control number', async () => {
    const reply = await upload(remittance('EFT1001', claimsOf(group.claimIds[0], group.claimIds[1])));
    expect(reply.statusCode).toBe(200);
    const body = reply.json<UploadEraReply>();
    expect(body.message).toBe(ERA_UPLOADED);
    expect(body.checks).toHaveLength(1);
    expect(body.checks[0]).toMatchObject({
      traceNumber: 'EFT1001',
      payerName: 'AETNA',
      totalPaid: 48_000,
      claims: 2,
      matchedClaims: 2,
      lines: 4,
      matchedLines: 4,
      balanced: true,
      imbalances: [],
    });
    expect(body.checks[0]?.eraCheckID).toBeGreaterThan(0);
    const matched = await database.db.query<{ claimID: number; chargeID: number; matchedBy: string; paid: number }>(
      `SELECT ec.claim_id AS "claimID", el.charge_id AS "chargeID", el.matched_by AS "matchedBy", el.paid_cents AS paid
         FROM era_lines el JOIN era_claims ec ON ec.era_claim_id = el.era_claim_id ORDER BY el.era_line_id`,
    );
    const expected = [...(lines.get(Number(group.claimIds[0])) ?? []), ...(lines.get(Number(group.claimIds[1])) ?? [])];
    expect(matched).toEqual(
      expected.map((line) => ({
        claimID: line.claimID,
        chargeID: line.chargeID,
        matchedBy: 'line control number',
        paid: Math.round(line.chargeCents * 0.8),
      })),
    );
    const [adjustment] = await database.db.query<{ total: number }>(
      `SELECT sum(amount_cents)::bigint AS total FROM era_adjustments WHERE group_code = 'CO' AND reason_code = '45'`,
    );
    expect(adjustment?.total).toBe(12_000);
  });

  it('matches lines by code, modifiers, date and units when the payer drops the line control numbers, and leaves a claim that is not ours unmatched', async () => {
    const body = (
      await upload(
        remittance('EFT1002', claimsOf(group.claimIds[2]), { withoutControlNumbers: true, foreignClaim: true }),
      )
    ).json<UploadEraReply>();
    expect(body.checks[0]).toMatchObject({ claims: 2, matchedClaims: 1, lines: 3, matchedLines: 2 });
    const rows = await database.db.query<{ chargeID: number | null; matchedBy: string | null }>(
      `SELECT el.charge_id AS "chargeID", el.matched_by AS "matchedBy" FROM era_lines el JOIN era_claims ec ON ec.era_claim_id = el.era_claim_id
        JOIN era_checks ck ON ck.era_check_id = ec.era_check_id WHERE ck.trace_number = 'EFT1002' ORDER BY el.era_line_id`,
    );
    expect(rows).toEqual([
      ...(lines.get(Number(group.claimIds[2])) ?? []).map((line) => ({
        chargeID: line.chargeID,
        matchedBy: 'code and date',
      })),
      { chargeID: null, matchedBy: null },
    ]);
  });

  it('refuses the same file and the same check again, storing nothing, also when two uploads race', async () => {
    const before = await stored();
    const again = await upload(remittance('EFT1001', claimsOf(group.claimIds[0], group.claimIds[1])));
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'This file (aetna.835) was already uploaded for the group; it was not uploaded again.',
    );
    const sameCheckOtherFile = await upload(remittance('EFT1001', claimsOf(group.claimIds[0])));
    expect(sameCheckOtherFile.statusCode).toBe(409);
    expect(sameCheckOtherFile.json<{ message: string }>().message).toContain(
      'same payer, check or EFT number and payee',
    );
    expect(await stored()).toEqual(before);

    const racing = await Promise.all([
      upload(remittance('EFT2001', claimsOf(group.claimIds[3]))),
      upload(remittance('EFT2001', claimsOf(group.claimIds[3]), { totalDelta: 0 }), group.groupId, 'copy.835'),
    ]);
    expect(racing.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const [{ count } = { count: 0 }] = await database.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM era_checks WHERE trace_number = 'EFT2001'",
    );
    expect(count).toBe(1);
  });

  it('stores a check that does not add up as unbalanced, with the difference', async () => {
    const body = (
      await upload(remittance('EFT3001', claimsOf(group.claimIds[0]), { totalDelta: 1_000 }))
    ).json<UploadEraReply>();
    expect(body.checks[0]).toMatchObject({ balanced: false, imbalances: [{ level: 'check', differenceCents: 1_000 }] });
  });

  it('refuses a file it cannot read, naming the segment and line, and stores nothing', async () => {
    const before = await stored();
    const broken = remittance('EFT4001', claimsOf(group.claimIds[0])).replace(
      /CLP\*(\d+)\*1\*([\d.]+)/,
      'CLP*$1*1*12X.00',
    );
    const reply = await upload(broken);
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ message: string }>().message).toBe(
      'The file could not be read, nothing was uploaded: Claim charge (CLP03) is not an amount: "12X.00". (segment CLP at line 10)',
    );
    expect(await stored()).toEqual(before);
    expect((await upload('')).statusCode).toBe(400);
  });

  it('refuses a file over 20 MB before reading it, naming the limit, and stores nothing', async () => {
    const before = await stored();
    const reply = await upload(`${remittance('EFT6001', claimsOf(group.claimIds[0]))}${' '.repeat(21 * 1024 * 1024)}`);
    expect(reply.statusCode).toBe(413);
    expect(reply.json<{ message: string }>().message).toBe('The request is larger than allowed: at most 20 MB.');
    expect(await stored()).toEqual(before);
  });

  it('refuses a group outside the data role', async () => {
    const reply = await upload(remittance('EFT5001', claimsOf(outside.claimIds[0])), outside.groupId);
    expect(reply.statusCode).toBe(404);
  });

  it('shows an ERA in full: claims and lines with what they matched, adjustments with CARC text, or only the claims asked for', async () => {
    const eraID = (
      await database.db.query<{ eraID: number }>(
        'SELECT era_file_id AS "eraID" FROM era_checks WHERE trace_number = \'EFT1002\'',
      )
    )[0]?.eraID;
    const detail = (
      await test.app.inject({
        method: 'GET',
        url: '/api/Claims/getERAFullDetail',
        query: { eraID: String(eraID) },
        headers: bearer(session),
      })
    ).json<EraFullDetailReply>();
    expect(detail.checks).toHaveLength(1);
    const [check] = detail.checks;
    expect(check).toMatchObject({
      traceNumber: 'EFT1002',
      payerName: 'AETNA',
      balanced: true,
      imbalances: [],
      providerAdjustments: [],
    });
    expect(
      check?.claims.map((claim) => [
        claim.patientControlNumber,
        claim.claimID,
        claim.matchedBy,
        claim.status,
        claim.lines.length,
      ]),
    ).toEqual([
      [String(group.claimIds[2]), Number(group.claimIds[2]), 'claim id', 'Processed as primary', 2],
      ['NOT-OURS-1', null, null, 'Processed as primary', 1],
    ]);
    const [firstLine] = check?.claims[0]?.lines ?? [];
    expect(firstLine).toMatchObject({
      procedureCode: '99213',
      modifiers: [],
      billed: 10_000,
      paid: 8_000,
      units: 1,
      matchedBy: 'code and date',
    });
    expect(firstLine?.adjustments).toHaveLength(1);
    expect(firstLine?.adjustments[0]).toMatchObject({ group: 'CO', reason: '45', amount: 2_000 });
    const wanted = check?.claims[1]?.eraClaimID;
    const one = (
      await test.app.inject({
        method: 'GET',
        url: '/api/Claims/getERAFullDetail',
        query: { eraID: String(eraID), eraClaimIDS: String(wanted) },
        headers: bearer(session),
      })
    ).json<EraFullDetailReply>();
    expect(one.checks[0]?.claims.map((claim) => claim.patientControlNumber)).toEqual(['NOT-OURS-1']);
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getERAFullDetail',
      query: { eraID: String(eraID), eraClaimIDS: '1,x' },
      headers: bearer(session),
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getERAFullDetail',
      query: { eraID: '999999' },
      headers: bearer(session),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists the ERA answers to one of our claims, newest check first, with the lines as the payer sent them', async () => {
    const answersOf = (claimID: unknown) =>
      test.app.inject({
        method: 'GET',
        url: '/api/Claims/getERAProfileDataByID',
        query: { claimID: String(claimID) },
        headers: bearer(session),
      });
    const reply = (await answersOf(group.claimIds[0])).json<ClaimEraAnswersReply>();
    expect(reply.claimID).toBe(Number(group.claimIds[0]));
    expect(
      reply.answers.map((answer) => [answer.traceNumber, answer.checkStatus, answer.balanced, answer.claim.claimID]),
    ).toEqual([
      ['EFT3001', 'unposted', false, Number(group.claimIds[0])],
      ['EFT1001', 'unposted', true, Number(group.claimIds[0])],
    ]);
    const ours = lines.get(Number(group.claimIds[0])) ?? [];
    expect(
      reply.answers[1]?.claim.lines.map((line) => [
        line.chargeID,
        line.billed,
        line.paid,
        line.adjustments.map((entry) => `${entry.group}-${entry.reason} ${entry.amount}`),
      ]),
    ).toEqual(
      ours.map((line) => [
        line.chargeID,
        line.chargeCents,
        Math.round(line.chargeCents * 0.8),
        [`CO-45 ${line.chargeCents - Math.round(line.chargeCents * 0.8)}`],
      ]),
    );
    expect((await answersOf(outside.claimIds[0])).statusCode).toBe(404);
    expect((await answersOf('x')).statusCode).toBe(400);
  });

  it('lists the checks in the ERA profile, deletes an unposted one, and then takes the corrected file', async () => {
    const listed = await profile();
    expect(listed.eraPaymentStats).toMatchObject({ checks: 4, unposted: 4 });
    expect(
      listed.eraPaymentData.map((row) => [row.traceNumber, row.claims, row.unmatchedClaims, row.balanced]),
    ).toEqual([
      ['EFT3001', 1, 0, false],
      ['EFT2001', 1, 0, true],
      ['EFT1002', 2, 1, true],
      ['EFT1001', 2, 0, true],
    ]);
    const unbalanced = listed.eraPaymentData[0];
    const deleted = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/deleteEraCheckByID',
      query: { eraCheckID: String(unbalanced?.eraCheckID) },
      headers: bearer(session),
    });
    expect(deleted.json()).toEqual({ message: ERA_DELETED, pkid: 1 });
    expect((await profile()).eraPaymentData.map((row) => row.traceNumber)).not.toContain('EFT3001');
    const corrected = await upload(remittance('EFT3001', claimsOf(group.claimIds[0])));
    expect(corrected.statusCode).toBe(200);
    const gone = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/deleteEraCheckByID',
      query: { eraCheckID: String(unbalanced?.eraCheckID) },
      headers: bearer(session),
    });
    expect(gone.statusCode).toBe(404);
  });
});
