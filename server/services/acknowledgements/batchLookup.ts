/**
 * Finding what an acknowledgement answers: the submission batch by the control numbers we sent
 * (GS06 for a 999's AK102; the 837's BHT03, our interchange control number and ST02, for a
 * 277CA's TRN02 at the receiver level), and the claims of one of its transaction sets, read back
 * from the 837 we stored.
 */
import type { Queryable } from '../../db/types.ts';
import { readX12 } from '../../edi/x12/readX12.ts';

export interface BatchRow {
  submissionBatchID: number;
  groupID: number;
  interchangeControlNumber: number;
  fileName: string;
  content: string;
}

const BATCH_SELECT = `SELECT submission_batch_id AS "submissionBatchID", group_id AS "groupID",
  interchange_control_number AS "interchangeControlNumber", file_name AS "fileName", content FROM submission_batches`;

function normal(row: BatchRow | undefined): BatchRow | null {
  if (row === undefined) return null;
  return {
    ...row,
    submissionBatchID: Number(row.submissionBatchID),
    groupID: Number(row.groupID),
    interchangeControlNumber: Number(row.interchangeControlNumber),
  };
}

/** The batch whose GS06 (our group control number) a 999's AK102 names. */
export async function batchByGroupControl(
  q: Queryable,
  groupControlNumber: string,
  groupIds: readonly number[] | null = null,
): Promise<BatchRow | null> {
  const value = groupControlNumber.trim();
  if (!/^\d{1,18}$/.test(value)) return null;
  const [row] = await q.query<BatchRow>(
    `${BATCH_SELECT} WHERE group_control_number = $1 AND ($2::bigint[] IS NULL OR group_id = ANY($2::bigint[]))
      ORDER BY submission_batch_id DESC LIMIT 1`,
    [Number(value), groupIds],
  );
  return normal(row);
}

/** The batch a 277CA's receiver TRN02 names: our 837's BHT03, the interchange control number (9 digits) then ST02. */
export async function batchByReference(
  q: Queryable,
  reference: string,
  groupIds: readonly number[] | null = null,
): Promise<BatchRow | null> {
  const value = reference.trim();
  if (!/^\d{9,13}$/.test(value)) return null;
  const [row] = await q.query<BatchRow>(
    `${BATCH_SELECT} WHERE interchange_control_number = $1 AND ($2::bigint[] IS NULL OR group_id = ANY($2::bigint[]))`,
    [Number(value.slice(0, 9)), groupIds],
  );
  return normal(row);
}

export async function batchByID(q: Queryable, id: number): Promise<BatchRow | null> {
  const [row] = await q.query<BatchRow>(`${BATCH_SELECT} WHERE submission_batch_id = $1`, [id]);
  return normal(row);
}

/** The claims of an 837 we stored, read back in one walk of it. */
export interface BatchClaims {
  /** The claim ids (CLM01) of each transaction set, by ST02: what a 999 names. */
  bySet: Map<string, number[]>;
  /**
   * The claim ids by the NPI of the billing provider (2010AA NM1*85, XX) they were sent under
   * ('' before any): what a 277CA's rejection at one provider's level turns back.
   */
  byBillingProvider: Map<string, number[]>;
}

/** The claims of an 837 we wrote, by transaction set and by billing provider, from one reading of it. */
export function claimsOfBatch(content: string): BatchClaims {
  const bySet = new Map<string, number[]>();
  const byBillingProvider = new Map<string, number[]>();
  const document = readX12(content);
  for (const interchange of document.interchanges)
    for (const group of interchange.groups)
      for (const transaction of group.transactions) {
        const claims: number[] = [];
        let npi = '';
        const segment = transaction.table.at(transaction.from);
        for (let index = transaction.from; index < transaction.to; index++) {
          segment.moveTo(index);
          if (segment.knownID === 'NM1' && segment.element(1) === '85' && segment.element(8) === 'XX')
            npi = segment.element(9);
          else if (segment.knownID === 'CLM') {
            const id = segment.element(1);
            if (!/^\d+$/.test(id)) continue;
            claims.push(Number(id));
            const ofProvider = byBillingProvider.get(npi) ?? [];
            ofProvider.push(Number(id));
            byBillingProvider.set(npi, ofProvider);
          }
        }
        bySet.set(String(Number(transaction.controlNumber)), claims);
      }
  return { bySet, byBillingProvider };
}

/** The claim ids (CLM01) of each transaction set of an 837 we wrote, by ST02. */
export function claimsBySet(content: string): Map<string, number[]> {
  return claimsOfBatch(content).bySet;
}

/** The claim a 277's claim loop names: its patient control number (our CLM01, the claim id). */
export function claimIDOf(...candidates: string[]): number | null {
  for (const candidate of candidates) {
    const value = candidate.trim();
    if (/^\d{1,15}$/.test(value) && Number(value) > 0) return Number(value);
  }
  return null;
}
