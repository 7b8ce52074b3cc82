import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type { Hl7InboundSettingsReply } from '../../../contract/importLogs.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { inboundFor } from './inbound.ts';
import { HL7_INBOUND_SAVED } from './inboundSettings.ts';

/** An administrator sets a practice's HL7 interface through calls; the MLLP listener then routes by it. */
describe.each(testEngines)('HL7 inbound settings on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let harbor: TestGroup;
  let inland: TestGroup;
  let admin: SessionUser;
  let inlandAdmin: SessionUser;
  let biller: SessionUser;
  let interfaceUser = 0;
  let inlandUser = 0;

  beforeAll(async () => {
    database = await engine.create();
    harbor = await createTestGroup(database.db, 'Harbor', { claims: 1 });
    inland = await createTestGroup(database.db, 'Inland', { claims: 1 });
    await createTestUser(database.db, 'admin@harbor.test', { groupIds: [harbor.groupId] });
    await createTestUser(database.db, 'admin@inland.test', { groupIds: [inland.groupId] });
    await createTestUser(database.db, 'biller@harbor.test', {
      groupIds: [harbor.groupId],
      modules: ['CLAIMS', 'REPORTS'],
    });
    interfaceUser = (await createTestUser(database.db, 'ehr@harbor.test', { groupIds: [harbor.groupId] })).userId;
    inlandUser = (await createTestUser(database.db, 'ehr@inland.test', { groupIds: [inland.groupId] })).userId;
    test = await createTestApp(database.db);
    admin = await signIn(test, 'admin@harbor.test');
    inlandAdmin = await signIn(test, 'admin@inland.test');
    biller = await signIn(test, 'biller@harbor.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const read = (session: SessionUser) =>
    test.app.inject({ method: 'GET', url: '/api/Reports/getHL7InboundSettings', headers: bearer(session) });
  const save = (session: SessionUser, payload: Record<string, unknown>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/Reports/saveHL7InboundSettings',
      headers: bearer(session),
      payload,
    });

  it("lists the data role's practices, none set up yet, and the users an import may act as", async () => {
    const reply = await read(admin);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<Hl7InboundSettingsReply>();
    expect(body.rows).toEqual([
      {
        practiceID: harbor.practiceId,
        practiceName: 'Harbor Practice',
        groupName: 'Harbor',
        receivingFacility: null,
        importUserID: null,
        importUserName: null,
        active: false,
      },
    ]);
    const emails = body.users.map((user) => user.email);
    expect(emails).toContain('ehr@harbor.test');
    expect(emails).not.toContain('ehr@inland.test');
  });

  it('sets up the interface (the facility in capitals), audits it, and the listener routes messages by it', async () => {
    const reply = await save(admin, {
      practiceID: harbor.practiceId,
      receivingFacility: '  harbor ehr ',
      importUserID: interfaceUser,
      active: true,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ message: HL7_INBOUND_SAVED });
    const [row] = (await read(admin)).json<Hl7InboundSettingsReply>().rows;
    expect(row).toMatchObject({ receivingFacility: 'HARBOR EHR', importUserID: interfaceUser, active: true });
    expect(await inboundFor(database.db, 'harbor ehr', '127.0.0.1')).toMatchObject({
      practiceID: harbor.practiceId,
      groupID: harbor.groupId,
      actor: { userId: interfaceUser },
    });
    const audits = await database.db.query<{ detail: { after: { receivingFacility: string } } }>(
      "SELECT detail FROM audit_log WHERE action = 'hl7.inboundSettings.save' AND record_id = $1",
      [String(harbor.practiceId)],
    );
    expect(audits.map((audit) => audit.detail.after.receivingFacility)).toEqual(['HARBOR EHR']);

    // Switched off, the listener no longer takes the facility's messages.
    const off = await save(admin, {
      practiceID: harbor.practiceId,
      receivingFacility: 'HARBOR EHR',
      importUserID: interfaceUser,
      active: false,
    });
    expect(off.statusCode).toBe(200);
    expect(await inboundFor(database.db, 'HARBOR EHR', '127.0.0.1')).toBeNull();
  });

  it("refuses another practice's facility (409, naming no practice) and a practice outside the data role (404)", async () => {
    const taken = await save(inlandAdmin, {
      practiceID: inland.practiceId,
      receivingFacility: 'Harbor EHR',
      importUserID: inlandUser,
      active: true,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toContain('already feeds another practice');
    expect(taken.body).not.toContain('Harbor Practice');
    const outside = await save(inlandAdmin, {
      practiceID: harbor.practiceId,
      receivingFacility: 'INLAND',
      importUserID: inlandUser,
      active: true,
    });
    expect(outside.statusCode).toBe(404);
    const [row] = (await read(admin)).json<Hl7InboundSettingsReply>().rows;
    expect(row?.receivingFacility).toBe('HARBOR EHR');
  });

  it('refuses bad input with 400 and a clear message', async () => {
    const good = {
      practiceID: harbor.practiceId,
      receivingFacility: 'HARBOR',
      importUserID: interfaceUser,
      active: true,
    };
    const bad: { payload: Record<string, unknown>; says: string }[] = [
      { payload: { ...good, receivingFacility: '   ' }, says: 'receiving facility' },
      { payload: { ...good, receivingFacility: 'HARBOR;DROP' }, says: 'letters, digits' },
      { payload: { ...good, receivingFacility: 'X'.repeat(61) }, says: 'at most 60' },
      { payload: { ...good, importUserID: inlandUser }, says: 'who sees its group' },
      { payload: { ...good, active: 'yes' }, says: 'active' },
      { payload: { ...good, extra: 1 }, says: 'extra' },
    ];
    for (const { payload, says } of bad) {
      const reply = await save(admin, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json<{ message: string }>().message).toContain(says);
    }
  });

  it('answers 403 to a role without the practices administration module', async () => {
    expect((await read(biller)).statusCode).toBe(403);
    const reply = await save(biller, {
      practiceID: harbor.practiceId,
      receivingFacility: 'BILLER',
      importUserID: interfaceUser,
      active: true,
    });
    expect(reply.statusCode).toBe(403);
  });
});
