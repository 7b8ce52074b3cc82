/**
 * A record's own screen as a list of its fields: the cursor on a field, E or Enter changes it, A
 * activates or inactivates the record. The record is published as the commands' target.
 */
import { runCommand } from '../../console/registry.ts';
import type { RecordsWatch } from '../../state/recordsChanged.ts';
import type { Target, TargetKind } from '../../state/target.ts';
import type { RowColumn } from '../../ui/RowList.tsx';
import type { ListScreenDescriptor } from '../lists/listScreen.ts';

export interface FieldRow<Record> {
  index: number;
  key: string;
  label: string;
  value: string;
  record: Record;
}

export function recordFieldsScreen<Record, K extends TargetKind>(spec: {
  title: string;
  read: (signal: AbortSignal) => Promise<Record>;
  fields: readonly { key: string; label: string; show: (record: Record) => string }[];
  /** Facts that are not fields to change (the status, the group), shown above them. */
  facts?: readonly { label: string; show: (record: Record) => string }[];
  watch: RecordsWatch;
  owner: string;
  kind: K;
  of: (record: Record) => Target<K>;
  edit: string;
  active: string;
}): ListScreenDescriptor<FieldRow<Record>, K> {
  const columns: readonly RowColumn<FieldRow<Record>>[] = [
    { id: 'label', title: 'Field', render: (row) => row.label },
    { id: 'value', title: 'Value', render: (row) => row.value || '—' },
  ];
  return {
    title: spec.title,
    listTitle: 'Details',
    rowName: 'field',
    columns,
    rowKey: (row) => row.index,
    read: async (signal) => {
      const record = await spec.read(signal);
      const rows = [
        ...(spec.facts ?? []).map((fact) => ({ key: '', label: fact.label, value: fact.show(record) })),
        ...spec.fields.map((field) => ({ key: field.key, label: field.label, value: field.show(record) })),
      ].map((row, index) => ({ ...row, index, record }));
      return { count: rows.length, rows };
    },
    watch: spec.watch,
    target: { owner: spec.owner, kind: spec.kind, of: (row) => spec.of(row.record) },
    open: {
      hint: 'change',
      run: (row) => void runCommand(spec.edit, 'hotkey', row.key === '' ? {} : { field: row.key }),
    },
    commands: {
      update: { command: spec.edit, hint: 'change field', forRow: (row) => (row.key === '' ? {} : { field: row.key }) },
      active: { command: spec.active, hint: 'active', forRow: () => ({}) },
    },
    empty: 'Nothing to show.',
  };
}
