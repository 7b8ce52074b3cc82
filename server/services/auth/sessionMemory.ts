/**
 * Sessions a server process answers from memory. A request's session check was the heaviest of
 * its round trips (the user, role, menus and data role's practices, joined); remembered, it is one
 * read of two counters. An entry holds only while the access epoch read with it is still current
 * (migration 0030: every revocation and every change to a user's access moves it, at commit), so
 * another process's sign-out or an administrator's change is seen by the very next request here.
 * It never stands in for the checks that write: a session due its once-a-minute activity mark,
 * or near its idle or absolute end, is read from the database as before.
 */
import { preparedStatement } from '../../db/prepared.ts';
import type { Queryable } from '../../db/types.ts';

/** The session as read from the database, with the epoch of that read. */
export interface RememberedSession<Row> {
  row: Row;
  epoch: number;
}

/** Enough for every signed-in user of a large billing company; the oldest go first. */
const MOST_REMEMBERED = 20_000;

const memories = new WeakMap<Queryable, Map<string, RememberedSession<unknown>>>();

function memoryOf(db: Queryable): Map<string, RememberedSession<unknown>> {
  let memory = memories.get(db);
  if (!memory) {
    memory = new Map();
    memories.set(db, memory);
  }
  return memory;
}

export function recall<Row>(db: Queryable, tokenHash: string): RememberedSession<Row> | undefined {
  return memoryOf(db).get(tokenHash) as RememberedSession<Row> | undefined;
}

export function remember<Row>(db: Queryable, tokenHash: string, session: RememberedSession<Row>): void {
  const memory = memoryOf(db);
  memory.delete(tokenHash);
  memory.set(tokenHash, session);
  if (memory.size > MOST_REMEMBERED) {
    const oldest = memory.keys().next().value;
    if (oldest !== undefined) memory.delete(oldest);
  }
}

export function forget(db: Queryable, tokenHash: string): void {
  memoryOf(db).delete(tokenHash);
}

const CURRENT_EPOCHS = preparedStatement(
  'current-epochs',
  `SELECT (SELECT epoch FROM access_epoch) AS access_epoch,
          (SELECT last_value FROM claims_change_seq) AS claims_version`,
);

/** The access epoch and the claims' change number, read together in one round trip. */
export async function currentEpochs(db: Queryable): Promise<{ accessEpoch: number; claimsVersion: number }> {
  const [row] = await db.query<{ access_epoch: number | string; claims_version: number | string }>(CURRENT_EPOCHS);
  return { accessEpoch: Number(row?.access_epoch ?? 0), claimsVersion: Number(row?.claims_version ?? 0) };
}
