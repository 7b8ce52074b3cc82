/**
 * Sending a 276 on its way: through the clearinghouse its payer is billed through, when a
 * connection to it is set up and on; the 277 that answers comes back with the clearinghouse's
 * other replies and is applied by applyAcknowledgementFile. Otherwise the inquiry stays ready to
 * download (AbilityApiIntegration/getAbilityStatusData), and a failed send says why on it.
 */
import type { Db } from '../../db/types.ts';
import { sendClearinghouseFile } from '../clearinghouse/sendClearinghouseFile.ts';
import { ClearinghouseConnectionError, openTransport, type OpenTransport } from '../clearinghouse/transport.ts';

export interface InquirySent {
  state: 'ready' | 'sent' | 'failed';
  error: string | null;
}

export async function sendInquiry(
  db: Db,
  inquiryID: number,
  fileName: string,
  content: string,
  now: Date,
  open: OpenTransport = openTransport,
): Promise<InquirySent> {
  const [route] = await db.query<{ clearingHouseID: number | null; connected: boolean }>(
    `SELECT ins.clearing_house_id AS "clearingHouseID", c.clearing_house_id IS NOT NULL AS connected
       FROM claim_status_inquiries i JOIN insurances ins ON ins.insurance_id = i.insurance_id
       LEFT JOIN clearing_house_connections c ON c.clearing_house_id = ins.clearing_house_id AND c.active
      WHERE i.claim_status_inquiry_id = $1`,
    [inquiryID],
  );
  if (!route || route.clearingHouseID === null || !route.connected) return { state: 'ready', error: null };
  const clearingHouseID = Number(route.clearingHouseID);
  try {
    await sendClearinghouseFile(db, clearingHouseID, fileName, content, open);
    await db.query(
      `UPDATE claim_status_inquiries SET state = 'sent', clearing_house_id = $2, sent_at = $3, send_error = NULL
        WHERE claim_status_inquiry_id = $1 AND state IN ('ready', 'failed')`,
      [inquiryID, clearingHouseID, now],
    );
    return { state: 'sent', error: null };
  } catch (error) {
    if (!(error instanceof ClearinghouseConnectionError)) throw error;
    await db.query(
      `UPDATE claim_status_inquiries SET state = 'failed', clearing_house_id = $2, send_error = $3
        WHERE claim_status_inquiry_id = $1 AND state IN ('ready', 'failed')`,
      [inquiryID, clearingHouseID, error.message.slice(0, 2000)],
    );
    return { state: 'failed', error: error.message };
  }
}
