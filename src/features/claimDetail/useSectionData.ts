import { useEffect, useState } from 'react';
import { ApiError } from '../../api/apiError.ts';
import type { CallOptions } from '../../api/client.ts';
import type { RecordKind } from '../../state/recordsChanged.ts';
import { useRecordsRevision } from '../../state/useRecordsRevision.ts';

export type SectionData<T> =
  { state: 'loading' } | { state: 'failed'; reason: string | null } | { state: 'ready'; value: T };

/**
 * One section's own load: it starts once the claim is on screen, fails on its own (the rest of
 * the claim stays usable), reads again when a change notice names the claim or the kind of record
 * it lists (`shows`), and keeps the old rows until the new ones come, so the cursor and the
 * keyboard stay where they were.
 */
export function useSectionData<T>(
  claimID: number,
  shows: RecordKind,
  load: (claimID: number, options: CallOptions) => Promise<T>,
): SectionData<T> {
  const revision = useRecordsRevision({ claim: [claimID], [shows]: 'all' });
  const [data, setData] = useState<{ claimID: number; value: SectionData<T> }>({
    claimID,
    value: { state: 'loading' },
  });
  useEffect(() => {
    const controller = new AbortController();
    load(claimID, { signal: controller.signal, silent: true, background: true }).then(
      (value) => setData({ claimID, value: { state: 'ready', value } }),
      (thrown: unknown) => {
        if (controller.signal.aborted) return;
        setData({ claimID, value: { state: 'failed', reason: thrown instanceof ApiError ? thrown.message : null } });
      },
    );
    return () => controller.abort();
  }, [claimID, revision, load]);
  return data.claimID === claimID ? data.value : { state: 'loading' };
}
