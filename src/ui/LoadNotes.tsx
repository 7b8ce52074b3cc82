import './screenKit.css';

interface LoadNotesProps {
  /** What is read, as the note names it: 'the deposits'. */
  what: string;
  loading?: boolean;
  failed?: boolean;
  /** The note when the record asked for does not exist ("No ERA file with this ID. Escape goes back…"); none when left out. */
  missing?: string | null;
}

/** The notes a screen or a list shows in place of its rows while they load, when they could not be read, or when there is no such record. */
export function LoadNotes({ what, loading = false, failed = false, missing = null }: LoadNotesProps) {
  return (
    <>
      {loading && <p className="load-note muted">Loading {what}…</p>}
      {failed && (
        <p className="load-note" role="alert">
          Something went wrong: {what} could not be loaded.
        </p>
      )}
      {missing !== null && <p className="load-note">{missing}</p>}
    </>
  );
}
