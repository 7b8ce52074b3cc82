import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contract/auth.ts';
import {
  DOCUMENT_UPLOADED,
  unsupportedTypeMessage,
  type DocumentBase64Reply,
  type UploadDocumentReply,
} from '../../../contract/documents.ts';
import type { PatientDocumentsReply } from '../../../contract/patientDocuments.ts';
import { testEngines, type TestDatabase } from '../../test/engines.ts';
import { bearer, type TestApp } from '../../test/harness.ts';
import { closeClaimTestWorld, openClaimTestWorld, type ScrubTestData } from '../scrub/scrubTestData.ts';

describe.each(testEngines)("a patient's own documents on $name", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let data: ScrubTestData;
  let biller: SessionUser;
  let outsider: SessionUser;

  beforeAll(async () => {
    ({ database, test, data, biller, outsider } = await openClaimTestWorld(engine, 'PatientDocs', 'Elsewhere'));
  });

  afterAll(() => closeClaimTestWorld({ database, test }));

  const post = (controller: string, name: string, payload: object, session = biller) =>
    test.app.inject({ method: 'POST', url: `/api/${controller}/${name}`, headers: bearer(session), payload });
  const get = (controller: string, name: string, query: Record<string, string>, session = biller) =>
    test.app.inject({ method: 'GET', url: `/api/${controller}/${name}`, headers: bearer(session), query });
  const documentCount = async () =>
    (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents'))[0]?.n;

  it('stores a card on the patient, lists it beside their claims’ documents, and gives the same bytes back', async () => {
    const patientID = data.group.patientId;
    const { claimID } = await data.insertClaim({ lines: [{ code: '99213' }] });
    const onClaim = await post('Claims', 'uploadClaimDocument', {
      claimID,
      fileName: 'eob.pdf',
      mimeType: 'application/pdf',
      contentBase64: Buffer.from('%PDF-1.4 eob').toString('base64'),
    });
    expect(onClaim.statusCode).toBe(200);
    const bytes = randomBytes(50_000);
    const reply = await post('Patient', 'uploadPatientDocument', {
      patientID,
      fileName: 'insurance card.png',
      mimeType: 'image/png',
      categoryID: 5,
      tags: ['front', 'front', ' back '],
      contentBase64: bytes.toString('base64'),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { message, documentID } = reply.json<UploadDocumentReply>();
    expect(message).toBe(DOCUMENT_UPLOADED);

    const listed = (
      await get('Patient', 'getDocumentData', { patientID: String(patientID) })
    ).json<PatientDocumentsReply>();
    const card = listed.documents.find((document) => document.documentID === documentID);
    expect(card).toMatchObject({
      claimID: null,
      category: 'Insurance Card',
      tags: ['front', 'back'],
      sizeBytes: 50_000,
    });
    expect(listed.documents.some((document) => document.claimID === claimID)).toBe(true);

    const back = (
      await get('Claims', 'downloadFilesBase64', { documentID: String(documentID) })
    ).json<DocumentBase64Reply>();
    expect(Buffer.from(back.contentBase64, 'base64').equals(bytes)).toBe(true);
    const [audited] = await database.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'documents.download' AND record_id = $1",
      [String(documentID)],
    );
    expect(audited?.n).toBe(1);
  });

  it('keeps a patient outside the data role and their documents Not Found, and refuses a bad file', async () => {
    const patientID = data.group.patientId;
    const before = await documentCount();
    const stranger = await post(
      'Patient',
      'uploadPatientDocument',
      { patientID, fileName: 'x.pdf', mimeType: 'application/pdf', contentBase64: 'JVBERg==' },
      outsider,
    );
    expect(stranger.statusCode).toBe(404);
    expect((await get('Patient', 'getDocumentData', { patientID: String(patientID) }, outsider)).statusCode).toBe(404);
    const [own] = await database.db.query<{ id: number }>(
      'SELECT document_id AS id FROM documents WHERE claim_id IS NULL AND patient_id = $1 LIMIT 1',
      [patientID],
    );
    expect((await get('Claims', 'downloadFilesBase64', { documentID: String(own!.id) }, outsider)).statusCode).toBe(
      404,
    );

    const wrongType = await post('Patient', 'uploadPatientDocument', {
      patientID,
      fileName: 'run.exe',
      mimeType: 'application/x-msdownload',
      contentBase64: 'TVo=',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ message: string }>().message).toBe(unsupportedTypeMessage());
    const empty = await post('Patient', 'uploadPatientDocument', {
      patientID,
      fileName: 'empty.pdf',
      mimeType: 'application/pdf',
      contentBase64: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(await documentCount()).toBe(before);
  });
});
