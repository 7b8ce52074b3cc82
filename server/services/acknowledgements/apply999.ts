/**
 * A 999 applied: each AK1 names the batch we sent by its group control number; each AK2..IK5 says
 * whether one of its transaction sets (and so its claims) was accepted or rejected, with the
 * segment and element errors as the reason; AK9 gives the batch's own status.
 */
import type { Transaction } from '../../db/types.ts';
import type { GroupAcknowledgement, TransactionAcknowledgement } from '../../edi/acknowledgements/model999.ts';
import { batchByGroupControl, claimsBySet } from './batchLookup.ts';
import { applyClaimAnswer, lockClaims } from './claimOutcome.ts';
import type { AppliedFile, FileOutcome } from './fileOutcome.ts';

/** IK501 / AK901 codes that accept. */
const ACCEPTED = new Set(['A', 'E']);

const BATCH_STATUS: Readonly<Record<string, string>> = {
  A: 'accepted',
  E: 'accepted with errors',
  P: 'partially accepted',
};

/** The reasons of one transaction set's answer, one line each, as a biller reads them. */
export function reasonsOf(set: TransactionAcknowledgement | null, group: GroupAcknowledgement): string[] {
  const lines: string[] = [];
  if (set !== null) {
    for (const segment of set.segments) {
      const where = `${segment.segmentID} at segment ${segment.segmentPosition}${segment.loop ? ` (loop ${segment.loop})` : ''}`;
      const context = segment.context.length > 0 ? ` [${segment.context.join('; ')}]` : '';
      if (segment.elements.length === 0)
        lines.push(`${where}: ${segment.error.description || `error ${segment.error.code}`}${context}`);
      for (const element of segment.elements) {
        const name = `${segment.segmentID}${element.elementPosition.padStart(2, '0')}${element.componentPosition ? `-${element.componentPosition}` : ''}`;
        const bad = element.badValue ? ` ("${element.badValue}")` : '';
        lines.push(`${where}, ${name}: ${element.error.description || `error ${element.error.code}`}${bad}${context}`);
      }
    }
    // "One or more segments in error" says nothing the segment lines above do not.
    const listed = lines.length > 0;
    for (const error of set.errors)
      if (!(listed && (error.code === '5' || error.code === 'I5')))
        lines.push(error.description || `Transaction set error ${error.code}`);
  }
  if (lines.length === 0)
    for (const error of group.errors) lines.push(error.description || `Group error ${error.code}`);
  if (lines.length === 0 && set !== null) lines.push(set.status.description || `IK501 ${set.status.code}`);
  if (lines.length === 0) lines.push(group.status.description || `AK901 ${group.status.code}`);
  return lines;
}

export async function apply999(
  tx: Transaction,
  acknowledgements: readonly GroupAcknowledgement[],
  file: AppliedFile,
  outcome: FileOutcome,
  now: Date,
): Promise<void> {
  for (const group of acknowledgements) {
    const batch = await batchByGroupControl(tx, group.groupControlNumber, file.groupIds);
    if (batch === null) {
      outcome.unknown.push(`No submission batch was sent with group control number ${group.groupControlNumber}.`);
      continue;
    }
    outcome.groupIDs.add(batch.groupID);
    outcome.batchIDs.add(batch.submissionBatchID);
    const sets = claimsBySet(batch.content);
    const groupAccepted = ACCEPTED.has(group.status.code);
    /** Each claim of the batch with its set's answer; a set the 999 does not list takes the group's. */
    const answers: { claimID: number; accepted: boolean; reasons: string[]; set: string }[] = [];
    const listed = new Set<string>();
    for (const set of group.transactions) {
      const key = String(Number(set.controlNumber));
      listed.add(key);
      const claims = sets.get(key);
      if (claims === undefined) {
        outcome.unknown.push(
          `Batch ${batch.fileName} has no transaction set ${set.controlNumber} (the 999 answers one).`,
        );
        continue;
      }
      const accepted = ACCEPTED.has(set.status.code);
      const reasons = accepted ? [] : reasonsOf(set, group);
      for (const claimID of claims) answers.push({ claimID, accepted, reasons, set: set.controlNumber });
    }
    for (const [key, claims] of sets) {
      if (listed.has(key)) continue;
      const reasons = groupAccepted ? [] : reasonsOf(null, group);
      for (const claimID of claims) answers.push({ claimID, accepted: groupAccepted, reasons, set: key });
    }
    const reasonText = [...new Set(answers.flatMap((answer) => answer.reasons))];
    const status = BATCH_STATUS[group.status.code] ?? 'rejected';
    await tx.query(
      `UPDATE submission_batches SET status = $2, acknowledged_at = $3, acknowledgement_detail = $4 WHERE submission_batch_id = $1`,
      [
        batch.submissionBatchID,
        status,
        now,
        [
          `999 ${group.status.code}: ${group.status.description}`,
          group.accepted !== null && group.received !== null
            ? `${group.accepted} of ${group.received} transaction sets accepted.`
            : '',
          ...reasonText,
        ]
          .filter((line) => line !== '')
          .join('\n')
          .slice(0, 4000),
      ],
    );
    outcome.batches.push({ submissionBatchID: batch.submissionBatchID, status });
    const claims = await lockClaims(
      tx,
      answers.map((answer) => answer.claimID),
      file.practiceIds,
    );
    for (const answer of answers) {
      const claim = claims.get(answer.claimID);
      if (claim === undefined) {
        outcome.unknown.push(`Claim ${answer.claimID} of batch ${batch.fileName} was not found.`);
        continue;
      }
      const result = await applyClaimAnswer(
        tx,
        claim,
        {
          claimID: claim.claimID,
          fileID: file.id,
          submissionBatchID: batch.submissionBatchID,
          source: '999',
          answeredBy: 'clearinghouse',
          answeredByName: file.clearinghouseName,
          outcome: answer.accepted ? 'accepted' : 'rejected',
          categoryCode: '',
          statusCode: '',
          entityCode: '',
          reason: answer.accepted ? `Accepted (999 ${group.status.code})` : answer.reasons.join('\n'),
          payerClaimNumber: null,
          effectiveDate: null,
          chargeCents: null,
          paymentCents: null,
          fileName: file.name,
          detail: { transactionSet: answer.set, batchStatus: status },
        },
        now,
      );
      outcome.claims.push({ claimID: claim.claimID, outcome: answer.accepted ? 'accepted' : 'rejected' });
      if (result.rejected) {
        outcome.rejectedClaimIDs.push(claim.claimID);
        outcome.rejections.push({
          claimID: claim.claimID,
          reason: answer.reasons.join('; '),
          source: `999 file ${file.name ?? ''}`.trim(),
        });
      }
    }
  }
}
