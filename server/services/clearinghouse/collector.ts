/**
 * The background collection of clearinghouse replies: every `everySeconds`, each active
 * connection whose own poll interval has passed is collected (repeatInBackground: one run at a
 * time, a failure logged and tried again). A clearinghouse that cannot be reached is logged with
 * its reason (which never holds the key) and kept on its connection for the Clearinghouses screen.
 */
import type { Db } from '../../db/types.ts';
import { repeatInBackground } from '../repeatInBackground.ts';
import { collectDueReplies } from './collectReplies.ts';
import { ClearinghouseConnectionError } from './session.ts';

export function startClearinghouseCollector(
  db: Db,
  everySeconds: number,
  log: (error: unknown) => void,
  now: () => Date = () => new Date(),
): () => void {
  return repeatInBackground(
    everySeconds,
    async () => {
      const collection = await collectDueReplies(db, now);
      for (const reason of collection.errors) log(new ClearinghouseConnectionError(reason));
    },
    log,
  );
}
