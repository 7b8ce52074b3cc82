/**
 * Clearinghouses by keyboard: go to their connections (g l), set up the one under the cursor
 * (E on the screen, "Set up clearinghouse connection…"), collect the replies waiting in the
 * clearinghouses' inbound folders (C on the screen, Alt+J anywhere), and send an open submission
 * batch to its clearinghouse again after a failure (Alt+V). Enter alone on a text step keeps what
 * is set; the private key is pasted once and never shown again.
 */
import {
  folderProblem,
  hostProblem,
  MAX_POLL_SECONDS,
  MIN_POLL_SECONDS,
  privateKeyProblem,
  hostKeyProblem,
  type ClearingHouseConnection,
} from '../../contract/clearinghouse.ts';
import { ApiError } from '../../src/api/apiError.ts';
import {
  collectClearingHouseReplies,
  saveClearingHouseConnection,
  sendSubmissionBatch,
} from '../../src/api/clearinghouse.ts';
import type { Command, CommandArgs } from '../../src/console/types.ts';
import { connectionText } from '../../src/features/clearinghouses/index.ts';
import { goTo } from '../../src/routing/navigation.ts';
import { CLEARINGHOUSES_PATH } from '../../src/routing/paths.ts';
import { recordsChanged } from '../../src/state/recordsChanged.ts';
import { targetOf } from '../../src/state/target.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { notInMenuReason } from '../general/screens.ts';

export const SAVE_CONNECTION_FAILED = 'The clearinghouse connection was not saved.';
export const COLLECT_FAILED = 'The clearinghouse replies were not collected.';
export const SEND_FAILED = 'The batch was not sent.';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const current = (): ClearingHouseConnection | null => targetOf('clearingHouse')?.connection ?? null;
const noConnection = () => (current() === null ? 'Open Clearinghouses and put the cursor on one.' : null);

function said(thrown: unknown): string | undefined {
  return thrown instanceof ApiError ? (thrown.serverMessage ?? thrown.message) : undefined;
}

/** A whole number of seconds between 10 and a day, or why not; empty keeps the one set. */
export function pollProblem(value: string): string | null {
  if (value.trim() === '') return null;
  const seconds = Number(value.trim());
  return Number.isInteger(seconds) && seconds >= MIN_POLL_SECONDS && seconds <= MAX_POLL_SECONDS
    ? null
    : `Poll every ${MIN_POLL_SECONDS} to ${MAX_POLL_SECONDS} seconds.`;
}

export function portProblem(value: string): string | null {
  if (value.trim() === '') return null;
  const port = Number(value.trim());
  return Number.isInteger(port) && port >= 1 && port <= 65_535 ? null : 'A port is 1 to 65535.';
}

/** The request the answers make: a text left empty keeps what the connection has. */
export function connectionRequest(connection: ClearingHouseConnection, args: CommandArgs) {
  const or = (key: string, kept: string) => text(args[key]) || kept;
  const key = text(args.privateKey);
  const hostKey = text(args.hostKeyFingerprint);
  return {
    clearingHouseID: connection.clearingHouseID,
    transport: args.transport === 'local' ? ('local' as const) : ('sftp' as const),
    host: or('host', connection.host),
    port: Number(or('port', String(connection.port))),
    username: or('username', connection.username),
    ...(key === '' ? {} : { privateKey: key }),
    ...(hostKey === '' ? {} : { hostKeyFingerprint: hostKey }),
    outboundFolder: or('outboundFolder', connection.outboundFolder),
    inboundFolder: or('inboundFolder', connection.inboundFolder),
    archiveFolder: or('archiveFolder', connection.archiveFolder),
    pollSeconds: Number(or('pollSeconds', String(connection.pollSeconds))),
    autoPost: args.autoPost === 'true',
    active: args.active === 'true',
  };
}

