/**
 * Acknowledgements and claim status: apply a 999 or 277 file, ask a claim's status (a 276), take
 * the 276 to send by hand, and send a rejected claim again as a replacement. Each refreshes the
 * claim on screen and the batches when it ends.
 */
import { MAX_ACKNOWLEDGEMENT_FILE_BYTES, type AcknowledgementResult } from '../../contract/acknowledgements.ts';
import {
  checkClaimStatus,
  getClaimStatusInquiries,
  getClaimStatusInquiry,
  resendClaimAsReplacement,
  uploadAcknowledgementFile,
} from '../../src/api/acknowledgements.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { Command, CommandContext } from '../../src/console/types.ts';
import { downloadFile } from '../../src/export/exportFile.ts';
import { chooseFile } from '../../src/files/chooseFile.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { hasTargetClaims, noTargetReason, resolveTargetClaims } from '../claims/scrub.ts';

const APPLY_FAILED = 'The acknowledgement file was not applied.';

const plural = (count: number, one: string, many = `${one}s`) =>
  count === 1 ? `1 ${one}` : `${count.toLocaleString('en-US')} ${many}`;

const openClaimID = (ctx: CommandContext) => (ctx.record?.type === 'claim' ? ctx.record.id : null);
const noClaimReason = (ctx: CommandContext) => (openClaimID(ctx) === null ? 'Open a claim first.' : null);

function changed(claimIDs?: readonly number[]): void {
  recordsChanged('claim', claimIDs);
  recordsChanged('submissionBatch');
}

/** What applying a file did, a line each: batches, rejected claims, what was not ours. */
export function appliedText(result: AcknowledgementResult): string {
  const lines: string[] = [];
  for (const batch of result.batches) lines.push(`Batch ${batch.submissionBatchID}: ${batch.status}`);
  if (result.rejectedClaimIDs.length > 0)
    lines.push(`Rejected: claim ${result.rejectedClaimIDs.join(', ')} (in the work queue)`);
  lines.push(...result.unknown);
  return lines.join('\n');
}

const applyFile: Command = {
  id: 'acknowledgements.apply',
  title: 'Apply an acknowledgement file (999 / 277CA / 277)…',
  group: 'Claims',
  keywords: ['999', '277', '277ca', 'acknowledgement', 'ack', 'rejection', 'clearinghouse', 'import', 'upload'],
  shortcut: 'F9',
  privilege: 'CLAIMS',
  run: async (ctx) => {
    const file = await chooseFile('.999,.277,.x12,.edi,.txt,text/plain');
    if (file === null) return;
    if (file.size > MAX_ACKNOWLEDGEMENT_FILE_BYTES) {
      notify.error(APPLY_FAILED, `${file.name} is larger than ${MAX_ACKNOWLEDGEMENT_FILE_BYTES / 1024 / 1024} MB.`);
      return;
    }
    try {
      const result = await uploadAcknowledgementFile(
        { fileName: file.name, text: await file.text() },
        { source: ctx.source, silent: true },
      );
      const detail = appliedText(result);
      if (result.outcome === 'already applied') notify.info(result.message);
      else if (detail === '') notify.success(result.message);
      else notify.successWithDetail(result.message, detail);
      changed(result.claims.map((claim) => claim.claimID));
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(APPLY_FAILED, thrown instanceof Error ? thrown.message : String(thrown));
    }
  },
};

const checkStatus: Command = {
  id: 'claims.checkStatus',
  title: 'Check claim status (276)',
  group: 'Claims',
  keywords: ['status', '276', '277', 'inquiry', 'payer', 'where is', 'follow up'],
  shortcut: 'Alt+k',
  privilege: 'CLAIMS',
  batchLimit: 5_000,
  when: hasTargetClaims,
  disabledReason: noTargetReason,
  run: async (ctx) => {
    const claimIDs = await resolveTargetClaims(ctx);
    const reply = await checkClaimStatus(claimIDs, { source: ctx.source });
    changed(claimIDs);
    const asked = reply.inquiries.reduce((sum, inquiry) => sum + inquiry.claimIDs.length, 0);
    if (reply.inquiries.length > 0) {
      const lines = reply.inquiries.map((inquiry) =>
        inquiry.state === 'sent'
          ? `${inquiry.fileName}: sent to the clearinghouse`
          : inquiry.state === 'failed'
            ? `${inquiry.fileName}: not sent (${inquiry.sendError ?? 'no reason given'}); Alt+Y downloads it`
            : `${inquiry.fileName}: ready to download (Alt+Y on the claim)`,
      );
      notify.successWithDetail(
        `Claim status asked for ${plural(asked, 'claim')}; the payer's 277 is applied when it comes.`,
        lines.join('\n'),
      );
    }
    if (reply.refused.length > 0)
      notify.error(
        `${plural(reply.refused.length, 'claim')} not asked about.`,
        reply.refused
          .slice(0, 3)
          .map((claim) => claim.reason)
          .join('\n'),
      );
  },
};

const downloadInquiry: Command = {
  id: 'claims.downloadStatusInquiry',
  title: 'Download the claim’s status inquiry (276)',
  group: 'Claims',
  keywords: ['276', 'status', 'inquiry', 'download', 'x12', 'file'],
  shortcut: 'Alt+y',
  privilege: 'PATIENTS',
  when: (ctx) => openClaimID(ctx) !== null,
  disabledReason: noClaimReason,
  run: async (ctx) => {
    const claimID = openClaimID(ctx);
    if (claimID === null) return;
    const { inquiries } = await getClaimStatusInquiries(claimID, { source: ctx.source });
    const [latest] = inquiries;
    if (latest === undefined) {
      notify.info(`Claim ${claimID} has no status inquiry yet: Alt+K asks its status.`);
      return;
    }
    const inquiry = await getClaimStatusInquiry(latest.inquiryID, { source: ctx.source });
    downloadFile({ blob: new Blob([inquiry.content], { type: 'application/edi-x12' }), fileName: inquiry.fileName });
  },
};

const resend: Command = {
  id: 'claims.resendReplacement',
  title: 'Send the rejected claim again as a replacement',
  group: 'Claims',
  keywords: ['resend', 'resubmit', 'replacement', 'frequency 7', 'corrected', 'rejected', '277ca', 'f8'],
  shortcut: 'Alt+r',
  privilege: 'CLAIMS',
  when: (ctx) => openClaimID(ctx) !== null,
  disabledReason: noClaimReason,
  run: async (ctx) => {
    const claimID = openClaimID(ctx);
    if (claimID === null) return;
    const reply = await resendClaimAsReplacement(claimID, { source: ctx.source });
    changed([claimID]);
    if (reply.submitted) notify.success(reply.message);
    else notify.warning(reply.message);
  },
};

export const acknowledgementCommands: readonly Command[] = [applyFile, checkStatus, downloadInquiry, resend];
