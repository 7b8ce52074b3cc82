/**
 * Insurance/getClearingHouseConnections and saveClearingHouseConnection: each clearinghouse's
 * folders and how to reach them. The private key is written here and read only by
 * loadConnection (the transports); no reply, audit row or log line carries it.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as Ssh2 from 'ssh2';
import type { MessageReply } from '../../../contract/auth.ts';
import {
  folderProblem,
  hostKeyProblem,
  hostProblem,
  privateKeyProblem,
  saveClearingHouseConnectionSchema,
  type ClearingHouseConnection,
  type ClearingHouseConnectionsReply,
  type SaveClearingHouseConnectionInput,
} from '../../../contract/clearinghouse.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import { writeAudit } from '../audit/audit.ts';
import type { Actor } from '../context.ts';
import type { ConnectionSettings } from './transport.ts';

// ssh2 is CommonJS whose exports Node cannot name for an ES import: its key parser is required.
const { utils } = createRequire(import.meta.url)('ssh2') as typeof Ssh2;

export const CONNECTION_SAVED = 'Clearinghouse connection saved successfully';

export interface StoredConnection extends ConnectionSettings {
  pollSeconds: number;
  autoPost: boolean;
  active: boolean;
  updatedBy: number | null;
  lastPolledAt: Date | null;
}

const STORED = `SELECT c.clearing_house_id AS "clearingHouseID", h.name, c.transport, c.host, c.port, c.username,
       c.private_key AS "privateKey", c.host_key_fingerprint AS "hostKeyFingerprint", c.outbound_folder AS "outboundFolder", c.inbound_folder AS "inboundFolder",
       c.archive_folder AS "archiveFolder", c.poll_seconds AS "pollSeconds", c.auto_post AS "autoPost", c.active,
       c.updated_by AS "updatedBy", c.last_polled_at AS "lastPolledAt"
  FROM clearing_house_connections c JOIN clearing_houses h ON h.clearing_house_id = c.clearing_house_id`;

function stored(row: StoredConnection): StoredConnection {
  return {
    ...row,
    clearingHouseID: Number(row.clearingHouseID),
    port: Number(row.port),
    pollSeconds: Number(row.pollSeconds),
    updatedBy: row.updatedBy === null ? null : Number(row.updatedBy),
    lastPolledAt: row.lastPolledAt === null ? null : new Date(row.lastPolledAt),
  };
}

/** A clearinghouse's connection with its key, for the transports; null when none is set up. */
export async function loadConnection(q: Queryable, clearingHouseID: number): Promise<StoredConnection | null> {
  const [row] = await q.query<StoredConnection>(`${STORED} WHERE c.clearing_house_id = $1`, [clearingHouseID]);
  return row ? stored(row) : null;
}

/** The active connections, for the collector. */
export async function activeConnections(q: Queryable): Promise<StoredConnection[]> {
  const rows = await q.query<StoredConnection>(`${STORED} WHERE c.active ORDER BY c.clearing_house_id`);
  return rows.map(stored);
}

/** `SHA256:…` of the key's public half, as ssh-keygen -l prints it; null when it cannot be read. */
export function keyFingerprint(privateKey: string): string | null {
  const key = utils.parseKey(privateKey);
  if (key instanceof Error) return null;
  return `SHA256:${createHash('sha256').update(key.getPublicSSH()).digest('base64').replace(/=+$/, '')}`;
}

/**
 * A key as pasted into a one-line field loses its line breaks: the body is put back in lines of
 * 70 characters between its BEGIN and END lines, as ssh-keygen writes it.
 */
export function normaliseKey(text: string): string {
  const match = /^(-----BEGIN [A-Z ]*PRIVATE KEY-----)([\s\S]*?)(-----END [A-Z ]*PRIVATE KEY-----)$/.exec(text.trim());
  if (!match) return text.trim();
  const [, begin, body = '', end] = match;
  const lines = body.split(/\r?\n/).map((line) => line.trim());
  // A PEM key with headers (Proc-Type, DEK-Info) keeps its lines as they are.
  if (lines.some((line) => line.includes(':'))) return `${begin}\n${lines.filter(Boolean).join('\n')}\n${end}\n`;
  const base64 = body.replace(/\s+/g, '');
  return `${begin}\n${(base64.match(/.{1,70}/g) ?? []).join('\n')}\n${end}\n`;
}

