/** The submission batches screen's command: the open batch's 837 file as a download. */
import type { Command } from '../../src/console/types.ts';
import { downloadFile } from '../../src/export/exportFile.ts';
import { targetOf } from '../../src/state/target.ts';

const download837: Command = {
  id: 'submission.downloadFile',
  title: 'Download the batch’s 837 file',
  group: 'Submission',
  keywords: ['download', '837', 'x12', 'edi', 'file', 'batch'],
  shortcut: 'Alt+d',
  privilege: 'CLAIMS',
  when: (ctx) => ctx.record?.type === 'submissionBatch',
  disabledReason: (ctx) =>
    ctx.record?.type !== 'submissionBatch'
      ? 'Open the submission batches and choose a batch.'
      : targetOf('submissionBatch')?.id === ctx.record.id
        ? null
        : 'The batch is still loading.',
  run: () => {
    const batch = targetOf('submissionBatch');
    if (!batch) return;
    downloadFile({ blob: new Blob([batch.content], { type: 'application/edi-x12' }), fileName: batch.fileName });
  },
};

export const submissionCommands: readonly Command[] = [download837];
