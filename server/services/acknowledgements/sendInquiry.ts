/**
 * Sending a 276 on its way. Until the product sends files to clearinghouses, an inquiry stays
 * ready: the biller downloads it (AbilityApiIntegration/getAbilityStatusData) and sends it.
 */
import type { Db } from '../../db/types.ts';

export interface InquirySent {
  state: 'ready' | 'sent' | 'failed';
  error: string | null;
}

export function sendInquiry(
  _db: Db,
  _inquiryID: number,
  _fileName: string,
  _content: string,
  _now: Date,
): Promise<InquirySent> {
  return Promise.resolve({ state: 'ready', error: null });
}
