/**
 * The demo's clearinghouse: the payer simulator behind folders on this machine (a "local folder"
 * connection), so `npm start` runs the whole cycle: a submitted batch lands in the outbound
 * folder, the simulator answers with a 999 and a 277CA and later an 835, the server collects them
 * and posts the remittance. Set up once; an administrator's later changes are kept.
 */
import { join } from 'node:path';
import type { Queryable } from '../../db/types.ts';

export const DEMO_CLEARING_HOUSE_ID = 99;
export const DEMO_CLEARING_HOUSE_NAME = 'Demo clearinghouse (payer simulator)';

export interface DemoClearinghouseFolders {
  outbound: string;
  inbound: string;
  archive: string;
  /** Where the simulator moves the 837s it has read. */
  done: string;
}

export function demoClearinghouseFolders(dataDir: string): DemoClearinghouseFolders {
  const root = join(dataDir, 'clearinghouse');
  return {
    outbound: join(root, 'outbound'),
    inbound: join(root, 'inbound'),
    archive: join(root, 'archive'),
    done: join(root, 'simulator-done'),
  };
}

/** Its four folders, to create. */
export const allDemoFolders = (folders: DemoClearinghouseFolders): string[] => [
  folders.outbound,
  folders.inbound,
  folders.archive,
  folders.done,
];

/** Sets up the demo clearinghouse when it is not there yet; its payers are billed through it. Returns whether it was new. */
export async function setDemoClearinghouse(
  q: Queryable,
  folders: DemoClearinghouseFolders,
  demoEmail: string,
): Promise<boolean> {
  await q.query('INSERT INTO clearing_houses (clearing_house_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    DEMO_CLEARING_HOUSE_ID,
    DEMO_CLEARING_HOUSE_NAME,
  ]);
  const created = await q.query(
    `INSERT INTO clearing_house_connections (clearing_house_id, transport, outbound_folder, inbound_folder, archive_folder,
                                             poll_seconds, auto_post, updated_by)
     SELECT $1, 'local', $2, $3, $4, 10, true, (SELECT user_id FROM users WHERE email = $5)
     ON CONFLICT (clearing_house_id) DO NOTHING RETURNING clearing_house_id`,
    [DEMO_CLEARING_HOUSE_ID, folders.outbound, folders.inbound, folders.archive, demoEmail],
  );
  if (created.length === 0) return false;
  await q.query(
    `UPDATE insurances SET clearing_house_id = $1
      WHERE clearing_house_id IS NULL AND payer_id IS NOT NULL AND insurance_type <> 'self_pay'`,
    [DEMO_CLEARING_HOUSE_ID],
  );
  return true;
}
