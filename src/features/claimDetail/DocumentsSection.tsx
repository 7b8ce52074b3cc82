import { useCallback, useMemo, useState, type KeyboardEvent } from 'react';
import type { ClaimDocument } from '../../../contract/documents.ts';
import { getClaimDocuments } from '../../api/documents.ts';
import type { CallOptions } from '../../api/client.ts';
import { runCommand } from '../../console/registry.ts';
import { RowList } from '../../ui/RowList.tsx';
import { usePublishedTarget } from '../../state/usePublishedTarget.ts';
import { sectionKeyUsed } from './claimSections.ts';
import { DOCUMENT_COLUMNS } from './documentColumns.tsx';
import { useSectionData } from './useSectionData.ts';
import { useSectionFocus } from './useSectionFocus.ts';

/** The SPEC's fallback wording for this load. */
export const DOCUMENTS_FAILED = 'Error in Fetching Claim Document Data';

const loadDocuments = (claimID: number, options: CallOptions) => getClaimDocuments(claimID, options);

/** The section's own keys, each running the palette's command on the document under the cursor. */
const KEY_COMMANDS: Readonly<Record<string, string>> = {
  Enter: 'claims.downloadDocument',
  Delete: 'claims.deleteDocument',
  e: 'claims.eAttachDocument',
  t: 'claims.tagDocument',
};

/**
 * The claim's documents, below its own data and loaded after it. Arrows move, Enter downloads,
 * Delete asks then deletes, E switches the e-attachment mark, T edits the tags, A attaches a file.
 */
export function DocumentsSection({ claimID }: { claimID: number }) {
  const data = useSectionData(claimID, 'document', loadDocuments);
  const [row, setRow] = useState(0);
  const ref = useSectionFocus('documents', data.state !== 'loading');
  const documents = data.state === 'ready' ? data.value : null;

  // The document under the cursor: the one the section's keys hand to the document commands.
  const cursor = documents?.[Math.min(row, documents.length - 1)];
  usePublishedTarget(
    'claimDocuments',
    'document',
    useMemo(
      () =>
        cursor === undefined
          ? undefined
          : { kind: 'document' as const, id: cursor.documentID, claimID, document: cursor },
      [cursor, claimID],
    ),
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'a') {
        event.preventDefault();
        sectionKeyUsed('documents');
        void runCommand('claims.attachDocument', 'hotkey');
        return;
      }
      const commandID = KEY_COMMANDS[event.key];
      const document: ClaimDocument | undefined = documents?.[Math.min(row, documents.length - 1)];
      if (commandID === undefined || document === undefined) return;
      event.preventDefault();
      sectionKeyUsed('documents');
      void runCommand(commandID, 'hotkey', { documentID: String(document.documentID) });
    },
    [documents, row],
  );

  return (
    <section
      ref={ref}
      className="claim-detail__section claim-detail__section--grow"
      aria-label="Documents"
      onKeyDown={onKeyDown}
      tabIndex={-1}
    >
      <h2>
        Documents {documents && <span className="muted">{documents.length}</span>}
        <span className="claim-detail__section-keys muted">
          <kbd>Enter</kbd> download <kbd>Del</kbd> delete <kbd>E</kbd> e-attach <kbd>T</kbd> tags <kbd>A</kbd> attach
        </span>
      </h2>
      {data.state === 'loading' && <p className="claim-detail__note muted">Loading the documents…</p>}
      {data.state === 'failed' && (
        <p className="claim-detail__note" role="alert">
          {DOCUMENTS_FAILED}
          {data.reason ? `: ${data.reason}` : ''}
        </p>
      )}
      {documents && (
        <RowList
          label="Documents"
          columns={DOCUMENT_COLUMNS}
          rows={documents}
          rowKey={(document) => document.documentID}
          active={row}
          onActiveChange={setRow}
          empty="No documents. A attaches one (“Attach a document…”)."
        />
      )}
    </section>
  );
}