export async function clearingHouseConnections(q: Queryable): Promise<ClearingHouseConnectionsReply> {
  const rows = await q.query<{
    clearingHouseID: number;
    name: string;
    configured: boolean;
    transport: 'sftp' | 'local' | null;
    host: string | null;
    port: number | null;
    username: string | null;
    privateKey: string | null;
    hostKeyFingerprint: string | null;
    outboundFolder: string | null;
    inboundFolder: string | null;
    archiveFolder: string | null;
    pollSeconds: number | null;
    autoPost: boolean | null;
    active: boolean | null;
    lastPolledAt: string | null;
    lastPollError: string | null;
    filesTaken: number;
  }>(
    `SELECT h.clearing_house_id AS "clearingHouseID", h.name, c.clearing_house_id IS NOT NULL AS configured, c.transport, c.host, c.port,
            c.username, c.private_key AS "privateKey", c.host_key_fingerprint AS "hostKeyFingerprint", c.outbound_folder AS "outboundFolder", c.inbound_folder AS "inboundFolder",
            c.archive_folder AS "archiveFolder", c.poll_seconds AS "pollSeconds", c.auto_post AS "autoPost", c.active,
            to_char(c.last_polled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastPolledAt", c.last_poll_error AS "lastPollError",
            (SELECT count(*)::int FROM clearing_house_files f WHERE f.clearing_house_id = h.clearing_house_id) AS "filesTaken"
       FROM clearing_houses h LEFT JOIN clearing_house_connections c ON c.clearing_house_id = h.clearing_house_id
      ORDER BY h.name`,
  );
  const connections: ClearingHouseConnection[] = rows.map((row) => ({
    clearingHouseID: Number(row.clearingHouseID),
    name: row.name,
    configured: row.configured,
    transport: row.transport ?? 'sftp',
    host: row.host ?? '',
    port: row.port === null ? 22 : Number(row.port),
    username: row.username ?? '',
    keySet: row.privateKey !== null,
    keyFingerprint: row.privateKey === null ? null : keyFingerprint(row.privateKey),
    hostKeyFingerprint: row.hostKeyFingerprint,
    outboundFolder: row.outboundFolder ?? '',
    inboundFolder: row.inboundFolder ?? '',
    archiveFolder: row.archiveFolder ?? '',
    pollSeconds: row.pollSeconds === null ? 900 : Number(row.pollSeconds),
    autoPost: row.autoPost ?? false,
    active: row.active ?? false,
    lastPolledAt: row.lastPolledAt,
    lastPollError: row.lastPollError,
    filesTaken: Number(row.filesTaken),
  }));
  return { connections };
}

export async function saveClearingHouseConnection(
  db: Db,
  actor: Actor,
  raw: SaveClearingHouseConnectionInput,
): Promise<MessageReply> {
  const input = saveClearingHouseConnectionSchema.parse(raw);
  const problems = [
    input.transport === 'sftp' ? hostProblem(input.host) : null,
    input.transport === 'sftp' && input.username === '' ? 'Name the SFTP user.' : null,
    folderProblem(input.outboundFolder, 'outbound'),
    folderProblem(input.inboundFolder, 'inbound'),
    folderProblem(input.archiveFolder, 'archive'),
    input.inboundFolder === input.archiveFolder ? 'The archive folder must not be the inbound folder.' : null,
    input.privateKey ? privateKeyProblem(input.privateKey) : null,
    input.hostKeyFingerprint ? hostKeyProblem(input.hostKeyFingerprint) : null,
  ].filter((problem): problem is string => problem !== null);
  if (problems.length > 0) throw new BadRequestError(problems.join(' '));
  const newKey = input.privateKey?.trim() ? normaliseKey(input.privateKey) : null;
  const hostKey = input.hostKeyFingerprint?.trim() ? input.hostKeyFingerprint.trim() : null;
  if (newKey !== null && keyFingerprint(newKey) === null)
    throw new BadRequestError(
      'The private key cannot be read: give an unencrypted OpenSSH or PEM key (ssh-keygen -t ed25519 -N "").',
    );
  return db.transaction(async (tx) => {
    const [house] = await tx.query<{ name: string }>('SELECT name FROM clearing_houses WHERE clearing_house_id = $1', [
      input.clearingHouseID,
    ]);
    if (!house) throw new NotFoundError('Clearinghouse not found.');
    const [before] = await tx.query<Record<string, unknown> & { keySet: boolean }>(
      `SELECT transport, host, port, username, outbound_folder AS "outboundFolder", inbound_folder AS "inboundFolder",
              archive_folder AS "archiveFolder", poll_seconds AS "pollSeconds", auto_post AS "autoPost", active,
              private_key IS NOT NULL AS "keySet", host_key_fingerprint AS "hostKeyFingerprint"
         FROM clearing_house_connections WHERE clearing_house_id = $1 FOR UPDATE`,
      [input.clearingHouseID],
    );
    if (input.transport === 'sftp' && newKey === null && !before?.keySet)
      throw new BadRequestError('Paste the private key the clearinghouse knows for this user.');
    await tx.query(
      `INSERT INTO clearing_house_connections (clearing_house_id, transport, host, port, username, private_key, outbound_folder,
                                               inbound_folder, archive_folder, poll_seconds, auto_post, active, updated_by,
                                               host_key_fingerprint, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, now())
       ON CONFLICT (clearing_house_id) DO UPDATE SET transport = excluded.transport, host = excluded.host, port = excluded.port,
         username = excluded.username, private_key = coalesce(excluded.private_key, clearing_house_connections.private_key),
         host_key_fingerprint = coalesce(excluded.host_key_fingerprint, clearing_house_connections.host_key_fingerprint),
         outbound_folder = excluded.outbound_folder, inbound_folder = excluded.inbound_folder, archive_folder = excluded.archive_folder,
         poll_seconds = excluded.poll_seconds, auto_post = excluded.auto_post, active = excluded.active,
         updated_by = excluded.updated_by, updated_at = now(), last_poll_error = NULL`,
      [
        input.clearingHouseID,
        input.transport,
        input.host,
        input.port,
        input.username,
        newKey,
        input.outboundFolder,
        input.inboundFolder,
        input.archiveFolder,
        input.pollSeconds,
        input.autoPost,
        input.active,
        actor.userId,
        hostKey,
      ],
    );
    const { privateKey: _key, clearingHouseID: _id, ...after } = input;
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'clearinghouse.connection.save',
      recordType: 'clearing_house',
      recordId: input.clearingHouseID,
      source: actor.source,
      ip: actor.ip,
      // Whether the key changed, never the key.
      detail: { before: before ?? null, after: { ...after, hostKeyFingerprint: hostKey, keyChanged: newKey !== null } },
    });
    return { message: CONNECTION_SAVED };
  });
}
