/**
 * How the product reaches a clearinghouse's folders: SFTP in production and in the tests (a real
 * OpenSSH server), a folder on this machine for the demo. The services see only this interface.
 */
import type { ClearinghouseTransportKind } from '../../../contract/clearinghouse.ts';
import { localTransport } from './localTransport.ts';
import { sftpTransport } from './sftpTransport.ts';

export interface ConnectionSettings {
  clearingHouseID: number;
  name: string;
  transport: ClearinghouseTransportKind;
  host: string;
  port: number;
  username: string;
  privateKey: string | null;
  outboundFolder: string;
  inboundFolder: string;
  archiveFolder: string;
}

/** One open connection to a clearinghouse's folders; end() closes it. */
export interface ClearinghouseSession {
  /** Writes `name.part`, then renames it to `name`: the other side never sees half a file. */
  upload(folder: string, name: string, text: string): Promise<void>;
  /** The names of the files in a folder (no folders, no `.part` files still being written), sorted. */
  list(folder: string): Promise<string[]>;
  download(folder: string, name: string): Promise<string>;
  /** Moves a file to another folder under the same name (a file already there under it is replaced). */
  move(name: string, from: string, to: string): Promise<void>;
  end(): Promise<void>;
}

/** A clearinghouse that cannot be reached or refused us, in words that never hold the key. */
export class ClearinghouseConnectionError extends Error {
  override name = 'ClearinghouseConnectionError';
}

export type OpenTransport = (settings: ConnectionSettings) => Promise<ClearinghouseSession>;

export const openTransport: OpenTransport = (settings) =>
  settings.transport === 'local' ? localTransport() : sftpTransport(settings);

/** Opens, runs `work`, and always closes. */
export async function withSession<T>(
  settings: ConnectionSettings,
  work: (session: ClearinghouseSession) => Promise<T>,
  open: OpenTransport = openTransport,
): Promise<T> {
  const session = await open(settings);
  try {
    return await work(session);
  } finally {
    await session.end().catch(() => undefined);
  }
}

/** A file name the product writes or takes: no folder parts, no hidden files. */
export function isPlainFileName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name) && !name.endsWith('.part');
}
