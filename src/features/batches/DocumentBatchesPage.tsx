import { documentBatchPath } from './batchPaths.ts';
import { BatchKindListPage } from './BatchKindListPage.tsx';

/** /app/document-batches: stacks of scanned mail filed under one number, newest first. */
export function DocumentBatchesPage() {
  return <BatchKindListPage kind="document" title="Document batches" detailPath={documentBatchPath} empty="No document batches yet." />;
}
