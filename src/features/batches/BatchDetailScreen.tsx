import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { CommandHints, type ScreenHint } from '../../console/CommandHints.tsx';
import { LoadNotes } from '../../ui/LoadNotes.tsx';
import { ScreenFrame } from '../../ui/ScreenFrame.tsx';
import type { BatchRead } from './useBatchRead.ts';

interface BatchDetailScreenProps {
  /** The batch's kind in the biller's words: 'charge', 'document' or 'payment'. */
  kind: string;
  batchNumber: string;
  /** The key hints in the title bar; commands' keys come from the registry. */
  hints: readonly ScreenHint[];
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
export function BatchDetailScreen({
  kind,
  batchNumber,
  hints,
  state,
  root,
  onKeyDown,
  children,
}: BatchDetailScreenProps) {
  const title = `${kind.charAt(0).toUpperCase()}${kind.slice(1)} batch`;
  return (
    <ScreenFrame
      title={`${title} ${batchNumber}`}
      titleID={`${kind}-batch-title`}
      region
      frameRef={root}
      onKeyDown={onKeyDown}
      hints={<CommandHints hints={hints} />}
    >
      <LoadNotes
        what={`the ${kind} batch`}
        loading={state === 'loading'}
        failed={state === 'failed'}
        missing={state === 'missing' ? `No ${kind} batch with this ID. Escape goes back to the ${kind} batches.` : null}
      />
      {children}
    </ScreenFrame>
  );
}
