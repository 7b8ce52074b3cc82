import type { KeyboardEvent } from 'react';
import type { LedgerRow } from '../../../contract/ledger.ts';
import { runCommand } from '../../console/registry.ts';
import { notify } from '../../toasts/notify.tsx';
import { reverseRefusal } from './postingText.ts';

/** X on a ledger view: "Reverse a posting of this claim…" on the cursor row, or why it cannot be reversed. */
export function reverseKey(event: KeyboardEvent<HTMLElement>, cursor: LedgerRow | null): void {
  if (
    event.defaultPrevented ||
    event.altKey ||
    event.ctrlKey ||
    event.metaKey ||
    event.key.toLowerCase() !== 'x' ||
    cursor === null
  )
    return;
  event.preventDefault();
  const refused = reverseRefusal(cursor);
  if (refused !== null) notify.warning(`Reverse a posting of this claim…: ${refused}`);
  else void runCommand('claims.reversePosting', 'hotkey', { ledgerID: String(cursor.ledgerID) });
}
