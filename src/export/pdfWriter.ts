import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import { dateFormatter, textOf, type ExportColumn } from './exportColumns.ts';

/** The spec's PDF: landscape A4, font size 6, cyan header fill, negative money in red. */
export const PDF_HEADER_FILL: [number, number, number] = [0, 255, 255];
export const PDF_NEGATIVE_TEXT: [number, number, number] = [198, 40, 40];
const FONT_SIZE = 6;

/** The PDF's bytes; the title heads the first page and names the file. */
export function writePdf<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[], title: string): ArrayBuffer {
  // Compressed: a page of claims is about 3 KB a row as plain drawing commands, a tenth of it deflated.
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4', compress: true });
  doc.setProperties({ title });
  doc.setFontSize(10);
  doc.text(title, 28, 30);
  const formatDay = dateFormatter();
  const negative = new Set<string>();
  const body = rows.map((row, rowIndex) =>
    columns.map((column, columnIndex) => {
      if (column.kind === 'money' && (column.value(row) ?? 0) < 0) negative.add(`${rowIndex}:${columnIndex}`);
      return textOf(column, row, formatDay);
    }),
  );
  autoTable(doc, {
    head: [columns.map((column) => column.title)],
    body,
    startY: 40,
    margin: { left: 28, right: 28 },
    styles: { fontSize: FONT_SIZE, cellPadding: 2, overflow: 'linebreak' },
    headStyles: { fillColor: PDF_HEADER_FILL, textColor: [0, 0, 0], fontStyle: 'bold' },
    columnStyles: Object.fromEntries(columns.flatMap((column, index) => (column.kind === 'money' ? [[index, { halign: 'right' as const }]] : []))),
    didParseCell: (data) => {
      if (data.section === 'body' && negative.has(`${data.row.index}:${data.column.index}`)) data.cell.styles.textColor = PDF_NEGATIVE_TEXT;
    },
  });
  return doc.output('arraybuffer');
}
