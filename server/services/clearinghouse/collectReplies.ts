/**
 * Collects a clearinghouse's replies: lists its inbound folder and takes each file not yet taken,
 * once, whichever server process gets there first (the row in clearing_house_files is the claim),
 * keeps its text, moves it to the archive folder and hands it to receiveClearinghouseFile.
 */
import { hostname } from 'node:os';
import type { CollectedFile } from '../../../contract/clearinghouse.ts';
import type { Db } from '../../db/types.ts';
import { activeConnections, loadConnection, type StoredConnection } from './connections.ts';
import { receiveClearinghouseFile } from './receiveClearinghouseFile.ts';
import { ClearinghouseConnectionError, openTransport, withSession, type OpenTransport } from './transport.ts';

/** A claim on a file left by a process that died before it read the file is taken over after this long. */
export const STALE_CLAIM_MINUTES = 10;

/** This process, as the claims name it. */
const PROCESS = `${hostname()}:${process.pid}`;

export interface CollectOptions {
  /** The user who asked; by default the files are read as the one who last saved the connection. */
  userId?: number | null;
  now?: () => Date;
  open?: OpenTransport;
  /** Names this collector in its claims (tests run two in one process). */
  collector?: string;
}

export interface Collection {
  files: CollectedFile[];
  errors: string[];
}

async function collectOne(db: Db, connection: StoredConnection, options: CollectOptions): Promise<CollectedFile[]> {
  const now = options.now ?? (() => new Date());
  const collector = options.collector ?? PROCESS;
  const taken: CollectedFile[] = [];
  await withSession(
    connection,
    async (session) => {
      const names = await session.list(connection.inboundFolder);
      for (const fileName of names) {
        const [claim] = await db.query<{ content: string | null }>(
          `INSERT INTO clearing_house_files (clearing_house_id, file_name, claimed_at, claimed_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (clearing_house_id, file_name) DO UPDATE SET claimed_at = excluded.claimed_at, claimed_by = excluded.claimed_by
             WHERE clearing_house_files.state = 'claimed' AND clearing_house_files.claimed_at < $3::timestamptz - make_interval(mins => $5)
           RETURNING content`,
          [connection.clearingHouseID, fileName, now(), collector, STALE_CLAIM_MINUTES],
        );
        if (!claim) continue;
        let text = claim.content;
        if (text === null) {
          try {
            text = await session.download(connection.inboundFolder, fileName);
          } catch (error) {
            // Not taken after all: the next collection tries the file again.
            await db.query(
              `DELETE FROM clearing_house_files WHERE clearing_house_id = $1 AND file_name = $2 AND claimed_by = $3 AND state = 'claimed'`,
              [connection.clearingHouseID, fileName, collector],
            );
            throw error;
          }
          await db.query(
            'UPDATE clearing_house_files SET content = $3, bytes = $4 WHERE clearing_house_id = $1 AND file_name = $2',
            [connection.clearingHouseID, fileName, text, Buffer.byteLength(text)],
          );
        }
        let archiveNote = '';
        try {
          await session.move(fileName, connection.inboundFolder, connection.archiveFolder);
        } catch (error) {
          // The file is kept in the database and never taken again; it only stays in the inbound folder.
          archiveNote = ` (not archived: ${error instanceof Error ? error.message : String(error)})`;
        }
        const received = await receiveClearinghouseFile(
          db,
          { clearinghouseId: connection.clearingHouseID, fileName, text },
          { userId: options.userId ?? null, now: now() },
        );
        await db.query(
          `UPDATE clearing_house_files SET state = $3, transaction_set = $4, detail = $5, read_at = $6
            WHERE clearing_house_id = $1 AND file_name = $2`,
          [
            connection.clearingHouseID,
            fileName,
            received.outcome === 'failed' ? 'failed' : 'read',
            received.transactionSet,
            `${received.outcome}: ${received.detail}${archiveNote}`.slice(0, 2000),
            now(),
          ],
        );
        taken.push({
          clearingHouseName: connection.name,
          fileName,
          transactionSet: received.transactionSet,
          outcome: received.outcome,
          detail: received.detail + archiveNote,
        });
      }
    },
    options.open ?? openTransport,
  );
  return taken;
}

/**
 * Collects from one clearinghouse, or from every active one. A clearinghouse that cannot be
 * reached is named in `errors` and on its connection (last poll error); nothing of it is taken.
 */
export async function collectClearinghouseReplies(
  db: Db,
  clearingHouseID: number | null,
  options: CollectOptions = {},
): Promise<Collection> {
  const now = options.now ?? (() => new Date());
  let connections: StoredConnection[];
  if (clearingHouseID === null) connections = await activeConnections(db);
  else {
    const one = await loadConnection(db, clearingHouseID);
    if (!one) throw new ClearinghouseConnectionError('No connection is set up for this clearinghouse.');
    if (!one.active) throw new ClearinghouseConnectionError(`The connection to ${one.name} is switched off.`);
    connections = [one];
  }
  const files: CollectedFile[] = [];
  const errors: string[] = [];
  for (const connection of connections) {
    let error: string | null = null;
    try {
      files.push(...(await collectOne(db, connection, options)));
    } catch (thrown) {
      if (!(thrown instanceof ClearinghouseConnectionError)) throw thrown;
      error = thrown.message;
      errors.push(error);
    }
    await db.query(
      'UPDATE clearing_house_connections SET last_polled_at = $2, last_poll_error = $3 WHERE clearing_house_id = $1',
      [connection.clearingHouseID, now(), error],
    );
  }
  return { files, errors };
}

/** The connections whose poll interval has passed since their last collection. */
export async function dueConnections(db: Db, now: Date): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT clearing_house_id AS id FROM clearing_house_connections
      WHERE active AND (last_polled_at IS NULL OR last_polled_at <= $1::timestamptz - make_interval(secs => poll_seconds))
      ORDER BY clearing_house_id`,
    [now],
  );
  return rows.map((row) => Number(row.id));
}

/** One tick of the background collector: every connection that is due. */
export async function collectDueReplies(db: Db, now: () => Date, open?: OpenTransport): Promise<Collection> {
  const files: CollectedFile[] = [];
  const errors: string[] = [];
  for (const id of await dueConnections(db, now())) {
    const collection = await collectClearinghouseReplies(db, id, { now, ...(open ? { open } : {}) });
    files.push(...collection.files);
    errors.push(...collection.errors);
  }
  return { files, errors };
}
