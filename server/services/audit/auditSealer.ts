import type { Db } from '../../db/types.ts';
import { sealAuditChain } from './auditChain.ts';

/**
 * Seals the audit chain every `everySeconds` in the background (one process at a time does the
 * work); returns the stop. A failed sealing is logged and tried again at the next tick.
 */
export function startAuditSealer(db: Db, everySeconds: number, log: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sealAuditChain(db)
      .catch(log)
      .finally(() => {
        running = false;
      });
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
