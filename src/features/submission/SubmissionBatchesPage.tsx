import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SubmissionBatch, SubmissionBatchDetail } from '../../../contract/submission.ts';
import { getSubmissionBatch, getSubmissionBatches } from '../../api/submission.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { showRecord } from '../../console/focus.ts';
import { formatDate } from '../../ui/format.ts';
import { Money } from '../panes/Money.tsx';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { ListSection } from '../../ui/ListSection.tsx';
import { RowList, type RowColumn } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import './submission.css';

const BATCH_COLUMNS: readonly RowColumn<SubmissionBatch>[] = [
  { id: 'id', title: 'Batch', align: 'right', render: (batch) => batch.submissionBatchID },
  { id: 'created', title: 'Created', render: (batch) => formatDate(batch.createdAt.slice(0, 10)) },
  { id: 'payer', title: 'Payer', render: (batch) => `${batch.payerName} (${batch.payerID})` },
  { id: 'type', title: 'Type', render: (batch) => batch.transactionType },
  { id: 'claims', title: 'Claims', align: 'right', render: (batch) => batch.claimCount.toLocaleString('en-US') },
  { id: 'total', title: 'Total', align: 'right', render: (batch) => <Money cents={batch.totalCents} /> },
  {
    id: 'icn',
    title: 'ICN',
    align: 'right',
    render: (batch) => String(batch.interchangeControlNumber).padStart(9, '0'),
  },
  { id: 'by', title: 'By', render: (batch) => batch.createdBy ?? '—' },
  { id: 'sent', title: 'Clearinghouse', render: sentText },
];

/** Where the file went and when, why it did not (Alt+V sends it again), or that it waits to be downloaded. */
function sentText(batch: SubmissionBatch): string {
  if (batch.sentAt !== null)
    return `${batch.status === 'sent' ? 'sent' : batch.status} to ${batch.clearingHouseName ?? 'its clearinghouse'} ${batch.sentAt.slice(0, 16).replace('T', ' ')} UTC`;
  if (batch.sendError !== null) return `not sent: ${batch.sendError}`;
  return 'to download';
}

type BatchClaim = SubmissionBatchDetail['claims'][number];
const CLAIM_COLUMNS: readonly RowColumn<BatchClaim>[] = [
  { id: 'claim', title: 'Claim', align: 'right', render: (claim) => claim.claimID },
  { id: 'patient', title: 'Patient', render: (claim) => claim.patientName },
  { id: 'dos', title: 'DOS', render: (claim) => formatDate(claim.dosFrom) },
  { id: 'total', title: 'Charges', align: 'right', render: (claim) => <Money cents={claim.totalCharges} /> },
  { id: 'status', title: 'Claim status', render: (claim) => claim.claimStatus },
];

const HINTS: readonly ScreenHint[] = [
  { keys: ['↑', '↓'], label: 'batch' },
  { keys: ['Enter'], label: 'its claims' },
  { command: 'submission.downloadFile', label: 'download the file' },
];

/** Batches shown at once; the newest come first, which is what a biller checks after sending. */
const PAGE_SIZE = 200;

/**
 * /app/submission-batches: the 837 files sent, newest first. The cursor row's batch shows beside
 * the list with its claims and the file itself; Enter moves into its claims, Escape back.
 */
export function SubmissionBatchesPage() {
  const [batches, setBatches] = useState<{ total: number; rows: SubmissionBatch[] } | null>(null);
  const [row, setRow] = useState(0);
  const [claimRow, setClaimRow] = useState(0);
  const [detail, setDetail] = useState<SubmissionBatchDetail | null>(null);
  const list = useRef<HTMLElement>(null);
  const claims = useRef<HTMLElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    getSubmissionBatches({ pageNumber: 1, pageSize: PAGE_SIZE }, { signal: controller.signal }).then(
      setBatches,
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const current = batches?.rows[Math.min(row, (batches?.rows.length ?? 1) - 1)] ?? null;
  useEffect(() => {
    if (!current) return;
    const controller = new AbortController();
    getSubmissionBatch(current.submissionBatchID, { signal: controller.signal, background: true, silent: true }).then(
      (loaded) => {
        setDetail(loaded);
        setClaimRow(0);
      },
      () => undefined,
    );
    const forget = showRecord('submissionBatch', current.submissionBatchID);
    return () => {
      controller.abort();
      forget();
    };
  }, [current]);

  // The batch shown, with its 837 file, is the commands' target ("Download the batch's 837 file").
  usePublishedTarget(
    'submissionBatches',
    'submissionBatch',
    useMemo(
      () =>
        detail === null
          ? undefined
          : {
              kind: 'submissionBatch' as const,
              id: detail.batch.submissionBatchID,
              fileName: detail.batch.fileName,
              content: detail.content,
            },
      [detail],
    ),
  );

  useEffect(() => {
    if (batches) list.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus();
  }, [batches]);

  const openBatch = useCallback(() => claims.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus(), []);
  const onClaimsKey = useCallback((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    list.current?.querySelector<HTMLElement>('[data-pane-focus]')?.focus();
  }, []);

  const shown = detail && current && detail.batch.submissionBatchID === current.submissionBatchID ? detail : null;
  return (
    <ScreenFrame
      title="Submission batches"
      note={batches ? `${batches.total.toLocaleString('en-US')} sent` : 'Loading…'}
      hints={<CommandHints hints={HINTS} />}
    >
      <div className="submission-batches__body">
        <ListSection sectionRef={list} label="Batches" title="Batches">
          <RowList
            label="Batches"
            columns={BATCH_COLUMNS}
            rows={batches?.rows ?? []}
            rowKey={(batch) => batch.submissionBatchID}
            active={row}
            onActiveChange={setRow}
            onOpen={openBatch}
            empty="No claims have been submitted yet."
          />
        </ListSection>
        <div className="submission-batches__detail">
          <ListSection
            sectionRef={claims}
            label="Claims in the batch"
            title={shown ? `Batch ${shown.batch.submissionBatchID}: ${shown.batch.fileName}` : 'Claims'}
            onKeyDown={onClaimsKey}
          >
            <RowList
              label="Claims in the batch"
              columns={CLAIM_COLUMNS}
              rows={shown?.claims ?? []}
              rowKey={(claim) => claim.claimID}
              active={claimRow}
              onActiveChange={setClaimRow}
              stale={!shown}
              empty="Choose a batch."
            />
          </ListSection>
          <ListSection label="837 file" title="File">
            <pre className="submission-batches__file" data-testid="submission-file">
              {shown?.content ?? ''}
            </pre>
          </ListSection>
        </div>
      </div>
    </ScreenFrame>
  );
}
