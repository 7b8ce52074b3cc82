import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { claimTableReplySchema, type ClaimSearchReply } from '../../../contract/claims.ts';
import { CLAIM_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import {
  addEraAdjustment,
  addFacility,
  addInsurance,
  addLedgerRow,
  addPatient,
  addProvider,
  setClaim,
} from './filterFixtures.ts';

type Query = Record<string, string>;

interface FilterCase {
  name: string;
  query: Query;
  match: number;
  miss: number;
}

describe.each(testEngines)('claims list filters on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let main: TestGroup;
  let second: TestGroup;
  let hidden: TestGroup;
  let session: SessionUser;
  const cases: FilterCase[] = [];

  beforeAll(async () => {
    database = await engine.create();
    const { db } = database;
    main = await createTestGroup(db, 'Main', { claims: 20 });
    second = await createTestGroup(db, 'Second', { claims: 3 });
    hidden = await createTestGroup(db, 'Hidden', { claims: 10 });
    const user = await createTestUser(db, 'filters@example.test', { groupIds: [main.groupId, second.groupId] });
    test = await createTestApp(db);
    session = await signIn(test, 'filters@example.test');

    const c = (index: number) => main.claimIds[index] ?? 0;
    // The control claim: plain in every respect the filters look at.
    const control = c(0);
    await setClaim(db, control, {
      claim_status_id: CLAIM_STATUS.draft,
      balance_cents: 10_000,
      dos_from: '2026-01-04',
      dos_to: '2026-01-04',
    });
    await addLedgerRow(db, control, { type: 'write_off', postingDate: '2026-04-01', reason: '50' });
    const add = (name: string, query: Query, match: number, miss = control) => cases.push({ name, query, match, miss });

    add('groupID', { groupID: String(second.groupId) }, second.claimIds[0] ?? 0);
    add('practiceID', { practiceID: String(second.practiceId) }, second.claimIds[0] ?? 0);
    const facility = await addFacility(db, main);
    await setClaim(db, c(1), { facility_id: facility });
    add('facilityID', { facilityID: String(facility) }, c(1));
    const provider = await addProvider(db, main);
    await setClaim(db, c(2), { provider_id: provider });
    add('providerID', { providerID: String(provider) }, c(2));
    const payer = await addInsurance(db, 'United');
    await setClaim(db, c(3), { insurance_id: payer });
    add('insuranceID', { insuranceID: String(payer) }, c(3));
    const patient = await addPatient(db, main, 'MAI0002');
    await setClaim(db, c(4), { patient_id: patient, patient_name: 'STONE, AL' });
    add('patientID', { patientID: String(patient) }, c(4));
    await setClaim(db, c(5), { claim_status_id: CLAIM_STATUS.denied });
    add('claimStatusID', { claimStatusID: String(CLAIM_STATUS.denied) }, c(5));
    await setClaim(db, c(6), { claim_status_id: CLAIM_STATUS.rejected });
    add('claimStatusIDs', { claimStatusIDs: `${CLAIM_STATUS.denied},${CLAIM_STATUS.rejected}` }, c(6));
    await setClaim(db, c(7), { scrub_status_id: 3 });
    add('scrubStatusID', { scrubStatusID: '3' }, c(7));
    await setClaim(db, c(8), { submit_status_id: 2 });
    add('submitStatusID', { submitStatusID: '2' }, c(8));
    await setClaim(db, c(9), { dos_from: '2025-06-15', dos_to: '2025-06-15' });
    add('dosFrom and dosTo', { dosFrom: '2025-06-01', dosTo: '2025-06-30' }, c(9));
    await addLedgerRow(db, c(10), { type: 'insurance_payment', postingDate: '2026-05-10', cents: -500 });
    add('postingFrom and postingTo', { postingFrom: '2026-05-01', postingTo: '2026-05-31' }, c(10));
    add('postingFrom alone', { postingFrom: '2026-05-01' }, c(10));
    add('postingTo alone', { postingTo: '2026-04-15' }, control, c(10));
    await setClaim(db, c(11), { balance_cents: 123_456 });
    add('balanceMin and balanceMax', { balanceMin: '100000', balanceMax: '200000' }, c(11));
    add('balanceMax alone', { balanceMax: '10000' }, control, c(11));
    await setClaim(db, c(12), { assigned_user_id: user.userId });
    add('assignedUserID', { assignedUserID: String(user.userId) }, c(12));
    add('assignedUserID=unassigned', { assignedUserID: 'unassigned' }, control, c(12));
    await addLedgerRow(db, c(13), { type: 'denial', postingDate: '2026-03-01', reason: '50' });
    add('denialReason on a ledger denial (not on other ledger rows)', { denialReason: '50' }, c(13));
    await addEraAdjustment(db, main, c(14), 'A1');
    add('denialReason on an ERA adjustment, any case', { denialReason: 'a1' }, c(14), c(13));
    await setClaim(db, c(15), { balance_cents: 0 });
    add('ar (a claim without balance is not receivable)', { ar: 'true' }, control, c(15));
    await setClaim(db, c(16), { claim_status_id: CLAIM_STATUS.void, balance_cents: 5_000 });
    add('ar (a void claim is not receivable)', { ar: 'true' }, control, c(16));
    add('search by claim ID', { search: String(c(17)) }, c(17));
    add('claimIDs (Claim vs ERA on the claims picked)', { claimIDs: `${c(18)},${c(19)}` }, c(18));
    add('claimIDs, the other picked one', { claimIDs: `${c(18)},${c(19)}` }, c(19));
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  async function call(name: string, query: Query) {
    return test.app.inject({ method: 'GET', url: `/api/Claims/${name}`, headers: bearer(session), query });
  }

  const list = async (query: Query) => {
    const reply = await call('getAllClaimsSearchData', { pageSize: '2000', ...query });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<ClaimSearchReply>();
  };

  it('finds the matching claim and not the other, for every filter, the same in the list and the export table', async () => {
    expect(cases.length).toBeGreaterThan(20);
    for (const { name, query, match, miss } of cases) {
      const ids = (await list(query)).rows.map((row) => row.claimID);
      expect(ids, name).toContain(match);
      expect(ids, name).not.toContain(miss);
      expect(
        ids.some((id) => hidden.claimIds.includes(id)),
        name,
      ).toBe(false);
      const table = claimTableReplySchema.parse((await call('getAllClaimsSearchTableData', query)).json());
      expect(
        table.rows.map((row) => row[0]).sort((a, b) => a - b),
        name,
      ).toEqual([...ids].sort((a, b) => a - b));
    }
  });

  it('keeps to the data role whatever the filter names', async () => {
    const outside: Query[] = [
      { groupID: String(hidden.groupId) },
      { practiceID: String(hidden.practiceId) },
      { patientID: String(hidden.patientId) },
      { insuranceID: String(hidden.insuranceId) },
      { claimIDs: hidden.claimIds.join(',') },
    ];
    for (const query of outside) {
      for (const name of ['getAllClaimsSearchData', 'getARClaimsSearchData', 'getAllClaimsSearchTableData']) {
        const reply = await call(name, query);
        expect(reply.statusCode).toBe(200);
        expect(reply.json<{ total: number }>().total, `${name} ${JSON.stringify(query)}`).toBe(0);
      }
    }
    const all = await list({});
    expect(all.total).toBe(main.claimIds.length + second.claimIds.length);
  });

  it.each([
    ['agingBucket', { agingBucket: '45' }, /agingBucket: Use one of 0-30, 31-60/],
    ['assignedUserID', { assignedUserID: 'bob' }, /assignedUserID: Use a user id or "unassigned"/],
    ['claimStatusIDs', { claimStatusIDs: '5;6' }, /claimStatusIDs: Use claim status ids separated by commas/],
    ['claimIDs', { claimIDs: '12 13' }, /claimIDs: Use claim IDs separated by commas/],
    ['denialReason', { denialReason: 'CO-45' }, /denialReason: Use a claim adjustment reason code/],
    ['balanceMin', { balanceMin: '12.5' }, /balanceMin: Amounts are whole cents/],
    ['postingFrom', { postingFrom: '05/01/2026' }, /postingFrom: Dates are YYYY-MM-DD/],
    ['ar', { ar: 'yes' }, /ar: Use true or false/],
    [
      'a reversed range',
      { dosFrom: '2026-02-01', dosTo: '2026-01-01' },
      /dosFrom: The first date of service is after the last/,
    ],
    [
      'a reversed balance range',
      { balanceMin: '500', balanceMax: '100' },
      /balanceMin: The smallest balance is above the largest/,
    ],
    ['an unknown filter', { payer: '3' }, /Unrecognized key/],
  ])('answers 400 with a message for a bad %s', async (_name, query, message) => {
    for (const name of [
      'getAllClaimsSearchData',
      'getARClaimsSearchData',
      'getAllClaimsSearchTableData',
      'getAllClaimsSearchStatusCategories',
      'getARClaimsSectionData',
    ]) {
      const reply = await call(name, query);
      expect(reply.statusCode, name).toBe(400);
      expect(reply.json<{ message: string }>().message, name).toMatch(message);
    }
  });
});
