/**
 * A claim's documents from the palette: attach a file (the browser's own file picker), download,
 * delete (after a confirm step), mark for the payer's electronic attachment, and tag. The claim
 * screen's Documents section runs these same commands on the document under its cursor, with the
 * document already answered.
 */
import { DELETE_FAILED, DOWNLOAD_FAILED, UPLOAD_FAILED, type ClaimDocument } from '../../contract/documents.ts';
import {
  changeDocumentEAttachment,
  deleteDocument,
  fetchDocument,
  getClaimDocuments,
  saveClaimDocument,
  uploadClaimDocument,
} from '../../src/api/documents.ts';
import type { Command, CommandChoice, CommandContext, CommandStep } from '../../src/console/types.ts';
import { downloadFile } from '../../src/export/exportFile.ts';
import { readBase64 } from '../../src/files/documentFile.ts';
import { DOCUMENT_CATEGORY_STEP, orToast, pickDocument } from '../documentFiles.ts';
import { focusClaimSection, parseTags, sizeText, tagsProblem, tagsText } from '../../src/features/claimDetail/index.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';

const openClaimID = (ctx: CommandContext): number | null => (ctx.record?.type === 'claim' ? ctx.record.id : null);
const openClaimReason = (ctx: CommandContext) => (openClaimID(ctx) !== null ? null : 'Open a claim first.');

/** The claim screen lists the documents (and its history the change): it reads them again. */
function refreshClaim(ctx: CommandContext, documentIDs?: readonly number[]): void {
  const claimID = openClaimID(ctx);
  if (claimID !== null) recordsChanged('claim', [claimID]);
  recordsChanged('document', documentIDs);
}

/** The documents of the last choice list, so the run knows the picked one's name and state. */
const listed = new Map<number, ClaimDocument>();

/** The document under the claim screen's cursor when it is that one, else as the palette's last list showed it. */
function knownDocument(documentID: unknown): ClaimDocument | undefined {
  const id = Number(documentID);
  return targetOf('document', (document) => document.id === id)?.document ?? listed.get(id);
}

async function documentChoices(
  ctx: CommandContext,
  hint: (document: ClaimDocument) => string = () => '',
): Promise<CommandChoice[]> {
  const claimID = openClaimID(ctx);
  if (claimID === null) return [];
  const documents = await getClaimDocuments(claimID, { silent: true, background: true });
  listed.clear();
  for (const document of documents) listed.set(document.documentID, document);
  return documents.map((document) => ({
    value: String(document.documentID),
    label: document.fileName,
    hint: [document.category, sizeText(document.sizeBytes), document.uploadedAt.slice(0, 10), hint(document)]
      .filter((part) => part !== null && part !== '')
      .join(' · '),
  }));
}

const attach: Command = {
  id: 'claims.attachDocument',
  title: 'Attach a document…',
  group: 'Claims',
  keywords: ['document', 'upload', 'attach', 'file', 'eob', 'scan', 'pdf'],
  privilege: 'CLAIMS',
  when: (ctx) => openClaimID(ctx) !== null,
  disabledReason: openClaimReason,
  steps: [DOCUMENT_CATEGORY_STEP],
  run: async (ctx, args) => {
    const claimID = openClaimID(ctx);
    if (claimID === null) return;
    const picked = await pickDocument();
    if (picked === null) return;
    const { file, mimeType } = picked;
    const categoryID = Number(args.categoryID);
    const reply = await orToast(UPLOAD_FAILED, async () =>
      uploadClaimDocument(
        {
          claimID,
          fileName: file.name,
          mimeType,
          contentBase64: await readBase64(file),
          ...(categoryID > 0 ? { categoryID } : {}),
        },
        { source: ctx.source, silent: true },
      ),
    );
    if (reply === null) return;
    refreshClaim(ctx);
    notify.success(`${reply.message} ${file.name}`);
  },
};

const download: Command = {
  id: 'claims.downloadDocument',
  title: 'Download a document…',
  group: 'Claims',
  keywords: ['document', 'download', 'file', 'open', 'attachment'],
  privilege: 'CLAIMS',
  when: (ctx) => openClaimID(ctx) !== null,
  disabledReason: openClaimReason,
  steps: [{ key: 'documentID', kind: 'choice', title: 'Document', choices: (ctx) => documentChoices(ctx) }],
  run: async (ctx, args) => {
    const document = knownDocument(args.documentID);
    if (document === undefined) return;
    const file = await orToast(DOWNLOAD_FAILED, () => fetchDocument(document, { source: ctx.source, silent: true }));
    if (file !== null) downloadFile(file);
  },
};

