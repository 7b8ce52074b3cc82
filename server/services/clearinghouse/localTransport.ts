/** The demo's clearinghouse folders: plain folders on this machine, behind the same interface as SFTP. */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ClearinghouseConnectionError, isPlainFileName, type ClearinghouseSession } from './session.ts';

function reworded(error: unknown, what: string): ClearinghouseConnectionError {
  const code = (error as { code?: string }).code;
  return new ClearinghouseConnectionError(`${what}: ${code ?? (error instanceof Error ? error.message : 'failed')}`);
}

export function localTransport(): Promise<ClearinghouseSession> {
  return Promise.resolve({
    async upload(folder, name, text) {
      try {
        await mkdir(folder, { recursive: true });
        await writeFile(join(folder, `${name}.part`), text, 'utf8');
        await rename(join(folder, `${name}.part`), join(folder, name));
      } catch (error) {
        throw reworded(error, `The file ${name} could not be put in ${folder}`);
      }
    },
    async list(folder) {
      try {
        const entries = await readdir(folder, { withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile() && isPlainFileName(entry.name))
          .map((entry) => entry.name)
          .sort();
      } catch (error) {
        throw reworded(error, `The folder ${folder} could not be listed`);
      }
    },
    async download(folder, name) {
      try {
        return await readFile(join(folder, name), 'utf8');
      } catch (error) {
        throw reworded(error, `The file ${name} could not be read from ${folder}`);
      }
    },
    async move(name, from, to) {
      try {
        await mkdir(to, { recursive: true });
        await rename(join(from, name), join(to, name));
      } catch (error) {
        throw reworded(error, `The file ${name} could not be moved to ${to}`);
      }
    },
    end: () => Promise.resolve(),
  });
}
