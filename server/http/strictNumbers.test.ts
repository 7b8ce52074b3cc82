import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';
import { giveTwoLines } from '../test/twoLineClaims.ts';

describe.each(testEngines)('numbers are numbers on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let session: SessionUser;
  let group: TestGroup;

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Alpha', { claims: 2 });
    await giveTwoLines(database.db, group.groupId, { claimStatus: 4, lineControlPrefix: 'SN' });
    await createTestUser(database.db, 'alpha@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'alpha@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  /** Every row of the tables these calls write, as one fingerprint. */
  const state = async () =>
    (
      await database.db.query<Record<string, string>>(
        `SELECT (SELECT md5(coalesce(string_agg(c::text, '|' ORDER BY claim_id), '')) FROM claims c) AS claims,
                (SELECT md5(coalesce(string_agg(ch::text, '|' ORDER BY charge_id), '')) FROM charges ch) AS charges,
                (SELECT count(*)::text FROM ledger_entries) AS ledger,
                (SELECT count(*)::text FROM advance_payments) AS advances,
                (SELECT count(*)::text FROM claim_events) AS events`,
      )
    )[0];

  const post = (path: string, payload: object) =>
    test.app.inject({ method: 'POST', url: `/api/${path}`, headers: bearer(session), payload });

  it('refuses true, [1], null and quoted digits where an id or an amount is expected, and changes nothing', async () => {
    const [claimID] = group.claimIds as [number];
    const [{ chargeID }] = (await database.db.query<{ chargeID: number }>(
      'SELECT charge_id AS "chargeID" FROM charges WHERE claim_id = $1 ORDER BY line_number',
      [claimID],
    )) as [{ chargeID: number }];
    const before = await state();
    const cases: [string, object, RegExp][] = [
      ['AddEditClaim/editClaim', { claimID: true, referralNumber: 'REF22' }, /^claimID: /],
      ['AddEditClaim/editClaim', { claimID: [claimID], referralNumber: 'REF22' }, /^claimID: /],
      ['Patient/savePatientAdvancePayments', { patientID: group.patientId, amount: true, method: 'cash' }, /^amount: /],
      [
        'Patient/savePatientAdvancePayments',
        { patientID: group.patientId, amount: [500], method: 'cash' },
        /^amount: /,
      ],
      ['Patient/savePatientAdvancePayments', { patientID: true, amount: 500, method: 'cash' }, /^patientID: /],
      [
        'AddEditClaim/saveInsurancePayments',
        { claimID, reference: 'EOB1', denied: true, lines: [{ chargeID, paid: null }] },
        /^lines\.0\.paid: /,
      ],
      [
        'AddEditClaim/saveInsurancePayments',
        { claimID, reference: 'EOB1', denied: true, lines: [{ chargeID, paid: false }] },
        /^lines\.0\.paid: /,
      ],
      [
        'AddEditClaim/saveInsurancePayments',
        { claimID, reference: 'EOB1', lines: [{ chargeID: true, paid: 100 }] },
        /^lines\.0\.chargeID: /,
      ],
      // A JSON body has numbers of its own: the digits of one in quotes are text there.
      ['AddEditClaim/editClaim', { claimID: String(claimID), referralNumber: 'REF22' }, /^claimID: /],
      [
        'Patient/savePatientAdvancePayments',
        { patientID: group.patientId, amount: '500', method: 'cash' },
        /^amount: /,
      ],
      [
        'AddEditClaim/saveInsurancePayments',
        { claimID, reference: 'EOB1', lines: [{ chargeID, paid: '100' }] },
        /^lines\.0\.paid: /,
      ],
    ];
    for (const [path, payload, message] of cases) {
      const reply = await post(path, payload);
      const where = `${path} ${JSON.stringify(payload)}`;
      expect(reply.statusCode, where).toBe(400);
      expect(reply.json<{ message: string }>().message, where).toMatch(message);
    }
    expect(await state()).toEqual(before);
  });

  it('still reads the digits of a number in a query string', async () => {
    const reply = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getAllClaimsSearchData',
      headers: bearer(session),
      query: { pageNumber: '1', pageSize: '50', claimStatusID: '4' },
    });
    expect(reply.statusCode).toBe(200);
    const refused = await test.app.inject({
      method: 'GET',
      url: '/api/Claims/getAllClaimsSearchData',
      headers: bearer(session),
      query: { pageSize: '' },
    });
    expect(refused.statusCode).toBe(400);
  });
});
