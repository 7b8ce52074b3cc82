/**
 * A patient's own documents from the palette: attach a file to the patient open on their screen
 * (an insurance card, an ID, a signed consent), and download one of the patient's documents. The
 * screen's Documents section runs the same: A attaches, Enter downloads the one under the cursor.
 */
import { DOWNLOAD_FAILED, UPLOAD_FAILED } from '../../contract/documents.ts';
import type { PatientDocument } from '../../contract/patientDocuments.ts';
import { fetchDocument } from '../../src/api/documents.ts';
import { getPatientDocuments, uploadPatientDocument } from '../../src/api/patientDocuments.ts';
import type { Command, CommandSource } from '../../src/console/types.ts';
import { downloadFile } from '../../src/export/exportFile.ts';
import { readBase64 } from '../../src/files/documentFile.ts';
import { DOCUMENT_CATEGORY_STEP, orToast, pickDocument } from '../documentFiles.ts';
import { sizeText } from '../../src/features/claimDetail/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';

const openPatientID = (): number | null => targetOf('patientCoverages')?.id ?? null;
const openPatientReason = () => (openPatientID() !== null ? null : 'Open a patient first.');

/** Downloads one of the patient's documents (the section's Enter and the palette's command). */
export async function downloadPatientDocument(document: PatientDocument, source: CommandSource): Promise<void> {
  const file = await orToast(DOWNLOAD_FAILED, () => fetchDocument(document, { source, silent: true }));
  if (file !== null) downloadFile(file);
}

/** The documents of the last choice list, so the run knows the picked one. */
const listed = new Map<number, PatientDocument>();

const attach: Command = {
  id: 'patients.attachDocument',
  title: 'Attach a document to the patient…',
  group: 'Patients',
  keywords: ['document', 'upload', 'attach', 'file', 'insurance card', 'id', 'consent', 'scan'],
  privilege: 'PATIENTS',
  screenKey: 'a',
  when: () => openPatientID() !== null,
  disabledReason: openPatientReason,
  steps: [DOCUMENT_CATEGORY_STEP],
  run: async (ctx, args) => {
    const patientID = openPatientID();
    if (patientID === null) return;
    const picked = await pickDocument();
    if (picked === null) return;
    const { file, mimeType } = picked;
    const categoryID = Number(args.categoryID);
    const reply = await orToast(UPLOAD_FAILED, async () =>
      uploadPatientDocument(
        {
          patientID,
          fileName: file.name,
          mimeType,
          contentBase64: await readBase64(file),
          ...(categoryID > 0 ? { categoryID } : {}),
        },
        { source: ctx.source, silent: true },
      ),
    );
    if (reply === null) return;
    recordsChanged('document', [reply.documentID]);
    notify.success(`${reply.message} ${file.name}`);
  },
};

const download: Command = {
  id: 'patients.downloadDocument',
  title: "Download a patient's document…",
  group: 'Patients',
  keywords: ['document', 'download', 'file', 'open', 'insurance card'],
  privilege: 'PATIENTS',
  when: () => openPatientID() !== null,
  disabledReason: openPatientReason,
  steps: [
    {
      key: 'documentID',
      kind: 'choice',
      title: 'Document',
      choices: async () => {
        const patientID = openPatientID();
        if (patientID === null) return [];
        const documents = await getPatientDocuments(patientID, { silent: true, background: true });
        listed.clear();
        for (const document of documents) listed.set(document.documentID, document);
        return documents.map((document) => ({
          value: String(document.documentID),
          label: document.fileName,
          hint: [
            document.claimID === null ? 'the patient' : `claim ${document.claimID}`,
            document.category,
            sizeText(document.sizeBytes),
          ]
            .filter((part) => part !== null && part !== '')
            .join(' · '),
        }));
      },
    },
  ],
  run: async (ctx, args) => {
    const document = listed.get(Number(args.documentID));
    if (document !== undefined) await downloadPatientDocument(document, ctx.source);
  },
};

export const patientDocumentCommands: readonly Command[] = [attach, download];
