/**
 * A 277CA or 277 applied. A 277CA's receiver level names the batch we sent (TRN02: the 837's
 * BHT03), each claim loop our claim (TRN02: the patient control number, CLM01; REF*D9 or REF*EJ
 * when TRN02 is not ours), and its STCs say accepted (A0, A1, A2, A5) or rejected (A3, A4, A6, A7,
 * A8) and why. Who answered is the source level: a payer (NM1*PR) or a clearinghouse (NM1*AY).
 * A rejection at the receiver level with no claim under it turns back every claim of the batch;
 * one at a billing provider's level, the claims the batch sent under that provider's NPI (every
 * claim of the batch when the level names no NPI we sent). A 277 answers our 276: its claim loops echo our trace, and what they say is kept on
 * the claim without changing its status.
 */
import type { Transaction } from '../../db/types.ts';
import { ACCEPTING_CATEGORIES, REJECTING_CATEGORIES } from '../../edi/acknowledgements/codes.ts';
import type {
  ClaimStatusLoop,
  ClaimStatusResponse,
  PartyLevel,
  StatusCode,
  StatusInformation,
} from '../../edi/acknowledgements/model277.ts';
import { batchByReference, claimIDOf, claimsOfBatch, type BatchRow } from './batchLookup.ts';
import { applyClaimAnswer, lockClaims, type AnsweredBy, type Outcome } from './claimOutcome.ts';
import type { AppliedFile, FileOutcome } from './fileOutcome.ts';

function codeLine(code: StatusCode): string {
  const category = `${code.category.code}${code.category.description ? ` ${code.category.description}` : ''}`;
  const status = code.status.code
    ? `; ${code.status.code}${code.status.description ? ` ${code.status.description}` : ''}`
    : '';
  const entity = code.entity.code ? ` (${code.entity.description || `entity ${code.entity.code}`})` : '';
  return `${category}${status}${entity}`;
}

/** Every STC's codes in words, one line each, its free text after. */
export function statusReasons(statuses: readonly StatusInformation[]): string[] {
  const lines: string[] = [];
  for (const status of statuses) {
    for (const code of status.codes) lines.push(codeLine(code));
    if (status.message) lines.push(status.message);
  }
  return [...new Set(lines)];
}

function outcomeOf(
  statuses: readonly StatusInformation[],
  kind: '277CA' | '277',
): { outcome: Outcome; main: StatusCode | null } {
  const codes = statuses.flatMap((status) => status.codes);
  const rejecting = codes.find((code) => REJECTING_CATEGORIES.has(code.category.code));
  if (rejecting) return { outcome: 'rejected', main: rejecting };
  const accepting = codes.find((code) => ACCEPTING_CATEGORIES.has(code.category.code));
  if (kind === '277') {
    const first = codes[0] ?? null;
    const category = first?.category.code ?? '';
    if (category.startsWith('F')) return { outcome: 'finalized', main: first };
    if (category.startsWith('P')) return { outcome: 'pending', main: first };
    if (accepting) return { outcome: 'accepted', main: accepting };
    return { outcome: 'information', main: first };
  }
  if (accepting) return { outcome: 'accepted', main: accepting };
  return { outcome: 'information', main: codes[0] ?? null };
}

function answeredBy(source: PartyLevel): AnsweredBy {
  return source.entity.code === 'PR' ? 'payer' : 'clearinghouse';
}

interface ClaimAnswerInput {
  claimID: number;
  batch: BatchRow | null;
  statuses: readonly StatusInformation[];
  loop: ClaimStatusLoop | null;
  by: AnsweredBy;
  byName: string;
  trace: string | null;
}

