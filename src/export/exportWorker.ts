import { writeJob, type ExportJob, type ExportJobReply } from './exportJob.ts';

// The DOM library types `self` as a Window; a dedicated worker's scope needs only these two.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ExportJob>) => void) | null;
  postMessage(reply: ExportJobReply): void;
};

/** How often a PDF's progress is posted: every page of 2,000 would flood the page's toasts. */
const REPORT_EVERY_MS = 100;

scope.onmessage = (event) => {
  let reported = 0;
  const onPage = (drawn: number, pages: number) => {
    const now = performance.now();
    if (now - reported < REPORT_EVERY_MS && drawn < pages) return;
    reported = now;
    scope.postMessage({ kind: 'page', drawn, pages });
  };
  writeJob(event.data, onPage).then(
    (file) => scope.postMessage({ kind: 'done', file }),
    (thrown: unknown) => scope.postMessage({ kind: 'failed', message: thrown instanceof Error ? thrown.message : String(thrown) }),
  );
};
