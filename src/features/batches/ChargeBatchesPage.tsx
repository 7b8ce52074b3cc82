import { chargeBatchPath } from './batchPaths.ts';
import { BatchKindListPage } from './BatchKindListPage.tsx';

/** /app/charge-batches: the superbill runs entered as claims, newest first. */
export function ChargeBatchesPage() {
  return <BatchKindListPage kind="charge" title="Charge batches" detailPath={chargeBatchPath} empty="No charge batches yet." />;
}
