import type { ExportJob, ExportJobReply } from './exportJob.ts';

/**
 * Writes a PDF or spreadsheet in a worker of its own, so the console keeps answering the keyboard
 * while 100,000 rows are laid out (seconds of work); the worker ends with the job.
 */
export function writeInWorker(job: ExportJob, onPage?: (drawn: number, pages: number) => void): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module', name: 'export' });
    worker.onmessage = (event: MessageEvent<ExportJobReply>) => {
      const reply = event.data;
      if (reply.kind === 'page') {
        onPage?.(reply.drawn, reply.pages);
        return;
      }
      worker.terminate();
      if (reply.kind === 'done') resolve(reply.file);
      else reject(new Error(reply.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The export worker could not start.'));
    };
    worker.postMessage(job);
  });
}
