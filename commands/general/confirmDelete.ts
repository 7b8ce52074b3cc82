import type { CommandChoice } from '../../src/console/types.ts';

/** The last step of a delete: the entry named again, and keeping it is one arrow away. */
export function confirmDeleteChoices(what: string | null): CommandChoice[] {
  if (what === null) return [{ value: 'keep', label: 'Nothing to delete: go back and pick an entry.' }];
  return [
    { value: 'delete', label: `Delete ${what}` },
    { value: 'keep', label: 'Keep it' },
  ];
}
