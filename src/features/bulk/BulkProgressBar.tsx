import type { Job } from '../../../contract/jobs.ts';
import { progressText } from './runText.ts';

/** One run going on: what it does, done / total, rate, time left, and how to stop it. */
export function BulkProgressBar({ job }: { job: Job }) {
  const percent = job.total === 0 ? 0 : Math.min(100, (job.done / job.total) * 100);
  return (
    <div className="bulk-run" data-testid="bulk-progress">
      <div className="bulk-run__line">
        <strong>{job.title}</strong>
        <span className="bulk-run__figures">{progressText(job)}</span>
      </div>
      <div
        className="bulk-run__track"
        role="progressbar"
        aria-label={job.title}
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={job.done}
      >
        <div className="bulk-run__fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="bulk-run__hint muted">
        Stop it from the palette: <kbd>Ctrl+K</kbd> “Cancel bulk run”.{' '}
        {job.walks === 'patients' ? 'Statements already stored stay stored.' : 'Claims already changed stay changed.'}
      </div>
    </div>
  );
}
