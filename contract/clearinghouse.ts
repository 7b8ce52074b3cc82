/**
 * Clearinghouse connections: where a clearinghouse takes our 837 files (outbound folder) and
 * leaves its replies (inbound folder), reached over SFTP (or a local folder, for the demo).
 * The private key goes to the server and never comes back: the settings say only whether one is
 * set and its public key's fingerprint.
 */
import { z } from 'zod';
import { deferred } from './deferred.ts';
import { numeric } from './scalars.ts';

const clearingHouseID = numeric(z.number().int().positive().max(32_767));

export const CLEARINGHOUSE_TRANSPORTS = ['sftp', 'local'] as const;
export type ClearinghouseTransportKind = (typeof CLEARINGHOUSE_TRANSPORTS)[number];
export const MIN_POLL_SECONDS = 10;
export const MAX_POLL_SECONDS = 86_400;

/** A folder on the clearinghouse's server, or why not (the palette asks the same before it sends). */
export function folderProblem(value: string, what: string): string | null {
  const folder = value.trim();
  if (folder === '') return `Name the ${what} folder.`;
  if (folder.length > 400) return `The ${what} folder is at most 400 characters.`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(folder)) return `The ${what} folder has a control character.`;
  if (folder.split(/[\\/]/).includes('..')) return `The ${what} folder may not climb with "..".`;
  return null;
}

/** A host name or address, or why not. */
export function hostProblem(value: string): string | null {
  const host = value.trim();
  if (host === '') return 'Name the SFTP host.';
  if (host.length > 253) return 'A host name is at most 253 characters.';
  return /^[A-Za-z0-9._:[\]-]+$/.test(host) ? null : 'A host is a name or an address: letters, digits, dots, dashes.';
}

/** An OpenSSH or PEM private key as pasted (line breaks may have been lost), or why not. */
export function privateKeyProblem(value: string): string | null {
  const key = value.trim();
  if (key === '') return null;
  if (!/^-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key) || !/-----END [A-Z ]*PRIVATE KEY-----$/.test(key))
    return 'Paste the whole private key, from -----BEGIN … PRIVATE KEY----- to -----END … PRIVATE KEY-----.';
  return null;
}

/** A host key fingerprint as `ssh-keygen -l` prints it (SHA256: and 43 characters), or why not; empty is none given. */
export function hostKeyProblem(value: string): string | null {
  const fingerprint = value.trim();
  if (fingerprint === '') return null;
  return /^SHA256:[A-Za-z0-9+/]{43}$/.test(fingerprint)
    ? null
    : "A host key fingerprint is SHA256: and 43 characters, as ssh-keygen -l prints it (ask the clearinghouse for its server's).";
}

export const clearingHouseConnectionSchema = deferred(() =>
  z.object({
    clearingHouseID: z.number().int(),
    name: z.string(),
    /** Whether a connection is set up at all; the fields below are defaults when it is not. */
    configured: z.boolean(),
    transport: z.enum(CLEARINGHOUSE_TRANSPORTS),
    host: z.string(),
    port: z.number().int(),
    username: z.string(),
    keySet: z.boolean(),
    /** SHA256:… of the key's public half, as `ssh-keygen -l` prints it. */
    keyFingerprint: z.string().nullable(),
    /** The SFTP server's host key the connection trusts (SHA256:…); null: none set yet, so it connects to nobody. */
    hostKeyFingerprint: z.string().nullable(),
    outboundFolder: z.string(),
    inboundFolder: z.string(),
    archiveFolder: z.string(),
    pollSeconds: z.number().int(),
    autoPost: z.boolean(),
    active: z.boolean(),
    lastPolledAt: z.string().nullable(),
    lastPollError: z.string().nullable(),
    filesTaken: z.number().int(),
  }),
);
export type ClearingHouseConnection = z.infer<typeof clearingHouseConnectionSchema>;

export const clearingHouseConnectionsReplySchema = deferred(() =>
  z.object({ connections: z.array(clearingHouseConnectionSchema) }),
);
export type ClearingHouseConnectionsReply = z.infer<typeof clearingHouseConnectionsReplySchema>;

export const saveClearingHouseConnectionSchema = deferred(() =>
  z
    .object({
      clearingHouseID,
      transport: z.enum(CLEARINGHOUSE_TRANSPORTS).default('sftp'),
      host: z.string().trim().max(253).default(''),
      port: numeric(z.number().int().min(1, 'A port is 1 to 65535.').max(65_535, 'A port is 1 to 65535.')).default(22),
      username: z.string().trim().max(100).default(''),
      /** Absent or empty: the key already set is kept. */
      privateKey: z.string().max(20_000).optional(),
      /** Absent or empty: the host key already trusted is kept. */
      hostKeyFingerprint: z.string().trim().max(100).optional(),
      outboundFolder: z.string().trim().max(400),
      inboundFolder: z.string().trim().max(400),
      archiveFolder: z.string().trim().max(400),
      pollSeconds: numeric(
        z
          .number()
          .int()
          .min(MIN_POLL_SECONDS, `Poll at most every ${MIN_POLL_SECONDS} seconds.`)
          .max(MAX_POLL_SECONDS, 'Poll at least once a day (86400 seconds).'),
      ).default(900),
      autoPost: z.boolean().default(false),
      active: z.boolean().default(true),
    })
    .strict(),
);
export type SaveClearingHouseConnectionInput = z.input<typeof saveClearingHouseConnectionSchema>;

export const collectClearingHouseRepliesSchema = deferred(() =>
  z.object({ clearingHouseID: clearingHouseID.optional() }).strict(),
);

export const collectedFileSchema = deferred(() =>
  z.object({
    clearingHouseName: z.string(),
    fileName: z.string(),
    transactionSet: z.string().nullable(),
    outcome: z.enum(['read', 'not read', 'failed']),
    detail: z.string(),
  }),
);
export type CollectedFile = z.infer<typeof collectedFileSchema>;

export const collectClearingHouseRepliesReplySchema = deferred(() =>
  z.object({
    message: z.string(),
    files: z.array(collectedFileSchema),
    /** A clearinghouse that could not be reached, in words. */
    errors: z.array(z.string()),
  }),
);
export type CollectClearingHouseRepliesReply = z.infer<typeof collectClearingHouseRepliesReplySchema>;

export const sendSubmissionBatchSchema = deferred(() =>
  z.object({ submissionBatchID: numeric(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)) }).strict(),
);
