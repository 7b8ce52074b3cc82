import { useEffect, useState } from 'react';
import { watchRecords, type RecordsWatch } from './recordsChanged.ts';

/**
 * A number that goes up each time a change notice concerns what `watch` names: a screen puts it in
 * the key of its read, so it reads again after a command changed what it shows, and only then.
 */
export function useRecordsRevision(watch: RecordsWatch): number {
  const [revision, setRevision] = useState(0);
  // The watch is a new object each render; what it says is the dependency.
  const key = JSON.stringify(watch);
  useEffect(() => watchRecords(JSON.parse(key) as RecordsWatch, () => setRevision((value) => value + 1)), [key]);
  return revision;
}
