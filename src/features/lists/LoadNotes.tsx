interface LoadNotesProps {
  /** What is read, as the note names it: 'the deposits'. */
  what: string;
  loading: boolean;
  failed: boolean;
}

/** The notes a screen part shows in place of its rows while they load, or when they could not be read. */
export function LoadNotes({ what, loading, failed }: LoadNotesProps) {
  return (
    <>
      {loading && <p className="claim-detail__note muted">Loading {what}…</p>}
      {failed && (
        <p className="claim-detail__note" role="alert">
          Something went wrong: {what} could not be loaded.
        </p>
      )}
    </>
  );
}
