/**
 * The palette's jump to records, plugged in from outside (src/console knows no domain): the
 * provider says what looks like a record, asks the server, and opens what the biller picks.
 */
import type { CommandSource } from './types.ts';

export interface RecordResult {
  type: string;
  id: number;
  label: string;
  detail: string;
}

export interface RecordSearchProvider {
  /** Whether the text typed is worth a server search (a claim ID, an account number, a name). */
  looksLikeRecord(text: string): boolean;
  search(text: string, signal: AbortSignal): Promise<RecordResult[]>;
  /** Records opened lately, for the empty palette. */
  recents(signal: AbortSignal): Promise<RecordResult[]>;
  open(record: RecordResult, source: CommandSource): Promise<void>;
}

let provider: RecordSearchProvider | null = null;

export function registerRecordSearch(next: RecordSearchProvider): () => void {
  provider = next;
  return () => {
    if (provider === next) provider = null;
  };
}

export function recordSearchProvider(): RecordSearchProvider | null {
  return provider;
}

/** How long typing must pause before the server is asked. */
export const RECORD_SEARCH_PAUSE_MS = 150;
