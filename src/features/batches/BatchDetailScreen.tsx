import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { LoadNotes } from '../lists/LoadNotes.tsx';
import '../panes/panes.css';
import '../claimDetail/claimDetail.css';
import '../era/era.css';
import './batches.css';
import type { BatchRead } from './useBatchRead.ts';

interface BatchDetailScreenProps {
  /** The batch's kind in the biller's words: 'charge', 'document' or 'payment'. */
  kind: string;
  batchNumber: string;
  /** The key hints in the title bar. */
  keys: ReactNode;
  state: BatchRead<unknown>['state'];
  root: RefObject<HTMLDivElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** The batch's figures and lists, once it is read. */
  children: ReactNode;
}

/**
 * The frame every batch detail screen shares, so the three kinds load, miss and fail alike:
 * the title bar with the keys, and a note while the batch is loading, missing or failed.
 */
export function BatchDetailScreen({ kind, batchNumber, keys, state, root, onKeyDown, children }: BatchDetailScreenProps) {
  const titleID = `${kind}-batch-title`;
  const title = `${kind.charAt(0).toUpperCase()}${kind.slice(1)} batch`;
  return (
    <div ref={root} className="era batch-detail" role="region" tabIndex={-1} aria-labelledby={titleID} onKeyDown={onKeyDown}>
      <div className="claim-detail__bar">
        <h1 id={titleID}>
          {title} {batchNumber}
        </h1>
        <span className="claim-detail__keys muted">{keys}</span>
      </div>
      <LoadNotes what={`the ${kind} batch`} loading={state === 'loading'} failed={state === 'failed'} />
      {state === 'missing' && (
        <p className="claim-detail__note">
          No {kind} batch with this ID. Escape goes back to the {kind} batches.
        </p>
      )}
      {children}
    </div>
  );
}
