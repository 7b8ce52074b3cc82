import { tableFileWriterHere, type ExportJobMessage, type ExportJobReply, type TableFileWriter } from './exportJob.ts';

// The DOM library types `self` as a Window; a dedicated worker's scope needs only these two.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ExportJobMessage>) => void) | null;
  postMessage(reply: ExportJobReply): void;
};

/** How often a PDF's progress is posted: every page of 2,000 would flood the page's toasts. */
const REPORT_EVERY_MS = 100;

let writer: TableFileWriter | null = null;

function reportPages(): (drawn: number, pages: number) => void {
  let reported = 0;
  return (drawn, pages) => {
    const now = performance.now();
    if (now - reported < REPORT_EVERY_MS && drawn < pages) return;
    reported = now;
    scope.postMessage({ kind: 'page', drawn, pages });
  };
}

// Rows arrive a page at a time while the page fetches the next, so taking them in overlaps the fetching.
scope.onmessage = ({ data: message }) => {
  if (message.kind === 'start') {
    writer = tableFileWriterHere(message.format, message.title, message.columns, reportPages());
    return;
  }
  if (writer === null) {
    scope.postMessage({ kind: 'failed', message: 'The export worker was sent rows before the table.' });
    return;
  }
  if (message.kind === 'rows') writer.add(message.rows);
  else
    writer.finish().then(
      (file) => scope.postMessage({ kind: 'done', file }),
      (thrown: unknown) =>
        scope.postMessage({ kind: 'failed', message: thrown instanceof Error ? thrown.message : String(thrown) }),
    );
};
