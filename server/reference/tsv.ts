import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** One code list: the header names and the data rows, each split on tab. */
export interface TsvTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * Reads a code list of server/reference/codes (see SOURCES.md): UTF-8, one header row, fields never
 * hold tabs or newlines and are never quoted. Descriptions do contain `"`, so a CSV parser with
 * quoting would corrupt them: a plain split on tab is the correct parser here.
 */
export function readTsv(path: string): TsvTable {
  const raw = readFileSync(path);
  const text = (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  const [first, ...rest] = lines;
  if (first === undefined) throw new Error(`${path} is empty.`);
  const header = first.split('\t');
  const rows = rest.map((line, index) => {
    const fields = line.split('\t');
    if (fields.length !== header.length) {
      throw new Error(`${path} line ${index + 2}: ${fields.length} fields, expected ${header.length}.`);
    }
    return fields;
  });
  return { header, rows };
}

/** The index of a named column, so that callers do not depend on the column order of a file. */
export function columnIndex(table: TsvTable, name: string): number {
  const index = table.header.indexOf(name);
  if (index < 0) throw new Error(`Column ${name} missing; the file has ${table.header.join(', ')}.`);
  return index;
}

/** A field of a row by column index; the row length was checked when the file was read. */
export function field(row: readonly string[], index: number): string {
  return row[index] ?? '';
}

/** An empty date field means "none" in these files. */
export function optionalDate(value: string): string | null {
  return value === '' ? null : value;
}
