/** One open connection to a clearinghouse's folders, as every transport gives it (transport.ts opens one). */
import type { ClearinghouseTransportKind } from '../../../contract/clearinghouse.ts';

export interface ConnectionSettings {
  clearingHouseID: number;
  name: string;
  transport: ClearinghouseTransportKind;
  host: string;
  port: number;
  username: string;
  privateKey: string | null;
  /** The SFTP server's host key trusted (SHA256:…); null: none yet, so an SFTP connection is refused. */
  hostKeyFingerprint: string | null;
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

/** A file name the product writes or takes: no folder parts, no hidden files. */
export function isPlainFileName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name) && !name.endsWith('.part');
}
