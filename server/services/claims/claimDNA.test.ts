import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { ClaimDNAReply } from '../../../contract/claimDNA.ts';
import { CLAIM_STATUS, SCRUB_STATUS } from '../../../contract/claimStatus.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)('the claim DNA log on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Helix', 'Strand'));
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const dna = (claimID: number | string, session = biller) =>
    test.app.inject({
      method: 'GET',
      url: '/api/Claims/getClaimDNAData',
      headers: bearer(session),
      query: { claimID: String(claimID) },
    });
  const post = async (url: string, payload: object, source: string) => {
    const reply = await test.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(biller), 'x-action-source': source },
      payload,
    });
    expect(reply.statusCode, reply.body).toBe(200);
  };
  const utcSecond = () => new Date(test.clock.time).toISOString().replace(/\.\d{3}Z$/, 'Z');

  it('lists the scrub and the edit oldest first, with who, when, from where and what', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({ lines: [{ code: '99213' }] });
    await post('/api/Claims/claimScrubing', { claimID }, 'palette');
    const scrubbedAt = utcSecond();
    test.clock.advanceMinutes(3);
    await post('/api/AddEditClaim/editCharge', { chargeID: chargeIDs[0], modifiers: ['25'] }, 'button');
    const editedAt = utcSecond();
    // Written later but dated first (an import's back-dated event): the log goes by time.
    await database.db.query(
      `INSERT INTO claim_events (claim_id, user_id, action, source, detail, at) VALUES ($1, NULL, 'created', 'system', NULL, TIMESTAMPTZ '2026-01-02 08:30:00+00')`,
      [claimID],
    );

    const reply = await dna(claimID);
    expect(reply.statusCode, reply.body).toBe(200);
    const { events } = reply.json<ClaimDNAReply>();
    expect(events.map(({ claimEventID: _id, ...event }) => event)).toEqual([
      { action: 'created', source: 'system', userName: null, at: '2026-01-02T08:30:00Z', detail: null },
      {
        action: 'scrubbed',
        source: 'palette',
        userName: 'Test User',
        at: scrubbedAt,
        detail: {
          errors: 0,
          warnings: 0,
          scrubStatusID: SCRUB_STATUS.passed,
          claimStatusID: CLAIM_STATUS.readyToSubmit,
        },
      },
      {
        action: 'charge edited',
        source: 'button',
        userName: 'Test User',
        at: editedAt,
        detail: { chargeID: chargeIDs[0], lineNumber: 1, changes: { modifiers: { from: [], to: ['25'] } } },
      },
    ]);
    expect(events[1]!.claimEventID).toBeLessThan(events[2]!.claimEventID);
    expect(events[0]!.claimEventID).toBeGreaterThan(events[2]!.claimEventID);
  });

  it('says the money a patient payment moved, which its paidCents (an insurer’s payment) leaves at 0, with the ledger’s note', async () => {
    const { claimID, chargeIDs } = await data.insertClaim({ lines: [{ code: '99213', cents: 10_000 }] });
    const { group } = data;
    await database.db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date) VALUES ($1, $2, $3, $4, $5, 'charge', 10000, DATE '2026-02-01')`,
      [group.groupId, group.practiceId, group.patientId, claimID, chargeIDs[0]],
    );
    await post(
      '/api/AddEditClaim/savePatientPayments',
      {
        patientID: group.patientId,
        method: 'check',
        reference: '1200',
        postingDate: '2026-03-10',
        applications: [{ chargeID: chargeIDs[0], amount: 1_000 }],
      },
      'palette',
    );

    const { events } = (await dna(claimID)).json<ClaimDNAReply>();
    expect(events.map((event) => event.action)).toEqual(['patient payment posted']);
    expect(events[0]?.detail).toMatchObject({
      paidCents: 0,
      reference: '1200',
      postingDate: '2026-03-10',
      balanceAfterCents: 9_000,
      ledgerCents: { patient_payment: -1_000 },
      ledgerNote: 'check 1200',
    });
  });

  it('names what an event records by id: the provider a claim edit set', async () => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    await post(
      '/api/AddEditClaim/editClaim',
      { claimID, referringProviderID: data.group.providerId, priorAuthorizationNumber: 'PA-77' },
      'palette',
    );

    const { events } = (await dna(claimID)).json<ClaimDNAReply>();
    expect(events.map((event) => event.action)).toEqual(['claim edited']);
    expect(events[0]?.detail).toMatchObject({
      fields: ['referringProviderID', 'priorAuthorizationNumber'],
      values: { referringProviderID: data.group.providerId, priorAuthorizationNumber: 'PA-77' },
      names: { [`provider:${data.group.providerId}`]: 'Lee, Ann' },
    });
  });

  it('gives an empty log for a claim nothing has happened to, and audits the read', async () => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    const reply = await dna(claimID);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<ClaimDNAReply>()).toEqual({ events: [] });
    const audit = await database.db.query(`SELECT 1 FROM audit_log WHERE action = 'claims.dna' AND record_id = $1`, [
      String(claimID),
    ]);
    expect(audit).toHaveLength(1);
  });

  it('does not find a claim outside the data role or one that does not exist, and refuses a bad claim ID', async () => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    await post('/api/Claims/claimScrubing', { claimID }, 'palette');
    expect((await dna(claimID, outsider)).statusCode).toBe(404);
    expect((await dna(987_654_321)).statusCode).toBe(404);
    const bad = await dna('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/^claimID: /);
  });
});
