import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import {
  DOCUMENT_SAVED,
  DOCUMENT_UPLOADED,
  MAX_DOCUMENT_BYTES,
  tooLargeMessage,
  unsupportedTypeMessage,
  type ChangeEAttachmentReply,
  type ClaimDocumentsReply,
  type DeleteDocumentReply,
  type DocumentBase64Reply,
  type DocumentTagsReply,
  type SaveClaimDocumentReply,
  type UploadDocumentReply,
} from '../../../contract/documents.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)(
  'a claim’s documents: upload, list, download, delete, e-attach and tags, on $name',
  (engine) => {
    let database: TestDatabase;
    let test: TestApp;
    let data: ScrubTestData;
    let biller: SessionUser;
    let outsider: SessionUser;

    beforeAll(async () => {
      ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'Documents', 'Elsewhere'));
    });

    afterAll(() => closeClaimTestWorld({ database, test }));

    const post = (controller: string, name: string, payload: object, session = biller) =>
      test.app.inject({ method: 'POST', url: `/api/${controller}/${name}`, headers: bearer(session), payload });
    const get = (controller: string, name: string, query: Record<string, string>, session = biller) =>
      test.app.inject({ method: 'GET', url: `/api/${controller}/${name}`, headers: bearer(session), query });
    const upload = (payload: object, session = biller) => post('Claims', 'uploadClaimDocument', payload, session);
    const list = async (claimID: number) =>
      (await get('Patient', 'getClaimDocuments', { claimID: String(claimID) })).json<ClaimDocumentsReply>().documents;
    const events = async (claimID: number) =>
      (
        await database.db.query<{ action: string }>(
          'SELECT action FROM claim_events WHERE claim_id = $1 ORDER BY claim_event_id',
          [claimID],
        )
      ).map((row) => row.action);
    const documentCount = async () =>
      (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents'))[0]?.n;

    it('stores a file on the claim and gives the same bytes back, as a file and as base64', async () => {
      const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
      const bytes = randomBytes(300_000);
      const reply = await upload({
        claimID,
        fileName: 'EOB march.pdf',
        mimeType: 'application/pdf',
        categoryID: 1,
        tags: ['eob', 'march', 'eob'],
        contentBase64: bytes.toString('base64'),
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const { message, documentID } = reply.json<UploadDocumentReply>();
      expect(message).toBe(DOCUMENT_UPLOADED);

      expect(await list(claimID)).toEqual([
        expect.objectContaining({
          documentID,
          fileName: 'EOB march.pdf',
          mimeType: 'application/pdf',
          sizeBytes: bytes.length,
          categoryID: 1,
          category: 'EOB',
          tags: ['eob', 'march'],
          eAttached: false,
        }),
      ]);
      const [listed] = await list(claimID);
      expect(listed?.uploadedBy).toBeTruthy();
      expect(listed?.uploadedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

      const file = await get('Claims', 'downloadFile', { documentID: String(documentID) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe('attachment; filename="EOB march.pdf"');
      expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);

      const base64 = (
        await get('Claims', 'downloadFilesBase64', { documentID: String(documentID) })
      ).json<DocumentBase64Reply>();
      expect(base64).toMatchObject({ documentID, fileName: 'EOB march.pdf', mimeType: 'application/pdf' });
      expect(Buffer.compare(Buffer.from(base64.contentBase64, 'base64'), bytes)).toBe(0);

      expect(await events(claimID)).toEqual(['document uploaded']);
      const audited = await database.db.query<{ action: string }>(
        `SELECT action FROM audit_log WHERE record_type = 'document' AND record_id = $1 ORDER BY 1`,
        [String(documentID)],
      );
      expect(audited.map((row) => row.action)).toEqual([
        'documents.download',
        'documents.download',
        'documents.upload',
      ]);
    });

    it('sanitises the downloaded file name', async () => {
      const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
      const { documentID } = (
        await upload({
          claimID,
          fileName: '..\\x/"évil";.txt',
          mimeType: 'text/plain',
          contentBase64: Buffer.from('hello').toString('base64'),
        })
      ).json<UploadDocumentReply>();
      const file = await get('Claims', 'downloadFile', { documentID: String(documentID) });
      expect(file.headers['content-disposition']).toBe('attachment; filename="__vil__.txt"');
      expect(file.body).toBe('hello');
    });

    it('accepts a file near the size limit, refuses a larger one and a type it does not know, storing nothing', async () => {
      const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
      const big = await upload({
        claimID,
        fileName: 'scan.tiff',
        mimeType: 'image/tiff',
        contentBase64: Buffer.alloc(MAX_DOCUMENT_BYTES).toString('base64'),
      });
      expect(big.statusCode, big.body).toBe(200);
      const before = await documentCount();
      const tooBig = await upload({
        claimID,
        fileName: 'scan.tiff',
        mimeType: 'image/tiff',
        contentBase64: Buffer.alloc(MAX_DOCUMENT_BYTES + 1).toString('base64'),
      });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json<{ message: string }>().message).toBe(tooLargeMessage());
      const exe = await upload({
        claimID,
        fileName: 'run.exe',
        mimeType: 'application/x-msdownload',
        contentBase64: Buffer.from('MZ').toString('base64'),
      });
      expect(exe.statusCode).toBe(400);
      expect(exe.json<{ message: string }>().message).toBe(unsupportedTypeMessage());
      expect(await documentCount()).toBe(before);
      expect(await events(claimID)).toEqual(['document uploaded']);
    });

    it('deletes softly: the document leaves the list and the downloads but its row stays', async () => {
      const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
      const { documentID } = (
        await upload({
          claimID,
          fileName: 'card.png',
          mimeType: 'image/png',
          contentBase64: Buffer.from('png').toString('base64'),
        })
      ).json<UploadDocumentReply>();
      const reply = await post('Claims', 'deleteDocument', { documentID });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json<DeleteDocumentReply>()).toMatchObject({ documentID });
      expect(await list(claimID)).toEqual([]);
      expect((await get('Claims', 'downloadFile', { documentID: String(documentID) })).statusCode).toBe(404);
      expect((await post('Claims', 'deleteDocument', { documentID })).statusCode).toBe(404);
      const [row] = await database.db.query<{ active: boolean }>(
        'SELECT active FROM documents WHERE document_id = $1',
        [documentID],
      );
      expect(row?.active).toBe(false);
      expect(await events(claimID)).toEqual(['document uploaded', 'document deleted']);
    });

    it('marks a document for e-attachment and back', async () => {
      const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
      const { documentID } = (
        await upload({
          claimID,
          fileName: 'notes.jpg',
          mimeType: 'image/jpeg',
          contentBase64: Buffer.from('jpg').toString('base64'),
        })
      ).json<UploadDocumentReply>();
      const on = await post('Claims', 'changeDocumentEAttachment', { documentID, eAttached: true });
      expect(on.json<ChangeEAttachmentReply>()).toMatchObject({ documentID, eAttached: true });
      expect((await list(claimID))[0]?.eAttached).toBe(true);
      await post('Claims', 'changeDocumentEAttachment', { documentID, eAttached: false });
      expect((await list(claimID))[0]?.eAttached).toBe(false);
    });

    it('lists the distinct tags of the documents the data role sees', async () => {
      const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
      await upload({
        claimID,
        fileName: 'a.txt',
        mimeType: 'text/plain',
        tags: ['zeta', 'auth'],
        contentBase64: Buffer.from('a').toString('base64'),
      });
      const tags = (await get('Claims', 'getDocumentTags', {})).json<DocumentTagsReply>().tags;
      expect(tags).toEqual([...tags].sort());
      expect(tags).toEqual(expect.arrayContaining(['auth', 'eob', 'march', 'zeta']));
      expect(new Set(tags).size).toBe(tags.length);
      expect((await get('Claims', 'getDocumentTags', {}, outsider)).json<DocumentTagsReply>().tags).toEqual([]);
    });

    it('answers 404 outside the data role on every call, changing nothing', async () => {
      const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
      const { documentID } = (
        await upload({
          claimID,
          fileName: 'x.pdf',
          mimeType: 'application/pdf',
          contentBase64: Buffer.from('%PDF').toString('base64'),
        })
      ).json<UploadDocumentReply>();
      const before = await documentCount();
      const id = String(documentID);
      expect(
        (
          await upload(
            {
              claimID,
              fileName: 'y.pdf',
              mimeType: 'application/pdf',
              contentBase64: Buffer.from('%PDF').toString('base64'),
            },
            outsider,
          )
        ).statusCode,
      ).toBe(404);
      expect((await get('Patient', 'getClaimDocuments', { claimID: String(claimID) }, outsider)).statusCode).toBe(404);
      expect((await get('Claims', 'downloadFile', { documentID: id }, outsider)).statusCode).toBe(404);
      expect((await get('Claims', 'downloadFilesBase64', { documentID: id }, outsider)).statusCode).toBe(404);
      expect((await post('Claims', 'deleteDocument', { documentID }, outsider)).statusCode).toBe(404);
      expect(
        (await post('Claims', 'changeDocumentEAttachment', { documentID, eAttached: true }, outsider)).statusCode,
      ).toBe(404);
      expect(await documentCount()).toBe(before);
      expect(await list(claimID)).toEqual([expect.objectContaining({ documentID, eAttached: false })]);
    });

    it('saves a document’s tags and category with a DNA entry; refuses a bad category and a document outside the data role, changing nothing', async () => {
      const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
      const uploaded = await upload({
        claimID,
        fileName: 'auth.pdf',
        mimeType: 'application/pdf',
        categoryID: 1,
        tags: ['old'],
        contentBase64: Buffer.from('%PDF-1.4').toString('base64'),
      });
      const { documentID } = uploaded.json<UploadDocumentReply>();

      const saved = await post('Patient', 'saveClaimDocument', {
        documentID,
        tags: ['prior auth', ' urgent ', 'prior auth'],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<SaveClaimDocumentReply>()).toEqual({
        message: DOCUMENT_SAVED,
        documentID,
        tags: ['prior auth', 'urgent'],
      });
      expect(await list(claimID)).toEqual([
        expect.objectContaining({ documentID, tags: ['prior auth', 'urgent'], categoryID: 1 }),
      ]);
      expect(await events(claimID)).toEqual(['document uploaded', 'document saved']);

      expect((await post('Patient', 'saveClaimDocument', { documentID, tags: [], categoryID: 3 })).statusCode).toBe(
        200,
      );
      expect(await list(claimID)).toEqual([
        expect.objectContaining({ documentID, tags: [], categoryID: 3, category: 'Authorization' }),
      ]);

      const badCategory = await post('Patient', 'saveClaimDocument', { documentID, tags: ['x'], categoryID: 99 });
      expect(badCategory.statusCode).toBe(400);
      expect(badCategory.json<{ message: string }>().message).toBe('There is no document category 99.');
      expect((await post('Patient', 'saveClaimDocument', { documentID, tags: ['stolen'] }, outsider)).statusCode).toBe(
        404,
      );
      expect(await list(claimID)).toEqual([expect.objectContaining({ documentID, tags: [], categoryID: 3 })]);
    });
  },
);
