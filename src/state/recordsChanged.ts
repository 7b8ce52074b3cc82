/**
 * Change notices. A command that changed records says so once, by kind and ids
 * (`recordsChanged('claim', [41])`); each screen watches the kinds it shows and reads again when
 * a notice concerns it. Commands never know which screens exist, and a new screen needs no
 * command to learn about it.
 */

/** The kinds of record a screen shows and a command changes (and a screen's target is). */
export const RECORD_KINDS = [
  'claim',
  'chargeLine',
  'eraCheck',
  'eraClaim',
  'eraLine',
  'posting',
  'paymentBatch',
  'chargeBatch',
  'documentBatch',
  'advance',
  'deposit',
  'submissionBatch',
  'document',
  'medicalCase',
  'group',
  'practice',
  'facility',
  'provider',
  'insurance',
  'clearingHouse',
  'staffUser',
  'menuRole',
  'module',
  'dataRole',
  'patientCoverages',
  'patientInsurance',
  'patientGuarantor',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** One notice: records of `kind` changed; `ids` null when the command cannot say which. */
export interface RecordsNotice {
  kind: RecordKind;
  ids: readonly number[] | null;
}

/** What a screen watches: per kind, every record ('all') or only the ids it shows. */
export type RecordsWatch = Partial<Record<RecordKind, 'all' | readonly number[]>>;

/** Every kind: what a log of all notices (a test's) watches. */
export const EVERY_KIND: RecordsWatch = Object.fromEntries(RECORD_KINDS.map((kind) => [kind, 'all']));

type Listener = (notice: RecordsNotice) => void;

const listeners = new Set<Listener>();

/** Whether `notice` is about something `watch` shows. A notice without ids concerns every watcher of its kind. */
export function concerns(watch: RecordsWatch, notice: RecordsNotice): boolean {
  const wanted = watch[notice.kind];
  if (wanted === undefined) return false;
  if (wanted === 'all' || notice.ids === null) return true;
  return notice.ids.some((id) => wanted.includes(id));
}

/** Announces that records of `kind` changed: the ones in `ids`, or some the command cannot name when left out. */
export function recordsChanged(kind: RecordKind, ids?: readonly number[]): void {
  // A command that changed nothing it can name (an empty list) changed nothing.
  if (ids !== undefined && ids.length === 0) return;
  const notice: RecordsNotice = { kind, ids: ids === undefined ? null : [...ids] };
  for (const listener of [...listeners]) listener(notice);
}

/** Calls `listener` for each notice `watch` is concerned by; returns the unsubscribe. */
export function watchRecords(watch: RecordsWatch, listener: (notice: RecordsNotice) => void): () => void {
  const filtered: Listener = (notice) => {
    if (concerns(watch, notice)) listener(notice);
  };
  listeners.add(filtered);
  return () => {
    listeners.delete(filtered);
  };
}
