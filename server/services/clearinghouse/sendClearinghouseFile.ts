/**
 * Files to a clearinghouse: sendClearinghouseFile puts one file in its outbound folder (a 276
 * status inquiry, an 837); sendSubmissionBatches sends the 837 of each batch whose payer is billed
 * through a clearinghouse with a connection, and records on the batch the name and time, or why
 * it did not go. A batch whose payer has no clearinghouse connection stays to be downloaded.
 */
import type { Db } from '../../db/types.ts';
import { NotFoundError } from '../../errors.ts';
import { loadConnection } from './connections.ts';
import {
  ClearinghouseConnectionError,
  isPlainFileName,
  openTransport,
  withSession,
  type OpenTransport,
} from './transport.ts';

export interface Sent {
  fileName: string;
  sentAt: Date;
}

/** Puts `text` in the clearinghouse's outbound folder as `fileName` (written as .part, then renamed). */
export async function sendClearinghouseFile(
  db: Db,
  clearinghouseId: number,
  fileName: string,
  text: string,
  open: OpenTransport = openTransport,
): Promise<Sent> {
  if (!isPlainFileName(fileName))
    throw new ClearinghouseConnectionError(`The file name ${fileName} cannot be sent: letters, digits, dots, dashes.`);
  const connection = await loadConnection(db, clearinghouseId);
  if (!connection) throw new ClearinghouseConnectionError('No connection is set up for this clearinghouse.');
  if (!connection.active)
    throw new ClearinghouseConnectionError(`The connection to ${connection.name} is switched off.`);
  await withSession(connection, (session) => session.upload(connection.outboundFolder, fileName, text), open);
  return { fileName, sentAt: new Date() };
}

export interface BatchSent {
  submissionBatchID: number;
  clearingHouseName: string | null;
  sent: boolean;
  error: string | null;
}

/**
 * Sends each batch's 837 to its payer's clearinghouse. A batch already sent is not sent again.
 * A failure is recorded on the batch (status "send failed" and the reason) and changes nothing else.
 */
export async function sendSubmissionBatches(
  db: Db,
  batchIDs: readonly number[],
  open: OpenTransport = openTransport,
): Promise<BatchSent[]> {
  const results: BatchSent[] = [];
  for (const submissionBatchID of batchIDs) {
    const [batch] = await db.query<{
      fileName: string;
      content: string;
      clearingHouseID: number | null;
      clearingHouseName: string | null;
      connected: boolean;
      sentAt: Date | null;
    }>(
      `SELECT b.file_name AS "fileName", b.content, ins.clearing_house_id AS "clearingHouseID", h.name AS "clearingHouseName",
              c.clearing_house_id IS NOT NULL AS connected, b.sent_at AS "sentAt"
         FROM submission_batches b JOIN insurances ins ON ins.insurance_id = b.insurance_id
         LEFT JOIN clearing_houses h ON h.clearing_house_id = ins.clearing_house_id
         LEFT JOIN clearing_house_connections c ON c.clearing_house_id = ins.clearing_house_id AND c.active
        WHERE b.submission_batch_id = $1`,
      [submissionBatchID],
    );
    if (!batch) throw new NotFoundError('Submission batch not found.');
    if (batch.sentAt !== null) {
      results.push({ submissionBatchID, clearingHouseName: batch.clearingHouseName, sent: true, error: null });
      continue;
    }
    if (batch.clearingHouseID === null || !batch.connected) {
      results.push({ submissionBatchID, clearingHouseName: batch.clearingHouseName, sent: false, error: null });
      continue;
    }
    const clearingHouseID = Number(batch.clearingHouseID);
    try {
      const sent = await sendClearinghouseFile(db, clearingHouseID, batch.fileName, batch.content, open);
      await db.query(
        `UPDATE submission_batches SET status = 'sent', clearing_house_id = $2, sent_file_name = $3, sent_at = $4, send_error = NULL
          WHERE submission_batch_id = $1 AND sent_at IS NULL`,
        [submissionBatchID, clearingHouseID, sent.fileName, sent.sentAt],
      );
      results.push({ submissionBatchID, clearingHouseName: batch.clearingHouseName, sent: true, error: null });
    } catch (error) {
      if (!(error instanceof ClearinghouseConnectionError)) throw error;
      await db.query(
        `UPDATE submission_batches SET status = 'send failed', clearing_house_id = $2, send_error = $3
          WHERE submission_batch_id = $1 AND sent_at IS NULL`,
        [submissionBatchID, clearingHouseID, error.message.slice(0, 2000)],
      );
      results.push({
        submissionBatchID,
        clearingHouseName: batch.clearingHouseName,
        sent: false,
        error: error.message,
      });
    }
  }
  return results;
}
