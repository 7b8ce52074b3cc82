import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type {
  ClearingHouseConnectionsReply,
  CollectClearingHouseRepliesReply,
  SaveClearingHouseConnectionInput,
} from '../../../contract/clearinghouse.ts';
import type { SubmissionBatch, SubmitClaimsReply } from '../../../contract/submission.ts';
import { ClearinghouseSim } from '../../payerSim/clearinghouse/clearinghouseSim.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';
import { collectClearinghouseReplies } from './collectReplies.ts';
import { startClearinghouseCollector } from './collector.ts';
import { openTransport, type ConnectionSettings } from './transport.ts';
import { startSftpServer, type SftpTestServer } from './test/sshdServer.ts';

const CLEARING_HOUSE = 1;

describe.each(testEngines)('a clearinghouse over a real SFTP server on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let sftp: SftpTestServer;
  let folders: { outbound: string; inbound: string; archive: string; done: string };

  beforeAll(async () => {
    ({ database, test, data, biller } = await openClaimTestWorld(engine, 'Clearing', 'Elsewhere', 1));
    sftp = await startSftpServer();
    folders = {
      outbound: join(sftp.root, 'outbound'),
      inbound: join(sftp.root, 'inbound'),
      archive: join(sftp.root, 'archive'),
      done: join(sftp.root, 'done'),
    };
    for (const folder of Object.values(folders)) mkdirSync(folder);
    await database.db.query('UPDATE insurances SET clearing_house_id = $2 WHERE insurance_id = $1', [
      data.group.insuranceId,
      CLEARING_HOUSE,
    ]);
  }, 60_000);

  afterAll(async () => {
    await closeClaimTestWorld({ database, test });
    await sftp?.stop();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object, session: SessionUser | null = biller) =>
    test.app.inject({
      method,
      url: `/api/${url}`,
      ...(session ? { headers: bearer(session) } : {}),
      ...(payload ? (method === 'GET' ? { query: payload as Record<string, string> } : { payload }) : {}),
    });
  const connection = (overrides: Partial<SaveClearingHouseConnectionInput> = {}): SaveClearingHouseConnectionInput => ({
    clearingHouseID: CLEARING_HOUSE,
    transport: 'sftp',
    host: sftp.host,
    port: sftp.port,
    username: sftp.username,
    privateKey: sftp.privateKey,
    hostKeyFingerprint: sftp.hostKeyFingerprint,
    outboundFolder: folders.outbound,
    inboundFolder: folders.inbound,
    archiveFolder: folders.archive,
    pollSeconds: 60,
    autoPost: true,
    active: true,
    ...overrides,
  });
  const save = async (input: SaveClearingHouseConnectionInput) => {
    const reply = await call('POST', 'Insurance/saveClearingHouseConnection', input);
    expect(reply.statusCode, reply.body).toBe(200);
  };
  const submitNewClaim = async (): Promise<{ claimID: number; batch: SubmissionBatch }> => {
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }, { code: '36415', cents: 2_500 }] });
    // Its charges on the ledger, so the books agree when the remittance is posted.
    await database.db.query(
      `INSERT INTO ledger_entries (group_id, practice_id, patient_id, claim_id, charge_id, entry_type, amount_cents, posting_date)
       SELECT c.group_id, c.practice_id, c.patient_id, c.claim_id, ch.charge_id, 'charge', ch.charge_cents, DATE '2026-01-15'
         FROM charges ch JOIN claims c ON c.claim_id = ch.claim_id WHERE c.claim_id = $1`,
      [claimID],
    );
    expect((await call('POST', 'Claims/claimScrubing', { claimID })).statusCode).toBe(200);
    const reply = await call('POST', 'Claims/submitClaim', { claimIDS: [claimID] });
    expect(reply.statusCode, reply.body).toBe(200);
    const { batches, submitted } = reply.json<SubmitClaimsReply>();
    expect(submitted).toEqual([claimID]);
    return { claimID, batch: batches[0]! };
  };
  const collect = async () => {
    const reply = await call('POST', 'Insurance/collectClearingHouseReplies', { clearingHouseID: CLEARING_HOUSE });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<CollectClearingHouseRepliesReply>();
  };
  const settings = (): ConnectionSettings => ({
    clearingHouseID: CLEARING_HOUSE,
    name: 'the simulated clearinghouse',
    transport: 'sftp',
    host: sftp.host,
    port: sftp.port,
    username: sftp.username,
    privateKey: sftp.privateKey,
    hostKeyFingerprint: sftp.hostKeyFingerprint,
    outboundFolder: folders.outbound,
    inboundFolder: folders.inbound,
    archiveFolder: folders.archive,
  });
  /** The payer simulator answering through the same SFTP server. */
  const simulator = () =>
    new ClearinghouseSim({
      open: () => openTransport(settings()),
      claimsFolder: folders.outbound,
      repliesFolder: folders.inbound,
      doneFolder: folders.done,
      remitAfterSeconds: 0,
      firstControlNumber: 500,
    });
  const files = (folder: string) => readdirSync(folder).sort();

  it('answers 401 without a session on each clearinghouse call', async () => {
    for (const [method, url] of [
      ['GET', 'Insurance/getClearingHouseConnections'],
      ['POST', 'Insurance/saveClearingHouseConnection'],
      ['POST', 'Insurance/collectClearingHouseReplies'],
      ['POST', 'Batches/sendSubmissionBatch'],
    ] as const)
      expect((await call(method, url, method === 'POST' ? {} : undefined, null)).statusCode).toBe(401);
  });

  it('keeps the private key on the server: the settings say only that one is set and its fingerprint', async () => {
    const refused = await call(
      'POST',
      'Insurance/saveClearingHouseConnection',
      connection({ privateKey: 'not a key' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/whole private key/);
    // A key pasted into a one-line field loses its line breaks: it is read all the same.
    await save(connection({ privateKey: sftp.privateKey.replace(/\n/g, ' ') }));
    const reply = await call('GET', 'Insurance/getClearingHouseConnections');
    expect(reply.statusCode).toBe(200);
    const body = reply.body;
    const keyBody = sftp.privateKey.split('\n')[2] ?? '';
    expect(keyBody.length).toBeGreaterThan(20);
    expect(body).not.toContain(keyBody);
    const saved = reply
      .json<ClearingHouseConnectionsReply>()
      .connections.find((row) => row.clearingHouseID === CLEARING_HOUSE);
    expect(saved).toMatchObject({ configured: true, keySet: true, host: sftp.host, port: sftp.port, autoPost: true });
    expect(saved?.keyFingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    const audit = await database.db.query<{ detail: unknown }>(
      "SELECT detail FROM audit_log WHERE action = 'clearinghouse.connection.save'",
    );
    expect(JSON.stringify(audit)).not.toContain(keyBody);
    expect(test.logText()).not.toContain(keyBody);
    // Saved again without a key: the key set before is kept.
    const { privateKey: _kept, ...withoutKey } = connection();
    await save(withoutKey);
    expect(
      (await call('GET', 'Insurance/getClearingHouseConnections'))
        .json<ClearingHouseConnectionsReply>()
        .connections.find((row) => row.clearingHouseID === CLEARING_HOUSE)?.keyFingerprint,
    ).toBe(saved?.keyFingerprint);
  });

  it('connects only to the server whose host key is set, and says which key a server offered', async () => {
    const refused = await call(
      'POST',
      'Insurance/saveClearingHouseConnection',
      connection({ hostKeyFingerprint: 'SHA256:short' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/SHA256: and 43 characters/);

    // A connection first set up without a host key connects to nobody, and names the key offered.
    await database.db.query('DELETE FROM clearing_house_connections WHERE clearing_house_id = $1', [CLEARING_HOUSE]);
    const { hostKeyFingerprint: _none, ...withoutHostKey } = connection();
    await save(withoutHostKey);
    const unconfirmed = await collect();
    expect(unconfirmed.errors).toEqual([
      expect.stringContaining(`its host key is not confirmed yet. The server offered ${sftp.hostKeyFingerprint}`),
    ]);
    expect(unconfirmed.files).toEqual([]);

    // Another key than the server's: refused before signing in, nothing sent.
    const other = `SHA256:${'A'.repeat(43)}`;
    await save(connection({ hostKeyFingerprint: other }));
    const { batch } = await submitNewClaim();
    expect(batch.status).toBe('send failed');
    expect(batch.sendError).toContain(
      `the server offered the host key ${sftp.hostKeyFingerprint}, not the one set (${other})`,
    );
    expect(files(folders.outbound)).toEqual([]);
    const shown = (await call('GET', 'Insurance/getClearingHouseConnections'))
      .json<ClearingHouseConnectionsReply>()
      .connections.find((row) => row.clearingHouseID === CLEARING_HOUSE);
    expect(shown?.hostKeyFingerprint).toBe(other);

    // The server's own key set: the batch goes.
    await save(connection());
    const sent = await call('POST', 'Batches/sendSubmissionBatch', { submissionBatchID: batch.submissionBatchID });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(files(folders.outbound)).toEqual([batch.fileName]);
    rmSync(join(folders.outbound, batch.fileName));
  });

  it('puts a submitted batch in the outbound folder under its file name, and says so on the batch', async () => {
    await save(connection());
    const { batch } = await submitNewClaim();
    expect(batch).toMatchObject({ status: 'sent', sentFileName: batch.fileName, sendError: null });
    expect(batch.sentAt).not.toBeNull();
    expect(batch.clearingHouseName).toBe('Availity');
    expect(files(folders.outbound)).toEqual([batch.fileName]);
    const content = (
      await call('GET', 'Batches/getSubmissionBatchStatusDetailByID', {
        submissionBatchID: String(batch.submissionBatchID),
      })
    ).json<{ content: string }>().content;
    expect(readFileSync(join(folders.outbound, batch.fileName), 'utf8')).toBe(content);
  });

  it('collects the 999, 277CA and 835 the clearinghouse answers with: routes them, archives them, posts the remittance', async () => {
    const sim = simulator();
    const answered = await sim.tick();
    expect(answered.read).toHaveLength(1);
    expect(answered.wrote.map((name) => name.replace(/^\d+_/, ''))).toEqual(['999.x12', '277CA.x12', '835.x12']);
    expect(files(folders.outbound)).toEqual([]);
    const [claim] = await database.db.query<{ id: number; balance: number }>(
      'SELECT claim_id AS id, balance_cents::int AS balance FROM claims WHERE group_id = $1 ORDER BY claim_id DESC LIMIT 1',
      [data.group.groupId],
    );

    const collected = await collect();
    expect(collected.errors).toEqual([]);
    expect(collected.files.map((file) => [file.transactionSet, file.outcome])).toEqual([
      ['999', 'read'],
      ['277', 'read'],
      ['835', 'read'],
    ]);
    expect(collected.files[2]?.detail).toMatch(/check SIM\d+ posted \(1 claims\)/);
    expect(files(folders.inbound)).toEqual([]);
    expect(files(folders.archive)).toEqual(answered.wrote);

    const eras = await database.db.query<{ fileName: string }>(
      'SELECT file_name AS "fileName" FROM era_files WHERE group_id = $1',
      [data.group.groupId],
    );
    expect(eras.map((era) => era.fileName)).toEqual([answered.wrote[2]]);
    const log = await database.db.query<{ transactionSet: string; outcome: string; fileName: string }>(
      `SELECT transaction_set AS "transactionSet", outcome, file_name AS "fileName" FROM edi_import_log WHERE group_id = $1 ORDER BY edi_log_id`,
      [data.group.groupId],
    );
    expect(log.map((row) => [row.transactionSet, row.outcome, row.fileName])).toEqual([
      ['999', 'accepted', answered.wrote[0]],
      ['277', 'accepted', answered.wrote[1]],
      ['835', 'accepted', answered.wrote[2]],
    ]);
    // The 999 accepted the batch: the acknowledgement readers say so on it.
    const [batch] = await database.db.query<{ status: string }>(
      'SELECT status FROM submission_batches WHERE group_id = $1 ORDER BY submission_batch_id DESC LIMIT 1',
      [data.group.groupId],
    );
    expect(batch?.status).toBe('accepted');
    const [after] = await database.db.query<{ balance: number }>(
      'SELECT balance_cents::int AS balance FROM claims WHERE claim_id = $1',
      [claim!.id],
    );
    expect(after!.balance).toBeLessThan(claim!.balance);
  });

  it('takes nothing the second time', async () => {
    const again = await collect();
    expect(again).toEqual({ message: 'No new clearinghouse replies.', files: [], errors: [] });
  });

  it('gives each file to one of two collectors running at once', async () => {
    const names = Array.from({ length: 6 }, (_, index) => `RACE${index}.999`);
    const acknowledgement = readFileSync(join(folders.archive, files(folders.archive)[0]!), 'utf8');
    for (const name of names) writeFileSync(join(folders.inbound, name), acknowledgement);
    const [first, second] = await Promise.all([
      collectClearinghouseReplies(database.db, CLEARING_HOUSE, { collector: 'first' }),
      collectClearinghouseReplies(database.db, CLEARING_HOUSE, { collector: 'second' }),
    ]);
    const taken = [...first.files, ...second.files].map((file) => file.fileName).sort();
    expect(taken).toEqual(names);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    expect(files(folders.inbound)).toEqual([]);
    const rows = await database.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM clearing_house_files WHERE file_name LIKE 'RACE%' AND state = 'read'",
    );
    expect(rows[0]?.count).toBe(6);
  });

  it('says clearly why a bad key or an unreachable host failed, on the batch and on the collection, and changes nothing', async () => {
    await save(connection({ privateKey: sftp.strangerKey }));
    const { batch } = await submitNewClaim();
    expect(batch.status).toBe('send failed');
    expect(batch.sentAt).toBeNull();
    expect(batch.sendError).toMatch(/Could not connect to Availity .*refused the key/);
    expect(batch.sendError).not.toContain('PRIVATE KEY');
    expect(files(folders.outbound)).toEqual([]);

    writeFileSync(join(folders.inbound, 'WAITING.999'), 'ISA*not read yet~');
    const [before] = await database.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM clearing_house_files',
    );
    const refused = await call('POST', 'Insurance/collectClearingHouseReplies', { clearingHouseID: CLEARING_HOUSE });
    expect(refused.statusCode).toBe(200);
    expect(refused.json<CollectClearingHouseRepliesReply>().errors).toEqual([
      expect.stringMatching(/Could not connect to Availity .*refused the key/),
    ]);
    expect(files(folders.inbound)).toEqual(['WAITING.999']);
    const [after] = await database.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM clearing_house_files',
    );
    expect(after!.count).toBe(before!.count);
    const shown = (await call('GET', 'Insurance/getClearingHouseConnections'))
      .json<ClearingHouseConnectionsReply>()
      .connections.find((row) => row.clearingHouseID === CLEARING_HOUSE);
    expect(shown?.lastPollError).toMatch(/refused the key/);

    // Nothing listens on port 1 of the loopback.
    await save(connection({ port: 1 }));
    const unreachable = await collect();
    expect(unreachable.errors).toEqual([
      expect.stringMatching(/Could not connect to Availity \(127\.0\.0\.1:1\): nothing answers/),
    ]);
    expect(files(folders.inbound)).toEqual(['WAITING.999']);

    // With the right key again the failed batch is sent by hand.
    await save(connection());
    const sent = await call('POST', 'Batches/sendSubmissionBatch', { submissionBatchID: batch.submissionBatchID });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<SubmissionBatch>()).toMatchObject({ status: 'sent', sendError: null });
    expect(files(folders.outbound)).toEqual([batch.fileName]);
    expect(existsSync(join(folders.outbound, `${batch.fileName}.part`))).toBe(false);
  });

  it('collects on its own schedule: a connection due a collection is collected by the background loop', async () => {
    expect(files(folders.inbound)).toEqual(['WAITING.999']);
    await database.db.query(
      'UPDATE clearing_house_connections SET last_polled_at = NULL WHERE clearing_house_id = $1',
      [CLEARING_HOUSE],
    );
    const logged: unknown[] = [];
    const stop = startClearinghouseCollector(database.db, 1, (error) => logged.push(error));
    try {
      await expect.poll(() => files(folders.inbound), { timeout: 20_000 }).toEqual([]);
    } finally {
      stop();
    }
    expect(logged).toEqual([]);
    const [taken] = await database.db.query<{ state: string; detail: string }>(
      "SELECT state, detail FROM clearing_house_files WHERE file_name = 'WAITING.999'",
    );
    expect(taken).toMatchObject({ state: 'read' });
    expect(taken?.detail).toMatch(/^not read: /);
  });
});
