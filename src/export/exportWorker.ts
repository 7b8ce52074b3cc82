import { writeTableFile, type ExportJobMessage, type ExportJobReply, type TableFormat } from './exportJob.ts';
import type { ExportTable } from './exportTable.ts';

// The DOM library types `self` as a Window; a dedicated worker's scope needs only these two.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ExportJobMessage>) => void) | null;
  postMessage(reply: ExportJobReply): void;
};

/** How often a PDF's progress is posted: every page of 2,000 would flood the page's toasts. */
const REPORT_EVERY_MS = 100;

let job: { format: TableFormat; table: ExportTable } | null = null;

function finish(format: TableFormat, table: ExportTable): void {
  let reported = 0;
  const onPage = (drawn: number, pages: number) => {
    const now = performance.now();
    if (now - reported < REPORT_EVERY_MS && drawn < pages) return;
    reported = now;
    scope.postMessage({ kind: 'page', drawn, pages });
  };
  writeTableFile(format, table, onPage).then(
    (file) => scope.postMessage({ kind: 'done', file }),
    (thrown: unknown) => scope.postMessage({ kind: 'failed', message: thrown instanceof Error ? thrown.message : String(thrown) }),
  );
}

// Rows arrive a page at a time while the page fetches the next, so taking them in overlaps the fetching.
scope.onmessage = ({ data: message }) => {
  if (message.kind === 'start') {
    job = { format: message.format, table: { title: message.title, columns: message.columns, rows: [] } };
    return;
  }
  if (job === null) {
    scope.postMessage({ kind: 'failed', message: 'The export worker was sent rows before the table.' });
    return;
  }
  if (message.kind === 'rows') for (const row of message.rows) job.table.rows.push(row);
  else finish(job.format, job.table);
};
