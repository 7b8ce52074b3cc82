/**
 * One way to change any field of a group, practice, facility, provider or payer: pick the field
 * (its value beside it), type the new value, and the whole record is saved with that one change.
 * A detail screen's row hands the field in, so only the value is asked.
 */
import type { CommandStep } from '../../src/console/types.ts';
import { notify } from '../../src/toasts/notify.tsx';
import { text } from './announce.ts';

export interface EditableField<Row, Change> {
  key: string;
  label: string;
  /** The value as the screen shows it. */
  show: (row: Row) => string;
  /** The change the typed text makes, or a refusal in the biller's words (a list may be read for it). */
  read: (typed: string, row: Row) => Change | string | Promise<Change | string>;
}

/** The two steps of an edit: which field, then its new value. */
export function fieldSteps<Row, Change>(
  fields: readonly EditableField<Row, Change>[],
  current: () => Row | null,
): CommandStep[] {
  return [
    {
      key: 'field',
      kind: 'choice',
      title: 'What to change',
      choices: () => {
        const row = current();
        return fields.map((field) => ({
          value: field.key,
          label: field.label,
          hint: row === null ? undefined : field.show(row) || '—',
        }));
      },
    },
    { key: 'value', kind: 'text', title: 'New value (Enter alone clears a field that may be empty)' },
  ];
}

/** The change of an edit's answers, or null after saying why there is none. */
export async function changeOf<Row, Change>(
  fields: readonly EditableField<Row, Change>[],
  row: Row,
  args: Readonly<Record<string, unknown>>,
): Promise<Change | null> {
  const field = fields.find((each) => each.key === args.field);
  if (field === undefined) return null;
  const change = await field.read(text(args.value), row);
  if (typeof change === 'string') {
    notify.error(change, `${field.label} was not changed.`);
    return null;
  }
  return change;
}

/** A field kept as typed, or null when cleared. */
export const optional = (typed: string): string | null => (typed === '' ? null : typed);