const folderStep = (key: 'outboundFolder' | 'inboundFolder' | 'archiveFolder', what: string, title: string) => ({
  key,
  kind: 'text' as const,
  title: `${title} (Enter alone keeps the one set)`,
  placeholder: `/${what}`,
  validate: (value: string) =>
    value.trim() === '' && (current()?.[key] ?? '') !== '' ? null : folderProblem(value, what),
});

const goToClearinghouses: Command = {
  id: 'nav.goToClearinghouses',
  title: 'Go to clearinghouses',
  group: 'Navigation',
  keywords: [
    'clearinghouse',
    'sftp',
    'connection',
    'edi',
    '837',
    '835',
    '999',
    'outbound',
    'inbound',
    'administration',
  ],
  shortcut: 'g l',
  privilege: 'ADMIN_INSURANCES',
  disabledReason: (ctx) =>
    notInMenuReason(CLEARINGHOUSES_PATH, 'Clearinghouses') ??
    (ctx.route === CLEARINGHOUSES_PATH ? 'It is the screen open now.' : null),
  run: () => goTo(CLEARINGHOUSES_PATH),
};

const setUpConnection: Command = {
  id: 'clearinghouse.setUp',
  title: 'Set up clearinghouse connection…',
  group: 'Administration',
  keywords: [
    'clearinghouse',
    'sftp',
    'host',
    'port',
    'user',
    'private key',
    'folder',
    'poll',
    'connection',
    'settings',
  ],
  screenKey: 'e',
  privilege: 'ADMIN_INSURANCES',
  when: () => current() !== null,
  disabledReason: noConnection,
  steps: [
    {
      key: 'transport',
      kind: 'choice',
      title: 'How the clearinghouse is reached',
      choices: () => [
        { value: 'sftp', label: 'SFTP', hint: 'host, port, user and private key' },
        { value: 'local', label: 'Local folders', hint: "folders on the server's own machine (the demo)" },
      ],
    },
    {
      key: 'host',
      kind: 'text',
      title: 'SFTP host (Enter alone keeps the one set)',
      placeholder: 'sftp.clearinghouse.example',
      validate: (value) => (value.trim() === '' ? null : hostProblem(value)),
    },
    {
      key: 'port',
      kind: 'text',
      title: 'Port (Enter alone keeps the one set, 22 at first)',
      placeholder: '22',
      validate: portProblem,
    },
    {
      key: 'username',
      kind: 'text',
      title: 'SFTP user (Enter alone keeps the one set)',
      validate: (value) => (value.trim().length > 100 ? 'A user name is at most 100 characters.' : null),
    },
    {
      key: 'privateKey',
      kind: 'text',
      multiline: true,
      title: 'Private key: paste the whole key, BEGIN to END line (Enter alone keeps the key set)',
      placeholder: '-----BEGIN OPENSSH PRIVATE KEY-----',
      validate: privateKeyProblem,
    },
    {
      key: 'hostKeyFingerprint',
      kind: 'text',
      title: "Server's host key, SHA256:… as the clearinghouse gives it (Enter alone keeps the one set)",
      placeholder: 'SHA256:',
      validate: hostKeyProblem,
    },
    folderStep('outboundFolder', 'outbound', 'Outbound folder, where our 837s go'),
    folderStep('inboundFolder', 'inbound', 'Inbound folder, where its replies wait'),
    folderStep('archiveFolder', 'archive', 'Archive folder, where taken replies are moved'),
    {
      key: 'pollSeconds',
      kind: 'text',
      title: 'Poll every … seconds (Enter alone keeps the one set, 900 at first)',
      placeholder: '900',
      validate: pollProblem,
    },
    {
      key: 'autoPost',
      kind: 'choice',
      title: 'Post remittances (835) at once?',
      choices: () => [
        { value: 'true', label: 'Yes, at once', hint: 'a check with warnings still waits for a biller' },
        { value: 'false', label: 'No, a biller posts them', hint: 'they wait on the ERA screen' },
      ],
    },
    {
      key: 'active',
      kind: 'choice',
      title: 'Send and collect?',
      choices: () => [
        { value: 'true', label: 'On', hint: 'batches are sent, replies collected' },
        { value: 'false', label: 'Off', hint: 'batches stay to be downloaded' },
      ],
    },
  ],
  run: async (ctx, args) => {
    const connection = current();
    if (!connection) return;
    try {
      const reply = await saveClearingHouseConnection(connectionRequest(connection, args), {
        source: ctx.source,
        silent: true,
      });
      notify.success(`${reply.message}: ${connection.name}`);
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(
        said(thrown) ?? SAVE_CONNECTION_FAILED,
        said(thrown) === undefined ? undefined : SAVE_CONNECTION_FAILED,
      );
    } finally {
      recordsChanged('clearingHouse', [connection.clearingHouseID]);
    }
  },
};

