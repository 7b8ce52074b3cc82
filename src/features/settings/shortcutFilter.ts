/**
 * The filter over the list of shortcuts: typed words narrow it by the command's name or group
 * ("reassign", "claim filters"), or by its key as written on the row or as typed in a binding
 * ("alt+s", "Alt+S", "g c", "G then C"); a command whose key is exactly the one typed comes first.
 */
import { formatBinding, normalizeBinding } from '../../console/shortcuts.ts';

export interface ShortcutRow {
  title: string;
  group: string;
  /** The key in force, or null when the command has none. */
  binding: string | null;
}

/** The key as the biller reads it on the row: 'no key', 'Alt+S', 'G then C'. */
export function keysText(binding: string | null): string {
  return binding === null ? 'no key' : formatBinding(binding).join(' then ');
}

/** The typed text as a binding ("G then C" -> 'g c'), or null when it cannot be one. */
function typedBinding(query: string): string | null {
  const spelled = query.replace(/\s+then\s+/gi, ' ').trim();
  if (spelled === '' || !/^(\S+)( \S+)?$/.test(spelled)) return null;
  try {
    return normalizeBinding(spelled);
  } catch {
    return null;
  }
}

/** The rows the filter keeps, in their order, those bound to exactly the typed key first. */
export function filterShortcuts<Row extends ShortcutRow>(rows: readonly Row[], query: string): Row[] {
  const typed = query.trim().toLowerCase();
  if (typed === '') return [...rows];
  const words = typed.split(/\s+/);
  const binding = typedBinding(typed);
  const exact = (row: Row) => binding !== null && row.binding !== null && normalizeBinding(row.binding) === binding;
  const kept = rows.filter((row) => {
    if (exact(row)) return true;
    const text = `${row.title} ${row.group} ${keysText(row.binding)}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  return [...kept.filter(exact), ...kept.filter((row) => !exact(row))];
}