export async function apply277(
  tx: Transaction,
  responses: readonly ClaimStatusResponse[],
  file: AppliedFile,
  outcome: FileOutcome,
  now: Date,
): Promise<void> {
  for (const response of responses) {
    const answers: (ClaimAnswerInput & { kind: '277CA' | '277' })[] = [];
    for (const source of response.sources) {
      const by = answeredBy(source);
      const byName = source.name || (by === 'payer' ? '' : file.clearinghouseName);
      for (const receiver of source.receivers) {
        let batch: BatchRow | null = null;
        if (response.kind === '277CA') {
          for (const trace of receiver.traces) batch ??= await batchByReference(tx, trace, file.groupIds);
          if (batch === null && receiver.traces.length > 0)
            outcome.unknown.push(`No submission batch was sent with reference ${receiver.traces.join(', ')}.`);
        }
        if (batch !== null) {
          outcome.groupIDs.add(batch.groupID);
          outcome.batchIDs.add(batch.submissionBatchID);
        }
        const listed: number[] = [];
        let wholeBatchRejection: StatusInformation[] = [];
        /** Rejections at a billing provider's level with no claim under them, by the NPI it names. */
        const providerRejections: { npi: string; statuses: StatusInformation[] }[] = [];
        const receiverOutcome = outcomeOf(receiver.statuses, response.kind);
        const hasClaims = receiver.providers.some((provider) => provider.patients.some((p) => p.claims.length > 0));
        if (receiverOutcome.outcome === 'rejected' && !hasClaims) wholeBatchRejection = receiver.statuses;
        for (const provider of receiver.providers) {
          const providerOutcome = outcomeOf(provider.statuses, response.kind);
          const providerHasClaims = provider.patients.some((patient) => patient.claims.length > 0);
          if (providerOutcome.outcome === 'rejected' && !providerHasClaims)
            providerRejections.push({
              npi: provider.idQualifier === 'XX' ? provider.id.trim() : '',
              statuses: provider.statuses,
            });
          for (const patient of provider.patients)
            for (const loop of patient.claims) {
              let claimID: number | null;
              if (response.kind === '277') {
                const [inquiry] = await tx.query<{ claimID: number }>(
                  'SELECT claim_id AS "claimID" FROM claim_status_inquiry_claims WHERE trace_number = $1',
                  [loop.trace],
                );
                claimID = inquiry ? Number(inquiry.claimID) : claimIDOf(loop.patientAccountNumber);
              } else claimID = claimIDOf(loop.trace, loop.clearinghouseClaimNumber, loop.patientAccountNumber);
              if (claimID === null) {
                outcome.unknown.push(
                  `The claim of ${patient.firstName} ${patient.lastName} (trace ${loop.trace || 'none'}) names no claim of ours.`,
                );
                continue;
              }
              listed.push(claimID);
              answers.push({
                claimID,
                batch,
                statuses: loop.statuses,
                loop,
                by,
                byName,
                trace: response.kind === '277' ? loop.trace : null,
                kind: response.kind,
              });
            }
        }
        if (batch !== null && (wholeBatchRejection.length > 0 || providerRejections.length > 0)) {
          const { bySet, byBillingProvider: byProvider } = claimsOfBatch(batch.content);
          const inBatch = [...bySet.values()].flat();
          const statusesOf = new Map<number, StatusInformation[]>();
          for (const claimID of inBatch)
            if (wholeBatchRejection.length > 0) statusesOf.set(claimID, wholeBatchRejection);
          for (const rejection of providerRejections) {
            const named = rejection.npi === '' ? inBatch : (byProvider.get(rejection.npi) ?? []);
            if (named.length === 0)
              outcome.unknown.push(
                `A rejection at the level of provider NPI ${rejection.npi} names no provider batch ${batch.fileName} was sent under.`,
              );
            for (const claimID of named)
              statusesOf.set(claimID, [...(statusesOf.get(claimID) ?? []), ...rejection.statuses]);
          }
          for (const [claimID, statuses] of statusesOf)
            if (!listed.includes(claimID))
              answers.push({ claimID, batch, statuses, loop: null, by, byName, trace: null, kind: response.kind });
        }
      }
    }
    const claims = await lockClaims(
      tx,
      answers.map((answer) => answer.claimID),
      file.practiceIds,
    );
    for (const answer of answers) {
      const claim = claims.get(answer.claimID);
      if (claim === undefined) {
        outcome.unknown.push(`Claim ${answer.claimID} was not found.`);
        continue;
      }
      if (answer.batch !== null) {
        const [member] = await tx.query(
          'SELECT 1 FROM submission_batch_claims WHERE submission_batch_id = $1 AND claim_id = $2',
          [answer.batch.submissionBatchID, claim.claimID],
        );
        if (!member) {
          outcome.unknown.push(`Claim ${claim.claimID} was not sent in batch ${answer.batch.fileName}.`);
          continue;
        }
      }
      outcome.groupIDs.add(claim.groupID);
      const { outcome: result, main } = outcomeOf(answer.statuses, answer.kind);
      const reasons = statusReasons(answer.statuses);
      const first = answer.statuses[0];
      const applied = await applyClaimAnswer(
        tx,
        claim,
        {
          claimID: claim.claimID,
          fileID: file.id,
          submissionBatchID: answer.batch?.submissionBatchID ?? (answer.kind === '277CA' ? claim.latestBatchID : null),
          source: answer.kind,
          answeredBy: answer.by,
          answeredByName: answer.byName,
          outcome: result,
          categoryCode: main?.category.code ?? '',
          statusCode: main?.status.code ?? '',
          entityCode: main?.entity.code ?? '',
          reason: reasons.join('\n') || 'No status given.',
          payerClaimNumber: answer.loop?.payerClaimNumber || null,
          effectiveDate: first?.date ?? null,
          chargeCents: first?.chargeCents ?? null,
          paymentCents: first?.paymentCents ?? null,
          fileName: file.name,
          detail: {
            statuses: answer.statuses.map((status) => ({
              codes: status.codes.map((code) => ({
                category: code.category.code,
                status: code.status.code,
                entity: code.entity.code,
                text: codeLine(code),
              })),
              date: status.date,
              action: status.action.code,
              chargeCents: status.chargeCents,
              paymentCents: status.paymentCents,
              adjudicationDate: status.adjudicationDate,
              checkNumber: status.checkNumber,
              message: status.message,
            })),
            clearinghouseClaimNumber: answer.loop?.clearinghouseClaimNumber ?? '',
            serviceDates: answer.loop?.dates.filter((dated) => dated.qualifier === '472') ?? [],
            lines: (answer.loop?.lines ?? []).map((line) => ({
              procedure: line.procedure.join(':'),
              chargeCents: line.chargeCents,
              paidCents: line.paidCents,
              lineControlNumber: line.lineControlNumber,
              reasons: statusReasons(line.statuses),
            })),
          },
        },
        now,
      );
      outcome.claims.push({ claimID: claim.claimID, outcome: result });
      if (applied.rejected) {
        outcome.rejectedClaimIDs.push(claim.claimID);
        outcome.rejections.push({
          claimID: claim.claimID,
          reason: reasons.join('; '),
          source: `${answer.kind} file ${file.name ?? ''}`.trim(),
        });
      }
      if (answer.trace !== null) {
        const [history] = await tx.query<{ id: number }>(
          'SELECT max(claim_status_history_id) AS id FROM claim_status_history WHERE claim_id = $1',
          [claim.claimID],
        );
        const updated = await tx.query<{ id: number }>(
          `UPDATE claim_status_inquiry_claims SET claim_status_history_id = $2 WHERE trace_number = $1
           RETURNING claim_status_inquiry_id AS id`,
          [answer.trace, history?.id ?? null],
        );
        for (const row of updated) {
          outcome.inquiryIDs.add(Number(row.id));
          await tx.query(
            `UPDATE claim_status_inquiries SET state = 'answered', answered_at = $2 WHERE claim_status_inquiry_id = $1`,
            [row.id, now],
          );
        }
      }
    }
  }
}
