/**
 * A clearinghouse's folders over SFTP (ssh2-sftp-client), signed in with the connection's private
 * key, only to a server whose host key is the one the connection trusts. Errors are reworded to
 * name the clearinghouse, host and step, never the key.
 */
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import {
  ClearinghouseConnectionError,
  isPlainFileName,
  type ClearinghouseSession,
  type ConnectionSettings,
} from './session.ts';

/** Seconds to reach the server and sign in before giving up. */
const READY_TIMEOUT_MS = 15_000;

/** The library's message without its call prefixes ("connect: getConnection: ..."), or the error's code. */
function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const plain = message.replace(/^(\w+(->|: ))+/, '').trim();
  return plain === '' ? 'failed' : plain;
}

/** `SHA256:…` of a host key as the server sends it, as `ssh-keygen -l` prints it. */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

export async function sftpTransport(settings: ConnectionSettings): Promise<ClearinghouseSession> {
  const where = `${settings.name} (${settings.host}:${settings.port})`;
  if (!settings.privateKey)
    throw new ClearinghouseConnectionError(`${where}: no private key is set; set one on the Clearinghouses screen.`);
  if (settings.host.trim() === '' || settings.username.trim() === '')
    throw new ClearinghouseConnectionError(`${where}: the host and the user must be set.`);
  const trusted = settings.hostKeyFingerprint;
  // Set by the host key check during connect (an object, so the check's write is seen after it).
  const seen: { offered: string | null } = { offered: null };
  const client = new SftpClient(`clearinghouse-${settings.clearingHouseID}`);
  // The client re-emits the connection's late errors (a reset after a failed sign-in): they are answered by the calls.
  client.on('error', () => undefined);
  try {
    await client.connect({
      host: settings.host,
      port: settings.port,
      username: settings.username,
      privateKey: settings.privateKey,
      readyTimeout: READY_TIMEOUT_MS,
      // Our 837s carry patients' data: they go only to the server the clearinghouse named, never to one in its place.
      hostVerifier: (key: Buffer) => {
        seen.offered = hostKeyFingerprint(key);
        return trusted !== null && seen.offered === trusted;
      },
      // One try: a collection runs again at the next poll.
      retries: 0,
    });
  } catch (error) {
    await client.end().catch(() => undefined);
    const { offered } = seen;
    if (offered !== null && offered !== trusted)
      throw new ClearinghouseConnectionError(
        trusted === null
          ? `Did not connect to ${where}: its host key is not confirmed yet. The server offered ${offered}; check it with the clearinghouse and set it on the Clearinghouses screen.`
          : `Did not connect to ${where}: the server offered the host key ${offered}, not the one set (${trusted}). Nothing was sent; if the clearinghouse changed its key, check the new one with them and set it.`,
      );
    const why = reason(error);
    const words = /authentication methods failed/i.test(why)
      ? `the server refused the key for user ${settings.username} (${why})`
      : /cannot parse privatekey|unsupported key format|encrypted private/i.test(why)
        ? `the private key cannot be read (${why.replace(/privateKey/g, 'key')})`
        : /refused connection|ECONNREFUSED/i.test(why)
          ? 'nothing answers on that host and port (connection refused)'
          : /timed out/i.test(why)
            ? 'the server did not answer in time'
            : why;
    throw new ClearinghouseConnectionError(`Could not connect to ${where}: ${words}.`);
  }
  const step = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new ClearinghouseConnectionError(`${where}: ${what}: ${reason(error)}`);
    }
  };
  return {
    upload: (folder, name, text) =>
      step(`the file ${name} could not be put in ${folder}`, async () => {
        const final = posix.join(folder, name);
        const part = `${final}.part`;
        await client.put(Buffer.from(text, 'utf8'), part);
        await client.rename(part, final);
      }),
    list: (folder) =>
      step(`the folder ${folder} could not be listed`, async () =>
        (await client.list(folder))
          .filter((entry) => entry.type === '-' && isPlainFileName(entry.name))
          .map((entry) => entry.name)
          .sort(),
      ),
    download: (folder, name) =>
      step(`the file ${name} could not be read from ${folder}`, async () => {
        const content = await client.get(posix.join(folder, name));
        if (Buffer.isBuffer(content)) return content.toString('utf8');
        if (typeof content === 'string') return content;
        throw new Error('the server sent no content');
      }),
    move: (name, from, to) =>
      step(`the file ${name} could not be moved to ${to}`, async () => {
        // OpenSSH's posix-rename replaces a file of the same name in the archive; plain SFTP rename would refuse.
        await client.posixRename(posix.join(from, name), posix.join(to, name));
      }),
    end: async () => {
      await client.end();
    },
  };
}
