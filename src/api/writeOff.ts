import { type ClaimFinancialReply } from '../../contract/claimFinancial.ts';
import {
  PREVIEW_IDS_LIMIT,
  PREVIEW_SAMPLE_SIZE,
  type MassWriteOffDataReply,
  type MassWriteOffReply,
  type SaveWriteOffRequest,
  type WriteOffReply,
} from '../../contract/writeOff.ts';
import { callApi, type CallOptions } from './client.ts';
import { AddEditClaim } from '../../contract/calls/addEditClaim.ts';
import { Claims } from '../../contract/calls/claims.ts';

// The same call with claimIDS or query answers with the bulk run it started.

/** The reply of a single write-off; a bulk reply here is a server that does not follow its contract. */
function single(reply: WriteOffReply | MassWriteOffReply): WriteOffReply {
  if ('jobID' in reply) throw new Error('A single write-off was answered as a bulk run.');
  return reply;
}

function bulk(reply: WriteOffReply | MassWriteOffReply): MassWriteOffReply {
  if (!('jobID' in reply)) throw new Error('A bulk write-off was answered as a single one.');
  return reply;
}

type Common = Pick<SaveWriteOffRequest, 'reasonID' | 'postingDate' | 'note'>;

/** The claims of a bulk write-off: picked ids, or the list's search ("all N matching"). */
export type WriteOffTarget = { claimIDS: readonly number[] } | { query: Readonly<Record<string, string | number>> };

/** Writes off `amountCents` of one claim, or its whole balance without it. */
export function saveWriteOff(
  body: Common & { claimID: number; amountCents?: number },
  options?: CallOptions,
): Promise<WriteOffReply> {
  return callApi(AddEditClaim.saveWriteOffByID, body, options).then(single);
}

/** Starts the bulk run; the reply names the job to follow. */
export function startMassWriteOff(
  target: WriteOffTarget,
  body: Common & { maxBalanceCents?: number },
  options?: CallOptions,
): Promise<MassWriteOffReply> {
  const claims = 'claimIDS' in target ? { claimIDS: [...target.claimIDS] } : { query: { ...target.query } };
  return callApi(AddEditClaim.saveWriteOffByID, { ...claims, ...body }, options).then(bulk);
}

/**
 * What a bulk write-off would take. Picked ids travel in the query string, so a large selection
 * is asked about in parts and the counts added up.
 */
export async function getMassWriteOffData(
  target: WriteOffTarget,
  maxBalanceCents: number | undefined,
  options?: CallOptions,
): Promise<MassWriteOffDataReply> {
  if (!('claimIDS' in target))
    return callApi(Claims.getMassWriteOffData, { ...target.query, maxBalanceCents }, options);
  const sorted = [...target.claimIDS].sort((a, b) => a - b);
  const total: MassWriteOffDataReply = { count: 0, totalCents: 0, rows: [] };
  for (let start = 0; start < sorted.length; start += PREVIEW_IDS_LIMIT) {
    const part = await callApi(
      Claims.getMassWriteOffData,
      { claimIDS: sorted.slice(start, start + PREVIEW_IDS_LIMIT).join(','), maxBalanceCents },
      options,
    );
    total.count += part.count;
    total.totalCents += part.totalCents;
    total.rows = [...total.rows, ...part.rows].slice(0, PREVIEW_SAMPLE_SIZE);
  }
  return total;
}

/** The claim's money by kind, from its ledger, with the check that it adds up. */
export function getClaimFinancial(claimID: number, options?: CallOptions): Promise<ClaimFinancialReply> {
  return callApi(AddEditClaim.getClaimFinancial, { claimID }, options);
}
