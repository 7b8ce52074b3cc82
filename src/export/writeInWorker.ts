import type { ExportJobMessage, ExportJobReply, TableFileWriterOf } from './exportJob.ts';

/**
 * Writes a PDF or spreadsheet in a worker of its own, so the console keeps answering the keyboard
 * while 100,000 rows are laid out (seconds of work). Rows are handed over as each page arrives,
 * a few tens of milliseconds of copying each rather than one long stall at the end; the worker
 * ends with the job.
 */
export const tableFileWriterInWorker: TableFileWriterOf = (format, title, columns, onPage) => {
  const worker = new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module', name: 'export' });
  const send = (message: ExportJobMessage) => worker.postMessage(message);
  let settle: { resolve: (file: Blob) => void; reject: (error: Error) => void } | null = null;
  let failure: Error | null = null;
  const fail = (error: Error) => {
    worker.terminate();
    failure = error;
    settle?.reject(error);
  };
  worker.onmessage = (event: MessageEvent<ExportJobReply>) => {
    const reply = event.data;
    if (reply.kind === 'page') onPage?.(reply.drawn, reply.pages);
    else if (reply.kind === 'failed') fail(new Error(reply.message));
    else {
      worker.terminate();
      settle?.resolve(reply.file);
    }
  };
  worker.onerror = (event) => fail(new Error(event.message || 'The export worker could not start.'));
  send({ kind: 'start', format, title, columns });
  return {
    add: (rows) => {
      // A worker that has failed stops the export now, not after every page has been fetched.
      if (failure !== null) throw failure;
      send({ kind: 'rows', rows });
    },
    finish: () =>
      new Promise<Blob>((resolve, reject) => {
        if (failure !== null) {
          reject(failure);
          return;
        }
        settle = { resolve, reject };
        send({ kind: 'finish' });
      }),
    abandon: () => worker.terminate(),
  };
};
