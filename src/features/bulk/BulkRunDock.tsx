import { useEffect } from 'react';
import { jobFinished } from '../../../contract/jobs.ts';
import { useStore } from '../../state/useStore.ts';
import { BulkProgressBar } from './BulkProgressBar.tsx';
import { BulkReportDialog } from './BulkReportDialog.tsx';
import { bulkRuns, refreshRuns, restoreRuns } from './bulkRuns.ts';
import './bulk.css';

/** Progress is asked for this often while a run goes on. */
const POLL_MS = 1000;

/**
 * Bulk runs at the bottom of the shell: a progress bar per run still going, then the report.
 * Mounted with the signed-in shell, so after a reload it asks the server which runs are open.
 */
export function BulkRunDock() {
  const { jobs, report } = useStore(bulkRuns);
  const running = jobs.filter((job) => !jobFinished(job.status));
  const polling = running.length > 0;

  useEffect(() => {
    void restoreRuns().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => void refreshRuns(), POLL_MS);
    return () => clearInterval(timer);
  }, [polling]);

  const reported = report === null ? undefined : jobs.find((job) => job.jobID === report);
  return (
    <>
      {running.length > 0 && (
        <div className="bulk-dock" role="region" aria-label="Bulk runs">
          {running.map((job) => (
            <BulkProgressBar key={job.jobID} job={job} />
          ))}
        </div>
      )}
      {reported && <BulkReportDialog job={reported} />}
    </>
  );
}
