// The universal build returns a Blob in the browser and in Node alike (the browser build adds
// only toFile), so one pure writer serves the app, its tests and the benchmark.
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/universal';
import type { ExportColumn } from './exportColumns.ts';

/** US dollars; negatives red with a minus sign (the spec's PDF rule, kept in the sheet). */
export const XLSX_MONEY_FORMAT = '[$$-409]#,##0.00;[Red]-[$$-409]#,##0.00';
export const XLSX_DATE_FORMAT = 'mm/dd/yyyy';

function cellOf<Row>(column: ExportColumn<Row>, row: Row): Cell {
  switch (column.kind) {
    case 'text':
      return { type: String, value: column.value(row) ?? '' };
    case 'integer': {
      const value = column.value(row);
      return value === null ? null : { type: Number, value };
    }
    case 'money': {
      // Cents to dollars only here, at the edge: the sheet holds a number the biller can sum.
      const value = column.value(row);
      return value === null ? null : { type: Number, value: value / 100, format: XLSX_MONEY_FORMAT };
    }
    case 'date': {
      const value = column.value(row);
      return value === null ? null : { type: Date, value: new Date(`${value}T00:00:00Z`), format: XLSX_DATE_FORMAT };
    }
  }
}

/** A one-sheet workbook: a bold header row, then typed cells (numbers, dollars, dates). */
export function writeXlsx<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[], title: string): Promise<Blob> {
  const header = columns.map((column): Cell => ({ type: String, value: column.title, fontWeight: 'bold' }));
  const data: SheetData = [header, ...rows.map((row) => columns.map((column) => cellOf(column, row)))];
  // Excel limits sheet names to 31 characters without []:*?/\.
  const sheet = title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Export';
  return writeXlsxFile(data, { sheet, columns: columns.map((column) => ({ width: column.kind === 'text' ? 22 : 14 })) }).toBlob();
}
