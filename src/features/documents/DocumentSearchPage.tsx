import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { DOCUMENT_OWNER_NAMES, type DocumentProfileReply, type DocumentRow } from '../../../contract/documentSearch.ts';
import { getDocumentData, getDocumentProfile, getDocumentSearchData } from '../../api/documentSearch.ts';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { runCommand } from '../../console/registry.ts';
import { useStore } from '../../state/useStore.ts';
import { formatDate } from '../../ui/format.ts';
import { ListSection } from '../../ui/ListSection.tsx';
import { RowList, type RowColumn } from '../../ui/RowList.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import { useCursorRow } from '../lists/useCursorRow.ts';
import { useListFocus } from '../lists/useListFocus.ts';
import { useListRead } from '../lists/useListRead.ts';
import { documentSearchOnScreen, documentsSeen, viewDocument } from './documentSearchOnScreen.ts';
import {
  DOCUMENT_DATA_FAILED,
  documentFiltersText,
  documentPageText,
  documentQuery,
  placeText,
  sizeText,
} from './documentText.ts';
import { DocumentViewer, useDocumentPage } from './DocumentViewer.tsx';
import './documents.css';

const COLUMNS: readonly RowColumn<DocumentRow>[] = [
  { id: 'file', title: 'File', render: (row) => <span className="clip">{row.fileName}</span> },
  {
    id: 'owner',
    title: 'Attached to',
    render: (row) => (
      <span className="clip">
        {DOCUMENT_OWNER_NAMES[row.owner]} {row.ownerLabel}
      </span>
    ),
  },
  { id: 'type', title: 'Batch type', render: (row) => row.batchType ?? '' },
  { id: 'size', title: 'Size', align: 'right', render: (row) => sizeText(row.sizeBytes) },
  { id: 'uploaded', title: 'Uploaded', render: (row) => formatDate(row.uploadedAt.slice(0, 10)) },
  { id: 'by', title: 'By', render: (row) => <span className="clip">{row.uploadedBy ?? ''}</span> },
];

const HINTS: readonly ScreenHint[] = [
  { keys: ['↑', '↓'], label: 'document' },
  { command: 'documents.view', label: 'show its page' },
  { command: 'documents.nextPage', label: 'next page of the list' },
  { command: 'documents.previousPage', label: 'previous page' },
  { command: 'documents.search', label: 'search' },
  { command: 'documents.nextDocumentPage', label: 'next page of the document' },
  { command: 'documents.openOwner', label: 'open what it hangs on' },
];

/** The screen's own keys: the document search commands. */
const KEY_COMMANDS: Readonly<Record<string, string>> = {
  s: 'documents.search',
  ']': 'documents.nextPage',
  '[': 'documents.previousPage',
  n: 'documents.nextDocumentPage',
  p: 'documents.previousDocumentPage',
  o: 'documents.openOwner',
  a: 'documents.allDocuments',
};

type ProfileRead = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; profile: DocumentProfileReply };

/** The cursor document's profile (Batches/getDocumentProfile). */
function useProfile(documentID: number | null): ProfileRead | null {
  const [read, setRead] = useState<{ id: number; value: ProfileRead } | null>(null);
  useEffect(() => {
    if (documentID === null) return;
    const controller = new AbortController();
    getDocumentProfile(documentID, { signal: controller.signal, silent: true }).then(
      (profile) => setRead({ id: documentID, value: { state: 'ready', profile } }),
      () => !controller.signal.aborted && setRead({ id: documentID, value: { state: 'failed' } }),
    );
    return () => controller.abort();
  }, [documentID]);
  if (documentID === null) return null;
  return read?.id === documentID ? read.value : { state: 'loading' };
}