const collectReplies: Command = {
  id: 'clearinghouse.collect',
  title: 'Collect clearinghouse replies',
  group: 'Submission',
  keywords: [
    'clearinghouse',
    'replies',
    '999',
    '277',
    '277ca',
    '835',
    'era',
    'acknowledgements',
    'inbound',
    'poll',
    'sftp',
  ],
  shortcut: 'Alt+j',
  screenKey: 'c',
  privilege: 'CLAIMS',
  run: async (ctx) => {
    // On the Clearinghouses screen: the one under the cursor; elsewhere every active one.
    const connection = ctx.route === CLEARINGHOUSES_PATH ? current() : null;
    try {
      const reply = await collectClearingHouseReplies(connection?.clearingHouseID ?? null, {
        source: ctx.source,
        silent: true,
      });
      const lines = reply.files.map(
        (file) => `${file.fileName} (${file.transactionSet ?? '?'}): ${file.outcome}. ${file.detail}`,
      );
      if (reply.errors.length > 0) notify.error(reply.errors.join(' '), COLLECT_FAILED);
      if (lines.length > 0) notify.successWithDetail(reply.message, lines.join('\n'));
      else if (reply.errors.length === 0) notify.success(reply.message);
      if (reply.files.length > 0) {
        recordsChanged('submissionBatch');
        recordsChanged('claim');
        recordsChanged('eraCheck');
      }
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(said(thrown) ?? COLLECT_FAILED, said(thrown) === undefined ? undefined : COLLECT_FAILED);
    } finally {
      recordsChanged('clearingHouse');
    }
  },
};

const sendBatch: Command = {
  id: 'submission.sendToClearinghouse',
  title: 'Send the batch to its clearinghouse',
  group: 'Submission',
  keywords: ['send', 'resend', 'upload', 'sftp', 'clearinghouse', '837', 'batch', 'outbound'],
  shortcut: 'Alt+v',
  privilege: 'CLAIMS',
  when: (ctx) => ctx.record?.type === 'submissionBatch',
  disabledReason: (ctx) =>
    ctx.record?.type === 'submissionBatch' ? null : 'Open the submission batches and choose a batch.',
  run: async (ctx) => {
    const id = ctx.record?.type === 'submissionBatch' ? ctx.record.id : null;
    if (id === null) return;
    try {
      const batch = await sendSubmissionBatch(id, { source: ctx.source, silent: true });
      if (batch.sendError) notify.error(batch.sendError, SEND_FAILED);
      else
        notify.success(
          `Batch ${id} was put in ${batch.clearingHouseName ?? 'the clearinghouse'}'s outbound folder as ${batch.sentFileName ?? batch.fileName}.`,
        );
    } catch (thrown) {
      if (thrown instanceof ApiError && thrown.code === 'cancelled') return;
      notify.error(said(thrown) ?? SEND_FAILED, said(thrown) === undefined ? undefined : SEND_FAILED);
    } finally {
      recordsChanged('submissionBatch', [id]);
    }
  },
};

/** The clearinghouse's commands, and the line each connection is told in. */
export const clearinghouseCommands: readonly Command[] = [
  goToClearinghouses,
  setUpConnection,
  collectReplies,
  sendBatch,
];
export { connectionText };
