import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../e2e/support/pdfText.ts';
import type { ExportJobMessage, ExportJobReply } from './exportJob.ts';

/** The worker's scope as the module sees it: the test plays the page's side of the messages. */
const scope = {
  onmessage: null as ((event: { data: ExportJobMessage }) => void) | null,
  replies: [] as ExportJobReply[],
  postMessage(reply: ExportJobReply) {
    this.replies.push(reply);
  },
};

const send = (message: ExportJobMessage) => scope.onmessage?.({ data: message });
const settled = async () => {
  await expect.poll(() => scope.replies.some((reply) => reply.kind !== 'page')).toBe(true);
  return scope.replies.find((reply) => reply.kind !== 'page');
};

describe('export worker', () => {
  const previousSelf = globalThis.self;
  beforeAll(async () => {
    Object.assign(globalThis, { self: scope });
    await import('./exportWorker.ts');
  });
  afterAll(() => {
    Object.assign(globalThis, { self: previousSelf });
  });

  it('refuses rows that come before the table they belong to', () => {
    scope.replies = [];
    send({ kind: 'rows', rows: [[1]] });
    expect(scope.replies).toEqual([{ kind: 'failed', message: 'The export worker was sent rows before the table.' }]);
  });

  it('writes the PDF from rows sent a page at a time, every page of rows in it, and reports its pages', async () => {
    scope.replies = [];
    send({
      kind: 'start',
      format: 'pdf',
      title: 'Worker Claims',
      columns: [
        { title: 'Claim ID', kind: 'integer' },
        { title: 'Balance', kind: 'money' },
      ],
    });
    send({ kind: 'rows', rows: [[101, 500]] });
    send({
      kind: 'rows',
      rows: [
        [102, -1250],
        [103, null],
      ],
    });
    send({ kind: 'finish' });
    const reply = await settled();
    if (reply?.kind !== 'done') throw new Error(`Expected a file, got ${JSON.stringify(reply)}`);
    const pdf = pdfText(new Uint8Array(await reply.file.arrayBuffer()));
    for (const text of [
      '(Worker Claims) Tj',
      '(101) Tj',
      '($5.00) Tj',
      '(102) Tj',
      '(-$12.50) Tj',
      '(103) Tj',
      '(Page 1 of 1) Tj',
    ])
      expect(pdf).toContain(text);
    expect(scope.replies).toContainEqual({ kind: 'page', drawn: 1, pages: 1 });
  });
});
