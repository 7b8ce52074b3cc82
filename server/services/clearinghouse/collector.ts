/**
 * The background collection of clearinghouse replies: every `everySeconds`, each active
 * connection whose own poll interval has passed is collected (repeatInBackground: one run at a
 * time, a failure logged and tried again).
 */
import type { Db } from '../../db/types.ts';
import { repeatInBackground } from '../repeatInBackground.ts';
import { collectDueReplies } from './collectReplies.ts';

export function startClearinghouseCollector(
  db: Db,
  everySeconds: number,
  log: (error: unknown) => void,
  now: () => Date = () => new Date(),
): () => void {
  return repeatInBackground(everySeconds, () => collectDueReplies(db, now), log);
}
