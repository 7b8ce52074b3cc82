import { useEffect, useMemo, useState } from 'react';
import type { DocumentPageReply } from '../../../contract/documentSearch.ts';
import { getDocumentPage } from '../../api/documentSearch.ts';
import { DOCUMENT_PAGE_FAILED, placeText } from './documentText.ts';

type PageRead =
  { state: 'loading' } | { state: 'failed'; reason: string } | { state: 'ready'; page: DocumentPageReply };

/** Reads the page of `documentID` (Repository/getDocumentPage), again when it changes. */
export function useDocumentPage(documentID: number | null): PageRead | null {
  const [read, setRead] = useState<{ id: number; value: PageRead } | null>(null);
  useEffect(() => {
    if (documentID === null) return;
    const controller = new AbortController();
    getDocumentPage(documentID, { signal: controller.signal, silent: true }).then(
      (page) => setRead({ id: documentID, value: { state: 'ready', page } }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setRead({
          id: documentID,
          value: { state: 'failed', reason: error instanceof Error ? error.message : '' },
        }),
    );
    return () => controller.abort();
  }, [documentID]);
  if (documentID === null) return null;
  return read?.id === documentID ? read.value : { state: 'loading' };
}

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** The file as the browser shows it: text as text, a picture as a picture, a PDF in its viewer. */
function PageContent({ page }: { page: DocumentPageReply }) {
  const isText = page.mimeType === 'text/plain';
  const shownInFrame = page.mimeType === 'application/pdf';
  const text = useMemo(
    () => (isText ? new TextDecoder().decode(bytesOf(page.contentBase64)) : ''),
    [isText, page.contentBase64],
  );
  const frameUrl = useMemo(
    () => (shownInFrame ? URL.createObjectURL(new Blob([bytesOf(page.contentBase64)], { type: page.mimeType })) : null),
    [shownInFrame, page.contentBase64, page.mimeType],
  );
  useEffect(
    () => () => {
      if (frameUrl !== null) URL.revokeObjectURL(frameUrl);
    },
    [frameUrl],
  );

  if (isText) return <pre className="document-viewer__text">{text}</pre>;
  if (page.mimeType === 'image/png' || page.mimeType === 'image/jpeg')
    return (
      <img
        className="document-viewer__image"
        src={`data:${page.mimeType};base64,${page.contentBase64}`}
        alt={`Page of ${page.fileName}`}
      />
    );
  if (shownInFrame && frameUrl)
    return <iframe className="document-viewer__frame" src={frameUrl} title={`Page of ${page.fileName}`} />;
  return (
    <p className="document-viewer__note">
      The browser cannot show a {page.mimeType} file: download it from the claim or batch it hangs on.
    </p>
  );
}

/** The page shown: its place among its set's pages, then its content. */
export function DocumentViewer({ read }: { read: PageRead }) {
  if (read.state === 'loading') return <p className="load-note muted">Loading the page…</p>;
  if (read.state === 'failed')
    return (
      <p className="load-note" role="alert">
        {DOCUMENT_PAGE_FAILED}
        {read.reason ? `: ${read.reason}` : ''}
      </p>
    );
  const { page } = read;
  return (
    <div className="document-viewer" data-testid="document-page">
      <p className="document-viewer__place">
        <strong>{page.fileName}</strong> · {placeText(page.place, page.owner, page.ownerLabel)}
        {page.place.pageCount > 1 && (
          <span className="muted">
            {' '}
            · <kbd>N</kbd> next page <kbd>P</kbd> previous page
          </span>
        )}
      </p>
      <PageContent page={page} />
    </div>
  );
}
