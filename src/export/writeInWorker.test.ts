import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportJobMessage, ExportJobReply } from './exportJob.ts';
import { tableFileWriterInWorker } from './writeInWorker.ts';

/** The browser's Worker as the page sees it: what was sent, and a way to answer. */
class FakeWorker {
  static last: FakeWorker | null = null;
  sent: ExportJobMessage[] = [];
  terminated = false;
  onmessage: ((event: { data: ExportJobReply }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  constructor(readonly url: URL) {
    FakeWorker.last = this;
  }
  postMessage(message: ExportJobMessage) {
    if (!this.terminated) this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(reply: ExportJobReply) {
    this.onmessage?.({ data: reply });
  }
}

const head = [{ title: 'Claim ID', kind: 'integer' as const }];
const worker = () => FakeWorker.last!;

describe('writing a file in the export worker', () => {
  const previous = globalThis.Worker;
  beforeEach(() => Object.assign(globalThis, { Worker: FakeWorker }));
  afterEach(() => Object.assign(globalThis, { Worker: previous }));

  it('sends the table head, each page of rows, then asks for the file, and ends the worker with it', async () => {
    const pages: number[][] = [];
    const writer = tableFileWriterInWorker('pdf', 'All Claims', head, (drawn, of) => pages.push([drawn, of]));
    expect(worker().url.pathname).toMatch(/exportWorker/);
    writer.add([[1], [2]]);
    writer.add([[3]]);
    const file = writer.finish();
    expect(worker().sent).toEqual([
      { kind: 'start', format: 'pdf', title: 'All Claims', columns: head },
      { kind: 'rows', rows: [[1], [2]] },
      { kind: 'rows', rows: [[3]] },
      { kind: 'finish' },
    ]);
    worker().answer({ kind: 'page', drawn: 1, pages: 2 });
    const bytes = new Blob(['%PDF-']);
    worker().answer({ kind: 'done', file: bytes });
    await expect(file).resolves.toBe(bytes);
    expect(pages).toEqual([[1, 2]]);
    expect(worker().terminated).toBe(true);
  });

  it('stops at the next page once the worker has failed, and the file is refused with its reason', async () => {
    const writer = tableFileWriterInWorker('xlsx', 'All Claims', head);
    writer.add([[1]]);
    worker().answer({ kind: 'failed', message: 'Out of memory.' });
    expect(() => writer.add([[2]])).toThrow('Out of memory.');
    await expect(writer.finish()).rejects.toThrow('Out of memory.');
  });

  it('refuses the file when the worker cannot start', async () => {
    const writer = tableFileWriterInWorker('pdf', 'All Claims', head);
    const file = writer.finish();
    worker().onerror?.({ message: '' });
    await expect(file).rejects.toThrow('The export worker could not start.');
    expect(worker().terminated).toBe(true);
  });
});
