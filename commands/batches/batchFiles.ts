/**
 * "Attach a file to a batch…": a scanned file (an EOB, a superbill, a letter) filed with a payment,
 * charge or document batch, picked in the browser's own file chooser. On a batch detail screen the
 * file goes to the batch shown (A on the payment batch detail); elsewhere the kind and the batch are
 * picked. The detail screen then reads its Files list again.
 */
import { BATCH_KINDS, type BatchKind } from '../../contract/batches.ts';
import { UPLOAD_FAILED } from '../../contract/documents.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { getBatches, uploadBatchDocument } from '../../src/api/batches.ts';
import type { Command, CommandArgs, CommandStep } from '../../src/console/types.ts';
import { documentRefusal, documentTypeOf, pickFile, readBase64 } from '../../src/files/documentFile.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';

export const ATTACH_BATCH_FILE_ID = 'batches.attachBatchFile';

const KIND_LABELS: Readonly<Record<BatchKind, string>> = {
  payment: 'Payment batch',
  charge: 'Charge batch',
  document: 'Document batch',
};
const isKind = (value: unknown): value is BatchKind => (BATCH_KINDS as readonly unknown[]).includes(value);

export interface ShownBatch {
  kind: BatchKind;
  batchID: number;
  batchNumber: string;
}

/** The batch open on a detail screen (its target): a charge or document batch's, else a payment batch's. */
export function shownBatch(): ShownBatch | null {
  const charge = targetOf('chargeBatch', (batch) => batch.open);
  if (charge !== null) return { kind: 'charge', batchID: charge.id, batchNumber: charge.batch.batchNumber };
  const document = targetOf('documentBatch', (batch) => batch.open);
  if (document !== null) return { kind: 'document', batchID: document.id, batchNumber: document.batchNumber };
  const payment = targetOf('paymentBatch', (batch) => batch.open);
  return payment === null ? null : { kind: 'payment', batchID: payment.id, batchNumber: payment.batch.batchNumber };
}

/** The batch the file goes to: the steps' answers, else the one shown. */
function batchOf(args: CommandArgs): { kind: BatchKind; batchID: number } | null {
  if (isKind(args.batchKind) && args.batchID !== undefined) {
    const batchID = Number(args.batchID);
    return Number.isSafeInteger(batchID) && batchID > 0 ? { kind: args.batchKind, batchID } : null;
  }
  return shownBatch();
}

const pickSteps: readonly CommandStep[] = [
  {
    key: 'batchKind',
    kind: 'choice',
    title: 'Kind of batch',
    choices: () => BATCH_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
  },
  {
    key: 'batchID',
    kind: 'choice',
    title: 'Batch (then pick the file)',
    choices: async (_ctx, answers) => {
      const kind = isKind(answers.batchKind) ? answers.batchKind : 'payment';
      const { batches } = await getBatches({ kind, pageSize: 500 }, { silent: true, background: true });
      if (batches.length === 0) return [{ value: '', label: `No ${KIND_LABELS[kind].toLowerCase()} yet.` }];
      return batches.map((batch) => ({
        value: String(batch.batchID),
        label: batch.batchNumber,
        hint: [batch.practiceName, batch.status, batch.description ?? ''].filter((part) => part !== '').join(' · '),
      }));
    },
  },
];

const attach: Command = {
  id: ATTACH_BATCH_FILE_ID,
  title: 'Attach a file to a batch…',
  screenKey: 'a',
  group: 'Payments',
  keywords: ['batch', 'file', 'document', 'upload', 'attach', 'scan', 'eob', 'superbill', 'pdf'],
  privilege: 'PAYMENTS',
  // On a batch detail screen the shown batch is the one: straight to the file chooser.
  get steps(): readonly CommandStep[] {
    return shownBatch() === null ? pickSteps : [];
  },
  run: async (ctx, args) => {
    const target = batchOf(args);
    if (target === null) return;
    const file = await pickFile();
    if (file === null) return;
    const mimeType = documentTypeOf(file);
    const refusal = documentRefusal(file);
    if (mimeType === null || refusal !== null) {
      notify.error(UPLOAD_FAILED, refusal ?? undefined);
      return;
    }
    try {
      const document = { fileName: file.name, mimeType, contentBase64: await readBase64(file) };
      const reply = await uploadBatchDocument(
        { batchKind: target.kind, batchID: target.batchID, document },
        { source: ctx.source, silent: true },
      );
      notify.success(`${reply.message} ${file.name}`);
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(
        UPLOAD_FAILED,
        thrown instanceof ApiError
          ? (thrown.serverMessage ?? thrown.message)
          : thrown instanceof Error
            ? thrown.message
            : undefined,
      );
      return;
    }
    // The screens of that kind of batch read again: their Files lists and counts show the file.
    recordsChanged(
      target.kind === 'payment' ? 'paymentBatch' : target.kind === 'charge' ? 'chargeBatch' : 'documentBatch',
      [target.batchID],
    );
  },
};

export const batchFileCommands: readonly Command[] = [attach];
