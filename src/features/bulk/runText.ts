import type { Job } from '../../../contract/jobs.ts';

const count = (value: number) => value.toLocaleString('en-US');
/** "1 statement", "2 statements". */
const counted = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** "4 min 10 s left", "12 s left", or nothing before the first chunk gives a rate. */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null) return 'estimating…';
  if (seconds < 60) return `${seconds} s left`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

export function progressText(job: Job): string {
  const percent = job.total === 0 ? 0 : Math.floor((job.done / job.total) * 100);
  const rate = job.ratePerSecond === null ? '' : ` · ${count(Math.round(job.ratePerSecond))}/s`;
  return `${count(job.done)} / ${count(job.total)} (${percent} %)${rate} · ${timeLeftText(job.secondsLeft)}`;
}

export function outcomeText(job: Job): string {
  const how = job.status === 'cancelled' ? 'Cancelled after' : job.status === 'failed' ? 'Stopped after' : 'Done:';
  if (job.kind === 'patient_statements')
    return `${how} ${count(job.done)} of ${count(job.total)} patients. ${counted(job.succeeded, 'statement', 'statements')} stored, ${counted(job.failed, 'patient', 'patients')} skipped.`;
  if (job.kind === 'eligibility')
    return `${how} ${count(job.done)} of ${count(job.total)} claims checked. ${count(job.succeeded)} covered, ${count(job.failed)} to look at (coverage not active, rejected or not checked).`;
  return `${how} ${count(job.done)} of ${count(job.total)} claims. ${count(job.succeeded)} changed, ${count(job.failed)} could not be changed.`;
}
