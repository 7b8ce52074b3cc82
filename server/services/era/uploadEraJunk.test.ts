import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestGroup, createTestUser, type TestGroup } from '../../test/fixtures.ts';
import { bearer, createTestApp, signIn, type TestApp } from '../../test/harness.ts';

const ISA =
  'ISA*00*          *00*          *ZZ*AETNA          *ZZ*TESTPRACTICE   *261120*0900*^*00501*000000001*0*P*:~';

describe.each(testEngines)('an upload of junk on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let group: TestGroup;
  let session: SessionUser;

  beforeAll(async () => {
    database = await engine.create();
    group = await createTestGroup(database.db, 'Junk', { claims: 1 });
    await createTestUser(database.db, 'junk@example.test', { groupIds: [group.groupId] });
    test = await createTestApp(database.db);
    session = await signIn(test, 'junk@example.test');
  });

  afterAll(async () => {
    await test.close();
    await database.dispose();
  });

  const upload = (text: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/AddEditClaim/uploadERA',
      query: { groupID: String(group.groupId), fileName: 'junk.835' },
      headers: { ...bearer(session), 'content-type': 'text/plain' },
      payload: text,
    });
  const stored = async () =>
    (
      await database.db.query<{ files: number; checks: number }>(
        'SELECT (SELECT count(*)::int FROM era_files) AS files, (SELECT count(*)::int FROM era_checks) AS checks',
      )
    )[0];

  it('is refused (400) naming its first problems with their lines and counting the rest, and nothing is stored', async () => {
    // 48,214 junk segments, on lines ending in \n or \r\n: a problem each, one for the first being
    // outside any envelope, one for the missing IEA; five named, the rest counted.
    const junk = Array.from(
      { length: 48_214 },
      (_, index) => `<td>${index}</td>~${index % 2 === 0 ? '\r\n' : '\n'}`,
    ).join('');
    const reply = await upload(`${ISA}\n${junk}`);
    expect(reply.statusCode).toBe(400);
    const { message } = reply.json<{ message: string }>();
    expect(message).toBe(
      'The file could not be read, nothing was uploaded: ' +
        "Segment 2 does not start with a segment id ('<td>0</td>'). (segment <td at line 2) " +
        '<td>0</td> at segment 2 is outside any transaction (no ST before it). (segment <td>0</td> at line 2) ' +
        "Segment 3 does not start with a segment id ('<td>1</td>'). (segment <td at line 3) " +
        "Segment 4 does not start with a segment id ('<td>2</td>'). (segment <td at line 4) " +
        "Segment 5 does not start with a segment id ('<td>3</td>'). (segment <td at line 5) " +
        'And 48,211 more.',
    );
    expect(await stored()).toEqual({ files: 0, checks: 0 });
  });

  it('does not hold up other requests while it is read: a claim read sent meanwhile is answered first', async () => {
    // A million short junk segments on one line. The read is sent once the upload has had
    // some turns of the event loop; read all at once, the upload would hold every turn until it
    // is answered and the read could not even start before.
    const text = `${ISA}${'x~'.repeat(1_000_000)}`;
    const order: string[] = [];
    const uploading = upload(text).then((reply) => {
      order.push('upload');
      return reply;
    });
    for (let turn = 0; turn < 50; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    const reading = test.app
      .inject({
        method: 'GET',
        url: '/api/Claims/getClaimInfoData',
        query: { claimID: String(group.claimIds[0]) },
        headers: bearer(session),
      })
      .then((reply) => {
        order.push('read');
        return reply;
      });
    const [uploaded, read] = await Promise.all([uploading, reading]);
    expect(read.statusCode).toBe(200);
    expect(uploaded.statusCode).toBe(400);
    expect(uploaded.json<{ message: string }>().message).toMatch(/ And 999,997 more\.$/);
    expect(order).toEqual(['read', 'upload']);
    expect(await stored()).toEqual({ files: 0, checks: 0 });
  });
});