function Profile({ read }: { read: ProfileRead | null }) {
  if (read === null) return <p className="document-profile muted">Choose a document.</p>;
  if (read.state === 'loading') return <p className="load-note muted">Loading the document…</p>;
  if (read.state === 'failed')
    return (
      <p className="load-note" role="alert">
        {DOCUMENT_DATA_FAILED}
      </p>
    );
  const { document, place, tags, eAttached, batchStatus, batchDescription } = read.profile;
  return (
    <dl className="document-profile" data-testid="document-profile">
      <div>
        <dt>File</dt>
        <dd>
          {document.fileName}{' '}
          <span className="muted">
            ({document.mimeType}, {sizeText(document.sizeBytes)})
          </span>
        </dd>
      </div>
      <div>
        <dt>Attached to</dt>
        <dd>
          {DOCUMENT_OWNER_NAMES[document.owner]} {document.ownerLabel}
          {batchStatus ? ` · ${batchStatus}` : ''}
          {batchDescription ? ` · ${batchDescription}` : ''}
          {document.patientName && document.owner !== 'patient' ? ` · ${document.patientName}` : ''}
        </dd>
      </div>
      <div>
        <dt>Uploaded</dt>
        <dd>
          {formatDate(document.uploadedAt.slice(0, 10))}
          {document.uploadedBy ? ` by ${document.uploadedBy}` : ''}
        </dd>
      </div>
      <div>
        <dt>Place</dt>
        <dd>{placeText(place, document.owner, document.ownerLabel)}</dd>
      </div>
      {(tags.length > 0 || eAttached || document.category) && (
        <div>
          <dt>Marked</dt>
          <dd>{[document.category, ...tags, eAttached ? 'sent with the claim' : null].filter(Boolean).join(' · ')}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * /app/document-search: every document of the data role (scanned batch files, claim attachments,
 * patients' own), newest first, 25 a page. The cursor document's profile shows beside; Enter shows
 * its page, N and P turn the pages of its batch (or claim, or patient), ] and [ turn the list's.
 */
export function DocumentSearchPage() {
  const { filters, pageNumber, viewing, revision } = useStore(documentSearchOnScreen);
  const list = useListRead(`${JSON.stringify(filters)}:${pageNumber}`, revision, async (signal) => {
    if (filters.documentBatchID === null)
      return {
        ...(await getDocumentSearchData(documentQuery(filters, pageNumber), { signal, silent: true })),
        batchNumber: undefined,
      };
    const batch = await getDocumentData(
      { documentBatchID: filters.documentBatchID, pageNumber },
      { signal, silent: true },
    );
    return { ...batch, batchNumber: batch.batchNumber };
  });
  const ready = list.state === 'ready' ? list.value : null;
  const { row, current, setRow } = useCursorRow(ready?.rows ?? null, (document) => document.documentID);
  const section = useListFocus(list.state === 'ready');
  const profile = useProfile(current?.documentID ?? null);
  const page = useDocumentPage(viewing);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'Escape' && viewing !== null) {
        event.preventDefault();
        viewDocument(null);
        return;
      }
      const commandID = KEY_COMMANDS[event.key];
      if (commandID === undefined) return;
      event.preventDefault();
      void runCommand(commandID, 'hotkey');
    },
    [viewing],
  );

  // What the commands act on: the list's size, the cursor document and the pages beside the one shown.
  const totalCount = ready?.totalCount ?? null;
  useEffect(() => {
    if (totalCount !== null) documentsSeen({ totalCount });
  }, [totalCount]);
  useEffect(() => documentsSeen({ cursor: current }), [current]);
  const shown = page?.state === 'ready' ? page.page : null;
  useEffect(() => documentsSeen({ place: shown?.place ?? null, placeOf: shown?.documentID ?? null }), [shown]);

  return (
    <ScreenFrame title="Document search" hints={<CommandHints hints={HINTS} />} className="document-search">
      <ListSection
        sectionRef={section}
        label="Documents"
        title={documentFiltersText(filters, ready?.batchNumber)}
        count={ready ? documentPageText(pageNumber, ready.rows.length, ready.totalCount) : ''}
        grow={2}
        minHeight={160}
        onKeyDown={onKeyDown}
      >
        {list.state === 'loading' && <p className="load-note muted">Loading the documents…</p>}
        {list.state === 'failed' && (
          <p className="load-note" role="alert">
            {DOCUMENT_DATA_FAILED}
          </p>
        )}
        {ready && (
          <RowList
            label="Documents"
            columns={COLUMNS}
            rows={ready.rows}
            rowKey={(document) => document.documentID}
            active={row}
            onActiveChange={setRow}
            onOpen={(document) => viewDocument(document.documentID)}
            rowClassName={(document) => (document.documentID === viewing ? 'row--viewing' : undefined)}
            empty="No document matches. S searches again; A shows every document."
          />
        )}
      </ListSection>
      <ListSection
        label={viewing === null ? 'The document' : 'The page'}
        title={viewing === null ? 'The document' : 'The page (Esc closes it)'}
        grow={3}
        minHeight={160}
      >
        {page === null ? <Profile read={profile} /> : <DocumentViewer read={page} />}
      </ListSection>
    </ScreenFrame>
  );
}
