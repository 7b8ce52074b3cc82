import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import type {
  DocumentBatchDocumentsReply,
  DocumentPageReply,
  DocumentProfileReply,
  DocumentSearchReply,
} from '../../../contract/documentSearch.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { createTestUser } from '../../test/fixtures.ts';
import { bearer, signIn, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';
import type { TestGroup } from '../../test/fixtures.ts';

describe.each(testEngines)('document search, profile, a batch’s files and a document’s page, on $name', (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;
  let elsewhere: TestGroup;
  let batchID = 0;
  let otherBatchID = 0;
  const pages: number[] = [];
  let claimDocument = 0;
  let patientDocument = 0;
  let outsiderDocument = 0;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider, elsewhere } = await openClaimTestWorld(engine, 'Docs', 'Faraway'));
    const db = database.db;
    const batch = async (group: TestGroup, number: string) =>
      (
        await db.query<{ id: number }>(
          `INSERT INTO document_batches (group_id, practice_id, batch_number, batch_type, description) VALUES ($1, $2, $3, 'EOB', 'Monday mail') RETURNING document_batch_id AS id`,
          [group.groupId, group.practiceId, number],
        )
      )[0]!.id;
    batchID = await batch(data.group, 'MAIL-0107');
    otherBatchID = await batch(elsewhere, 'MAIL-0107');
    const document = async (
      group: TestGroup,
      links: { claim?: number; patient?: number; batch?: number },
      fileName: string,
      text: string,
      day: string,
    ) =>
      (
        await db.query<{ id: number }>(
          `INSERT INTO documents (group_id, claim_id, patient_id, document_batch_id, file_name, mime_type, size_bytes, content, created_at)
           VALUES ($1, $2, $3, $4, $5, 'text/plain', $6, convert_to($7, 'UTF8'), $8::timestamptz) RETURNING document_id AS id`,
          [
            group.groupId,
            links.claim ?? null,
            links.patient ?? null,
            links.batch ?? null,
            fileName,
            Buffer.byteLength(text),
            text,
            `${day}T10:00:00Z`,
          ],
        )
      )[0]!.id;
    for (const [index, day] of ['2026-11-02', '2026-11-03', '2026-11-04'].entries())
      pages.push(
        await document(data.group, { batch: batchID }, `eob-page-${index + 1}.txt`, `EOB page ${index + 1}`, day),
      );
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    claimDocument = await document(data.group, { claim: claimID }, 'op-note.txt', 'Operative note', '2026-11-05');
    patientDocument = await document(
      data.group,
      { patient: data.group.patientId },
      'id-card.txt',
      'ID card',
      '2026-11-06',
    );
    outsiderDocument = await document(elsewhere, { batch: otherBatchID }, 'eob-faraway.txt', 'Not yours', '2026-11-04');
    // A user of the biller's group whose role lacks the payments module.
    await createTestUser(db, 'claimsonly@example.test', { groupIds: [data.group.groupId], modules: ['CLAIMS'] });
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const get = (path: string, input: Record<string, unknown>, session: SessionUser | null = biller) =>
    test.app.inject({
      method: 'GET',
      url: `/api/${path}`,
      headers: session ? bearer(session) : {},
      query: Object.fromEntries(Object.entries(input).map(([key, value]) => [key, String(value)])),
    });
  const search = async (input: Record<string, unknown>, session = biller) => {
    const reply = await get('Batches/getDocumentSearchData', input, session);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<DocumentSearchReply>();
  };

  it('finds the data role’s documents of every kind, newest first, in pages, by name, batch number, kind and day', async () => {
    const all = await search({});
    expect(all.totalCount).toBe(5);
    expect(all.rows.map((row) => row.documentID)).toEqual([
      patientDocument,
      claimDocument,
      pages[2],
      pages[1],
      pages[0],
    ]);
    expect(all.rows[0]).toMatchObject({ owner: 'patient', ownerLabel: 'SMITH, JANE', patientName: 'SMITH, JANE' });
    expect(all.rows[1]).toMatchObject({ owner: 'claim', patientID: data.group.patientId });
    expect(all.rows[2]).toMatchObject({
      owner: 'documentBatch',
      ownerLabel: 'MAIL-0107',
      batchType: 'EOB',
      fileName: 'eob-page-3.txt',
      sizeBytes: 10,
      uploadedAt: '2026-11-04T10:00:00Z',
    });

    const second = await search({ pageSize: 2, pageNumber: 2 });
    expect([second.totalCount, second.rows.map((row) => row.documentID)]).toEqual([5, [pages[2], pages[1]]]);
    expect((await search({ searchValue: 'mail-01' })).rows.map((row) => row.documentID)).toEqual([
      pages[2],
      pages[1],
      pages[0],
    ]);
    expect((await search({ searchValue: 'op-' })).rows.map((row) => row.documentID)).toEqual([claimDocument]);
    expect((await search({ owner: 'patient' })).rows.map((row) => row.documentID)).toEqual([patientDocument]);
    expect(
      (
        await search({ fromDate: '2026-11-03', toDate: '2026-11-04', sortBy: 'fileName', sortDirection: 'asc' })
      ).rows.map((row) => row.fileName),
    ).toEqual(['eob-page-2.txt', 'eob-page-3.txt']);
    // The other group's file of a batch with the same number is not there, nor are the biller's for the outsider.
    expect((await search({}, outsider)).rows.map((row) => row.documentID)).toEqual([outsiderDocument]);
  });

  it('describes a document with its place among its batch’s pages, and lists a batch’s files in pages', async () => {
    const reply = await get('Batches/getDocumentProfile', { documentID: pages[1] });
    expect(reply.statusCode, reply.body).toBe(200);
    const profile = reply.json<DocumentProfileReply>();
    expect(profile).toMatchObject({
      document: { documentID: pages[1], documentBatchID: batchID, owner: 'documentBatch' },
      batchStatus: 'open',
      batchDescription: 'Monday mail',
      tags: [],
      eAttached: false,
      place: { pageNumber: 2, pageCount: 3, previousDocumentID: pages[0], nextDocumentID: pages[2] },
    });
    const alone = (
      await get('Batches/getDocumentProfile', { documentID: patientDocument })
    ).json<DocumentProfileReply>();
    expect(alone.place).toEqual({ pageNumber: 1, pageCount: 1, previousDocumentID: null, nextDocumentID: null });

    const files = await get('Batches/getDocumentData', { documentBatchID: batchID, pageSize: 2, pageNumber: 2 });
    expect(files.statusCode, files.body).toBe(200);
    expect(files.json<DocumentBatchDocumentsReply>()).toMatchObject({
      documentBatchID: batchID,
      batchNumber: 'MAIL-0107',
      batchType: 'EOB',
      totalCount: 3,
      rows: [{ documentID: pages[2] }],
    });
  });

  it('shows a document’s page with its content and neighbours, and audits the view', async () => {
    const reply = await get('Repository/getDocumentPage', { documentID: pages[0] });
    expect(reply.statusCode, reply.body).toBe(200);
    const page = reply.json<DocumentPageReply>();
    expect(Buffer.from(page.contentBase64, 'base64').toString()).toBe('EOB page 1');
    expect(page).toMatchObject({
      fileName: 'eob-page-1.txt',
      mimeType: 'text/plain',
      ownerLabel: 'MAIL-0107',
      place: { pageNumber: 1, pageCount: 3, previousDocumentID: null, nextDocumentID: pages[1] },
    });
    const [viewed] = await database.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'documents.view' AND record_type = 'document' AND record_id = $1",
      [String(pages[0])],
    );
    expect(viewed?.n).toBe(1);
    const claimPage = (
      await get('Repository/getDocumentPage', { documentID: claimDocument })
    ).json<DocumentPageReply>();
    expect([claimPage.owner, claimPage.place.pageCount]).toEqual(['claim', 1]);
  });

  it('answers 401 without a session, 403 without the payments module, 400 for bad input, 404 outside the data role', async () => {
    for (const [path, input] of [
      ['Batches/getDocumentSearchData', {}],
      ['Batches/getDocumentProfile', { documentID: pages[0] }],
      ['Batches/getDocumentData', { documentBatchID: batchID }],
      ['Repository/getDocumentPage', { documentID: pages[0] }],
    ] as const)
      expect((await get(path, input, null)).statusCode).toBe(401);
    const claimsOnly = await signIn(test, 'claimsonly@example.test');
    expect((await get('Batches/getDocumentSearchData', {}, claimsOnly)).statusCode).toBe(403);
    // The page viewer needs only a session; the data role still holds.
    expect((await get('Repository/getDocumentPage', { documentID: pages[0] }, claimsOnly)).statusCode).toBe(200);

    const bad = async (path: string, input: Record<string, unknown>, pattern: RegExp) => {
      const reply = await get(path, input);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json<{ message: string }>().message).toMatch(pattern);
    };
    await bad('Batches/getDocumentSearchData', { fromDate: '2026-11-05', toDate: '2026-11-01' }, /from date is after/);
    await bad('Batches/getDocumentSearchData', { owner: 'fax' }, /documentBatch, chargeBatch/);
    await bad('Batches/getDocumentSearchData', { pageSize: 0 }, /pageSize/i);
    await bad('Batches/getDocumentProfile', {}, /documentID/i);
    await bad('Repository/getDocumentPage', { documentID: 'x' }, /documentID/i);
    await bad('Batches/getDocumentData', { documentBatchID: batchID, extra: 1 }, /extra/i);

    expect((await get('Batches/getDocumentProfile', { documentID: outsiderDocument })).statusCode).toBe(404);
    expect((await get('Repository/getDocumentPage', { documentID: outsiderDocument })).statusCode).toBe(404);
    expect((await get('Batches/getDocumentData', { documentBatchID: otherBatchID })).statusCode).toBe(404);
    expect((await get('Repository/getDocumentPage', { documentID: pages[0] }, outsider)).statusCode).toBe(404);
    const [refused] = await database.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'refused' AND record_id = 'Repository/getDocumentPage'",
    );
    expect(refused?.n).toBe(2);
  });
});
