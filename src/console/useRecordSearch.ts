import { useEffect, useState } from 'react';
import { RECORD_SEARCH_PAUSE_MS, recordSearchProvider, type RecordResult } from './recordSearch.ts';

export interface RecordSearchState {
  results: RecordResult[];
  loading: boolean;
}

const NOTHING: RecordSearchState = { results: [], loading: false };

const RECENTS_AT_LATEST_MS = 150;

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') return afterPause(run, 0);
  const handle = requestIdleCallback(run, { timeout: RECENTS_AT_LATEST_MS });
  return () => cancelIdleCallback(handle);
}

function afterPause(run: () => void, ms = RECORD_SEARCH_PAUSE_MS): () => void {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
}

/**
 * Records for what is typed (or the recents when nothing is), asked after a pause in typing;
 * the call in flight is cancelled as soon as the query changes, and results of an older query are
 * never shown for a newer one. `opening` null asks nothing (the palette is resting); a new opening
 * asks again, showing the last answer for the same text until the new one arrives.
 */
export function useRecordSearch(query: string, opening: number | null = 0): RecordSearchState {
  const text = query.trim();
  const provider = recordSearchProvider();
  const wanted = provider !== null && (text === '' || provider.looksLikeRecord(text));
  const asking = wanted && opening !== null;
  const [answered, setAnswered] = useState<{ query: string; results: RecordResult[] } | null>(null);

  useEffect(() => {
    if (!asking || !provider) return;
    const controller = new AbortController();
    const ask = () => {
      const request = text === '' ? provider.recents(controller.signal) : provider.search(text, controller.signal);
      request.then(
        (results) => controller.signal.aborted || setAnswered({ query: text, results }),
        () => controller.signal.aborted || setAnswered({ query: text, results: [] }),
      );
    };
    // The recents are asked once the opening frame is drawn and the browser is idle, so the
    // request never delays the palette appearing or the first letter typed into it.
    const cancel = text === '' ? whenIdle(ask) : afterPause(ask);
    return () => {
      cancel();
      controller.abort();
    };
  }, [provider, text, asking, opening]);

  if (!wanted) return NOTHING;
  return answered?.query === text ? { results: answered.results, loading: false } : { results: [], loading: true };
}
