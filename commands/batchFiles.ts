/**
 * "Attach a file to a batch…": a scanned file (an EOB, a superbill, a letter) filed with a payment,
 * charge or document batch, picked in the browser's own file chooser. On a batch detail screen the
 * file goes to the batch shown (A on the payment batch detail); elsewhere the kind and the batch are
 * picked. The detail screen then reads its Files list again.
 */
import { BATCH_KINDS, type BatchKind } from '../contract/batches.ts';
import { UPLOAD_FAILED } from '../contract/documents.ts';
import { ApiError } from '../src/api/apiError.ts';
import { getBatches, uploadBatchDocument } from '../src/api/batches.ts';
import type { Command, CommandArgs, CommandStep } from '../src/console/types.ts';
import { chargeDocumentBatchesChanged, chargeDocumentBatchesOnScreen } from '../src/features/batches/chargeDocumentBatchesOnScreen.ts';
import { paymentBatchesChanged, paymentBatchesOnScreen } from '../src/features/batches/paymentBatchesOnScreen.ts';
import { documentRefusal, documentTypeOf, pickFile, readBase64 } from '../src/files/documentFile.ts';
import { notify } from '../src/toasts/notify.tsx';

export const ATTACH_BATCH_FILE_ID = 'batches.attachBatchFile';

const KIND_LABELS: Readonly<Record<BatchKind, string>> = { payment: 'Payment batch', charge: 'Charge batch', document: 'Document batch' };
const isKind = (value: unknown): value is BatchKind => (BATCH_KINDS as readonly unknown[]).includes(value);

export interface ShownBatch {
  kind: BatchKind;
  batchID: number;
  batchNumber: string;
}

/** The batch a detail screen shows: a charge or document detail's, else the payment detail's. */
export function shownBatch(): ShownBatch | null {
  const { chargeShown, documentShown } = chargeDocumentBatchesOnScreen;
  if (chargeShown !== null) return { kind: 'charge', batchID: chargeShown.chargeBatchID, batchNumber: chargeShown.batchNumber };
  if (documentShown !== null) return { kind: 'document', batchID: documentShown.documentBatchID, batchNumber: documentShown.batchNumber };
  const payment = paymentBatchesOnScreen.shown;
  return payment === null ? null : { kind: 'payment', batchID: payment.paymentBatchID, batchNumber: payment.batchNumber };
}

/** The batch the file goes to: the steps' answers, else the one shown. */
function targetOf(args: CommandArgs): { kind: BatchKind; batchID: number } | null {
  if (isKind(args.batchKind) && args.batchID !== undefined) {
    const batchID = Number(args.batchID);
    return Number.isSafeInteger(batchID) && batchID > 0 ? { kind: args.batchKind, batchID } : null;
  }
  return shownBatch();
}

const pickSteps: readonly CommandStep[] = [
  { key: 'batchKind', kind: 'choice', title: 'Kind of batch', choices: () => BATCH_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })) },
  {
    key: 'batchID',
    kind: 'choice',
    title: 'Batch (then pick the file)',
    choices: async (_ctx, answers) => {
      const kind = isKind(answers.batchKind) ? answers.batchKind : 'payment';
      const { batches } = await getBatches({ kind, pageSize: 500 }, { silent: true, background: true });
      if (batches.length === 0) return [{ value: '', label: `No ${KIND_LABELS[kind].toLowerCase()} yet.` }];
      return batches.map((batch) => ({ value: String(batch.batchID), label: batch.batchNumber, hint: [batch.practiceName, batch.status, batch.description ?? ''].filter((part) => part !== '').join(' · ') }));
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
    const target = targetOf(args);
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
      const reply = await uploadBatchDocument({ batchKind: target.kind, batchID: target.batchID, document }, { source: ctx.source, silent: true });
      notify.success(reply.message, file.name);
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(UPLOAD_FAILED, thrown instanceof ApiError ? (thrown.serverMessage ?? thrown.message) : thrown instanceof Error ? thrown.message : undefined);
      return;
    }
    // The screens of that kind of batch read again: their Files lists and counts show the file.
    if (target.kind === 'payment') paymentBatchesChanged();
    else chargeDocumentBatchesChanged();
  },
};

export const batchFileCommands: readonly Command[] = [attach];
