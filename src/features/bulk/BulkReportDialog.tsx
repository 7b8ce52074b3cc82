import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Job } from '../../../contract/jobs.ts';
import { useFocusScope } from '../../console/useFocusScope.ts';
import { useModalFocus } from '../../console/useModalFocus.ts';
import { notify } from '../../toasts/notify.tsx';
import { fetchStatementRunFile } from '../../api/patientStatements.ts';
import { downloadFile } from '../../export/exportFile.ts';
import { closeReport, selectFailedClaims } from './bulkRuns.ts';
import { outcomeText } from './runText.ts';

/** How many failures the dialog lists; the count above it is always complete. */
const LISTED = 200;

/**
 * The end of a bulk run: how many claims changed, which could not and why. F selects the failed
 * claims (then a command can run on just those), Enter or Escape closes the report. A statement
 * run lists the patients it skipped, and O opens its combined file to print.
 */
export function BulkReportDialog({ job }: { job: Job }) {
  const dialog = useRef<HTMLDivElement>(null);
  useFocusScope('dialog', 'BulkReportDialog');
  // The report can open before the list below has its rows (a reload brings it back from the
  // server): the grid focusing itself on arrival must not take F and Enter away from it.
  useModalFocus(dialog);

  useEffect(() => {
    dialog.current?.focus();
  }, [job.jobID]);

  const selectFailed = () => {
    const count = selectFailedClaims(job);
    if (count > 0)
      notify.info(`${count.toLocaleString('en-US')} failed ${count === 1 ? 'claim is' : 'claims are'} selected.`);
    void closeReport();
  };

  const walksClaims = job.walks === 'claims';
  const runID = job.statementRunID;
  const canOpenFile = runID !== null && job.succeeded > 0;
  const openFile = () => {
    if (runID === null) return;
    void fetchStatementRunFile(runID).then(downloadFile);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Escape' || event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      void closeReport();
    } else if (event.key.toLowerCase() === 'f' && job.failed > 0 && walksClaims) {
      event.preventDefault();
      event.stopPropagation();
      selectFailed();
    } else if (event.key.toLowerCase() === 'o' && canOpenFile) {
      event.preventDefault();
      event.stopPropagation();
      openFile();
    }
  };

  return (
    <div className="palette__backdrop">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="bulk-report-title"
        tabIndex={-1}
        className="bulk-report"
        data-testid="bulk-report"
        onKeyDown={onKeyDown}
      >
        <h2 id="bulk-report-title">{job.title}</h2>
        <p data-testid="bulk-report-outcome">{outcomeText(job)}</p>
        {job.error && <p className="form-error">{job.error}</p>}
        {job.failures.length > 0 && (
          <table className="bulk-report__failures">
            <thead>
              <tr>
                <th>Claim ID</th>
                <th>Why it was not changed</th>
              </tr>
            </thead>
            <tbody>
              {job.failures.slice(0, LISTED).map((failure) => (
                <tr key={failure.claimID}>
                  <td>{failure.claimID}</td>
                  <td>{failure.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {job.patientFailures.length > 0 && (
          <table className="bulk-report__failures">
            <thead>
              <tr>
                <th>Patient ID</th>
                <th>Why no statement</th>
              </tr>
            </thead>
            <tbody>
              {job.patientFailures.slice(0, LISTED).map((failure) => (
                <tr key={failure.patientID}>
                  <td>{failure.patientID}</td>
                  <td>{failure.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {job.failed > Math.min(LISTED, job.failures.length + job.patientFailures.length) && (
          <p className="muted">
            The first {Math.min(LISTED, job.failures.length + job.patientFailures.length)} are listed.
          </p>
        )}
        <div className="bulk-report__keys">
          {canOpenFile && (
            <button type="button" onClick={openFile}>
              <kbd>O</kbd> Open the file to print
            </button>
          )}
          {job.failed > 0 && walksClaims && (
            <button type="button" onClick={selectFailed}>
              <kbd>F</kbd> Select the failed claims
            </button>
          )}
          <button type="button" onClick={() => void closeReport()}>
            <kbd>Enter</kbd> Close
          </button>
        </div>
      </div>
    </div>
  );
}