const remove: Command = {
  id: 'claims.deleteDocument',
  title: 'Delete a document…',
  group: 'Claims',
  keywords: ['document', 'delete', 'remove', 'file', 'attachment'],
  privilege: 'CLAIMS',
  when: (ctx) => openClaimID(ctx) !== null,
  disabledReason: openClaimReason,
  steps: [
    { key: 'documentID', kind: 'choice', title: 'Document to delete', choices: (ctx) => documentChoices(ctx) },
    {
      key: 'confirm',
      kind: 'choice',
      title: 'Delete it?',
      choices: (_ctx, answers) => [
        {
          value: 'delete',
          label: `Delete ${knownDocument(answers.documentID)?.fileName ?? 'the document'}`,
          hint: 'It leaves the claim; the audit log keeps it.',
        },
        { value: 'keep', label: 'Keep it' },
      ],
    },
  ],
  run: async (ctx, args) => {
    if (args.confirm !== 'delete') return;
    const documentID = Number(args.documentID);
    const reply = await orToast(DELETE_FAILED, () => deleteDocument(documentID, { source: ctx.source, silent: true }));
    if (reply === null) return;
    refreshClaim(ctx, [documentID]);
    notify.success(reply.message);
  },
};

const eAttach: Command = {
  id: 'claims.eAttachDocument',
  title: 'Mark document for e-attachment…',
  group: 'Claims',
  keywords: ['document', 'e-attach', 'eattach', 'electronic', 'attachment', 'pwk', 'payer'],
  privilege: 'CLAIMS',
  when: (ctx) => openClaimID(ctx) !== null,
  disabledReason: openClaimReason,
  steps: [
    {
      key: 'documentID',
      kind: 'choice',
      title: 'Document (Enter switches its mark)',
      choices: (ctx) =>
        documentChoices(ctx, (document) => (document.eAttached ? 'marked: Enter unmarks' : 'not marked')),
    },
  ],
  run: async (ctx, args) => {
    const document = knownDocument(args.documentID);
    if (document === undefined) return;
    const reply = await orToast('Error: unable to change the document’s e-attachment.', () =>
      changeDocumentEAttachment(document.documentID, !document.eAttached, { source: ctx.source, silent: true }),
    );
    if (reply === null) return;
    refreshClaim(ctx, [document.documentID]);
    notify.success(`${reply.message} ${document.fileName}`);
  },
};

const tagsStep: CommandStep = {
  key: 'tags',
  kind: 'text',
  title: 'Tags, separated by commas (empty removes them all)',
  placeholder: 'e.g. eob, appeal',
  validate: tagsProblem,
};

const editTags: Command = {
  id: 'claims.tagDocument',
  title: 'Edit document tags…',
  group: 'Claims',
  keywords: ['document', 'tag', 'tags', 'label', 'file'],
  privilege: 'CLAIMS',
  when: (ctx) => openClaimID(ctx) !== null,
  disabledReason: openClaimReason,
  steps: [
    {
      key: 'documentID',
      kind: 'choice',
      title: 'Document',
      choices: (ctx) => documentChoices(ctx, (document) => tagsText(document.tags) || 'no tags'),
    },
    tagsStep,
  ],
  run: async (ctx, args) => {
    const document = knownDocument(args.documentID);
    if (document === undefined) return;
    const tags = parseTags(typeof args.tags === 'string' ? args.tags : '');
    const reply = await orToast('Error: unable to save the document’s tags.', () =>
      saveClaimDocument({ documentID: document.documentID, tags }, { source: ctx.source, silent: true }),
    );
    if (reply === null) return;
    refreshClaim(ctx, [document.documentID]);
    notify.success(`${document.fileName}: ${tagsText(reply.tags) || 'no tags'}.`);
  },
};

const goToDocuments: Command = {
  id: 'claims.focusDocuments',
  title: 'Go to the claim’s documents',
  group: 'Claims',
  keywords: ['documents', 'attachments', 'files', 'section'],
  shortcut: 'Alt+Shift+d',
  when: (ctx) => openClaimID(ctx) !== null,
  disabledReason: openClaimReason,
  run: () => focusClaimSection('documents'),
};

export const documentCommands: readonly Command[] = [attach, download, remove, eAttach, editTags, goToDocuments];
