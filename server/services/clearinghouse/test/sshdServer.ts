/**
 * A real OpenSSH SFTP server for the tests, on 127.0.0.1 and a free port, with its own config,
 * host key and one authorized key (the current user's) in a temporary folder; stop() ends it and
 * removes the folder. Settings a non-root user can run with: StrictModes no, UsePAM no, the
 * internal SFTP server.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export const SSHD = '/usr/sbin/sshd';

export interface SftpTestServer {
  host: string;
  port: number;
  username: string;
  /** The authorized user's private key (OpenSSH format). */
  privateKey: string;
  /** A key the server does not know. */
  strangerKey: string;
  /** The server's host key fingerprint as OpenSSH's own ssh-keygen -l prints it (SHA256:…). */
  hostKeyFingerprint: string;
  /** A folder the SFTP user can read and write, its path as the server sees it (the same on this machine). */
  root: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function keyPair(path: string): string {
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'billing-console-test', '-f', path]);
  return readFileSync(path, 'utf8');
}

async function accepting(port: number, child: ChildProcess, errors: () => string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`sshd stopped at start: ${errors()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`sshd did not listen on ${port}: ${errors()}`);
}

export async function startSftpServer(): Promise<SftpTestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'sftp-test-'));
  const root = join(dir, 'files');
  mkdirSync(root);
  const hostKeyPath = join(dir, 'host_key');
  keyPair(hostKeyPath);
  const hostKeyFingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${hostKeyPath}.pub`], {
    encoding: 'utf8',
  }).split(' ')[1];
  if (!hostKeyFingerprint?.startsWith('SHA256:')) throw new Error('ssh-keygen gave no host key fingerprint.');
  const privateKey = keyPair(join(dir, 'user_key'));
  const strangerKey = keyPair(join(dir, 'stranger_key'));
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'user_key.pub')));
  const username = userInfo().username;
  const port = await freePort();
  // As root, sshd wants its privilege separation folder.
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKeyPath}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      'StrictModes no',
      'UsePAM no',
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PermitRootLogin prohibit-password',
      `AllowUsers ${username}`,
      'Subsystem sftp internal-sftp',
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  const child = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    await accepting(port, child, () => stderr);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    username,
    privateKey,
    strangerKey,
    hostKeyFingerprint,
    root,
    stop: async () => {
      if (child.exitCode === null) {
        const ended = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await ended;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
