/**
 * How the product reaches a clearinghouse's folders: SFTP in production and in the tests (a real
 * OpenSSH server), a folder on this machine for the demo. The services see only ClearinghouseSession.
 */
import { localTransport } from './localTransport.ts';
import type { ClearinghouseSession, ConnectionSettings } from './session.ts';
import { sftpTransport } from './sftpTransport.ts';

export {
  ClearinghouseConnectionError,
  isPlainFileName,
  type ClearinghouseSession,
  type ConnectionSettings,
} from './session.ts';

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
