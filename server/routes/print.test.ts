import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { textRuns } from '../print/test/pdfTextRuns.ts';
import { createScrubTestData, type ScrubTestData } from '../services/scrub/scrubTestData.ts';
import { testEngines, type TestDatabase } from '../test/engines.ts';
import { createTestGroup, createTestUser } from '../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../test/harness.ts';

/** Turns a fixture claim into a hospital outpatient claim: a facility with its bill type, revenue codes on the lines. */
async function makeInstitutional(data: ScrubTestData, claimID: number): Promise<void> {
  const { db, group } = data;
  const [facility] = await db.query<{ id: number }>(
    `INSERT INTO facilities (group_id, practice_id, name, npi, bill_type, address1, city, state, zip)
     VALUES ($1, $2, 'Lakeside General Hospital', '1669452766', '131', '1 Hospital Way', 'Austin', 'TX', '78701') RETURNING facility_id AS id`,
    [group.groupId, group.practiceId],
  );
  await db.query(
    `UPDATE claims SET claim_type = 'institutional', facility_id = $2, pos_code = NULL WHERE claim_id = $1`,
    [claimID, facility?.id],
  );
  await db.query(`UPDATE charges SET revenue_code = '0450' WHERE claim_id = $1`, [claimID]);
}

describe.each(testEngines)('printing claim forms on $name', (engine) => {
  let database: TestDatabase;
  let data: ScrubTestData;
  let test: TestApp;
  let user: SessionUser;
  let outsider: SessionUser;
  let professional: number;
  let institutional: number;

  beforeAll(async () => {
    database = await engine.create();
    data = await createScrubTestData(database.db, 'Printers');
    ({ claimID: professional } = await data.insertClaim({
      lines: [
        { code: '99213', cents: 12_500 },
        { code: '93000', cents: 4_000, pointers: [2] },
      ],
    }));
    ({ claimID: institutional } = await data.insertClaim({ lines: [{ code: '99284', cents: 125_000 }] }));
    await makeInstitutional(data, institutional);
    const other = await createTestGroup(database.db, 'Elsewhere', { claims: 0 });
    await createTestUser(database.db, 'elsewhere@example.test', { groupIds: [other.groupId] });
    test = await createTestApp(database.db);
    user = await signIn(test, 'printers@example.test');
    outsider = await signIn(test, 'elsewhere@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const get = (session: SessionUser, path: string, query: Record<string, string>) =>
    test.app.inject({
      method: 'GET',
      url: `/api/${path}`,
      headers: { ...bearer(session), 'x-action-source': 'hotkey' },
      query,
    });
  const printed = (body: Buffer) => textRuns(new Uint8Array(body)).map((run) => run.text);

  it("answers a professional claim's CMS-1500 as a PDF download, and audits the read", async () => {
    const reply = await get(user, 'Claims/viewClaimCMS1500', { claimID: String(professional) });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="CMS1500_${professional}.pdf"`);
    expect(reply.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(printed(reply.rawPayload)).toEqual(
      expect.arrayContaining([
        'SMITH, JANE',
        'W123456789',
        '99213',
        '93000',
        'E11.9',
        'I10',
        '165',
        String(professional),
      ]),
    );
    const audit = await database.db.query<{ action: string; source: string; detail: { form: string } }>(
      `SELECT action, source, detail FROM audit_log WHERE record_type = 'claim' AND record_id = $1`,
      [String(professional)],
    );
    expect(audit).toEqual([{ action: 'claims.print', source: 'hotkey', detail: { form: 'cms1500' } }]);
  });

  it("answers an institutional claim's UB-04 as a PDF, with or without the catalogue's blob flag", async () => {
    const queries: Record<string, string>[] = [
      { claimID: String(institutional) },
      { claimID: String(institutional), blob: 'true' },
    ];
    for (const query of queries) {
      const reply = await get(user, 'AddEditClaim/viewClaimUB04', query);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('application/pdf');
      expect(reply.headers['content-disposition']).toBe(`attachment; filename="UB04_${institutional}.pdf"`);
      expect(reply.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(printed(reply.rawPayload)).toEqual(expect.arrayContaining(['0131', '0450', '99284', '1250', '0001']));
    }
  });

  it('refuses a claim of the other kind with the form to use', async () => {
    const ub04 = await get(user, 'AddEditClaim/viewClaimUB04', { claimID: String(professional) });
    expect(ub04.statusCode).toBe(400);
    expect(ub04.json()).toEqual({ message: `Claim ${professional} is professional: print it on the CMS-1500.` });
    const cms1500 = await get(user, 'Claims/viewClaimCMS1500', { claimID: String(institutional) });
    expect(cms1500.statusCode).toBe(400);
    expect(cms1500.json()).toEqual({ message: `Claim ${institutional} is institutional: print it on the UB-04.` });
  });

  it("answers 404 for a claim outside the user's data role, and for one that does not exist", async () => {
    for (const [path, claimID] of [
      ['Claims/viewClaimCMS1500', professional],
      ['AddEditClaim/viewClaimUB04', institutional],
    ] as const) {
      const reply = await get(outsider, path, { claimID: String(claimID) });
      expect(reply.statusCode).toBe(404);
      expect(reply.headers['content-type']).toContain('application/json');
    }
    expect((await get(user, 'Claims/viewClaimCMS1500', { claimID: '999999999' })).statusCode).toBe(404);
    const audited = await database.db.query(`SELECT 1 FROM audit_log WHERE action = 'claims.print' AND user_id <> $1`, [
      data.actor.userId,
    ]);
    expect(audited).toEqual([]);
  });

  it('answers 400 to a claim ID that is not a number', async () => {
    expect((await get(user, 'Claims/viewClaimCMS1500', { claimID: 'abc' })).statusCode).toBe(400);
    expect(
      (await get(user, 'AddEditClaim/viewClaimUB04', { claimID: String(institutional), blob: 'maybe' })).statusCode,
    ).toBe(400);
  });
});
