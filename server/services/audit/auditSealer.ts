import type { Db } from '../../db/types.ts';
import { repeatInBackground } from '../repeatInBackground.ts';
import { sealAuditChain } from './auditChain.ts';

/**
 * Seals the audit chain every `everySeconds` in the background (one process at a time does the
 * work); returns the stop. A failed sealing is logged and tried again at the next tick.
 */
export function startAuditSealer(db: Db, everySeconds: number, log: (error: unknown) => void): () => void {
  return repeatInBackground(everySeconds, () => sealAuditChain(db), log);
}
