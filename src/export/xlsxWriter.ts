// The universal build returns a Blob in the browser and in Node alike (the browser build adds
// only toFile), so one pure writer serves the app's worker, its tests and the benchmark.
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/universal';
import type { ExportKind } from './exportColumns.ts';
import type { ExportTable, ExportValue } from './exportTable.ts';

/** US dollars; negatives red with a minus sign (the spec's PDF rule, kept in the sheet). */
export const XLSX_MONEY_FORMAT = '[$$-409]#,##0.00;[Red]-[$$-409]#,##0.00';
export const XLSX_DATE_FORMAT = 'mm/dd/yyyy';

function cellOf(kind: ExportKind, value: ExportValue): Cell {
  if (value === null) return null;
  switch (kind) {
    case 'text':
      return { type: String, value: String(value) };
    case 'integer':
      return typeof value === 'number' ? { type: Number, value } : { type: String, value };
    case 'money':
      // Cents to dollars only here, at the edge: the sheet holds a number the biller can sum.
      return typeof value === 'number'
        ? { type: Number, value: value / 100, format: XLSX_MONEY_FORMAT }
        : { type: String, value };
    case 'date':
      return typeof value === 'string'
        ? { type: Date, value: new Date(`${value}T00:00:00Z`), format: XLSX_DATE_FORMAT }
        : null;
  }
}

/** A one-sheet workbook: a bold header row, then typed cells (numbers, dollars, dates). */
export function writeXlsx(table: ExportTable): Promise<Blob> {
  const header = table.columns.map((column): Cell => ({ type: String, value: column.title, fontWeight: 'bold' }));
  const kinds = table.columns.map((column) => column.kind);
  const data: SheetData = [
    header,
    ...table.rows.map((row) => kinds.map((kind, index) => cellOf(kind, row[index] ?? null))),
  ];
  // Excel limits sheet names to 31 characters without []:*?/\.
  const sheet =
    table.title
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Export';
  return writeXlsxFile(data, { sheet, columns: kinds.map((kind) => ({ width: kind === 'text' ? 22 : 14 })) }).toBlob();
}
