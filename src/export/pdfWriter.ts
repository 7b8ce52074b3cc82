import { jsPDF } from 'jspdf';
import { dateFormatter, textOfValue } from './exportColumns.ts';
import type { ExportTable } from './exportTable.ts';
import { PageContent, type RGB } from './pdfContent.ts';
import { layOutTable, type PageFrame, type TableLayout, type TextMetrics } from './pdfLayout.ts';
import { toWinAnsi, WIN_ANSI_CHARACTERS } from './winAnsi.ts';

/** The spec's PDF: landscape A4, font size 6, cyan header fill, negative money in red. */
export const PDF_HEADER_FILL: RGB = [0, 255, 255];
export const PDF_NEGATIVE_TEXT: RGB = [198, 40, 40];
const BLACK: RGB = [0, 0, 0];
const STRIPE_FILL: RGB = [245, 245, 245];
const FOOTER_TEXT: RGB = [100, 100, 100];
const FONT_SIZE = 6;
const TITLE_SIZE = 10;
const LINE_HEIGHT = FONT_SIZE * 1.15;
const PADDING = 2;
const MARGIN = 28;
const TITLE_BASELINE = 30;
const FOOTER_HEIGHT = 12;
/** A line's baseline below its top: the font's ascent centred in the line. */
const BASELINE = LINE_HEIGHT * 0.78;

/**
 * jsPDF's page writer. It is not in jsPDF's type declarations, but its own plugins draw through
 * it. A table of 100,000 claims drawn cell by cell through text() took 100 s (its bidi and Arabic
 * passes run on every string); written here as operators, a few seconds.
 */
interface PageWriter {
  write(...content: string[]): void;
}

/** A font's widths in points at FONT_SIZE for each WinAnsi byte, from jsPDF's metrics. */
function measurerOf(doc: jsPDF, style: 'normal' | 'bold'): (text: string) => number {
  doc.setFont('helvetica', style);
  const widths = new Float64Array(256);
  WIN_ANSI_CHARACTERS.forEach((char, byte) => {
    widths[byte] = char === '' ? 0 : doc.getStringUnitWidth(char) * FONT_SIZE;
  });
  return (text) => {
    let width = 0;
    for (let index = 0; index < text.length; index += 1) width += widths[text.charCodeAt(index) & 0xff] ?? 0;
    return width;
  };
}

/** A cell's text as WinAnsi, its own line breaks kept as '\n'. */
function encodeCell(text: string): string {
  return text.includes('\n') || text.includes('\r')
    ? text
        .split(/\r\n|\r|\n/)
        .map(toWinAnsi)
        .join('\n')
    : toWinAnsi(text);
}

/** The line cut to `maxWidth`, ending in an ellipsis when cut (a title too long for the page). */
function cutToWidth(line: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(line) <= maxWidth) return line;
  let end = line.length;
  while (end > 0 && measure(`${line.slice(0, end)}...`) > maxWidth) end -= 1;
  return `${line.slice(0, end)}...`;
}

interface Fonts {
  regular: string;
  bold: string;
}

interface PageToDraw {
  page: number;
  pages: number;
  title: string;
  top: number;
  first: number;
  last: number;
}

/** One page's operators: the title on the first, the header row, striped rows, the footer. */
function drawPage(
  layout: TableLayout,
  table: ExportTable,
  to: PageToDraw,
  fonts: Fonts,
  metrics: TextMetrics,
  pageHeight: number,
): string {
  const content = new PageContent(pageHeight);
  const { lefts, widths, cells, wrapped, rowHeights } = layout;
  const columnCount = table.columns.length;
  const tableLeft = lefts[0] ?? MARGIN;
  const tableWidth = widths.reduce((sum, width) => sum + width, 0);
  const rightAligned = table.columns.map((column) => column.kind === 'money' || column.kind === 'integer');
  const xOf = (line: string, column: number, measure: (text: string) => number) =>
    rightAligned[column] ? lefts[column]! + widths[column]! - PADDING - measure(line) : lefts[column]! + PADDING;

  content.fill(PDF_HEADER_FILL);
  content.fillRect(tableLeft, to.top, tableWidth, layout.headerHeight);
  content.fill(STRIPE_FILL);
  let rowTop = to.top + layout.headerHeight;
  for (let row = to.first; row < to.last; row += 1) {
    if (row % 2 === 1) content.fillRect(tableLeft, rowTop, tableWidth, rowHeights[row]!);
    rowTop += rowHeights[row]!;
  }

  if (to.page === 0) {
    content.beginText(fonts.regular, TITLE_SIZE, BLACK);
    content.text(
      cutToWidth(to.title, tableWidth, (text) => (metrics.regular(text) * TITLE_SIZE) / FONT_SIZE),
      MARGIN,
      TITLE_BASELINE,
    );
    content.endText();
  }
  content.beginText(fonts.bold, FONT_SIZE, BLACK);
  layout.headerLines.forEach((lines, column) =>
    lines.forEach((line, index) =>
      content.text(line, xOf(line, column, metrics.bold), to.top + PADDING + index * LINE_HEIGHT + BASELINE),
    ),
  );
  content.endText();

  content.beginText(fonts.regular, FONT_SIZE, BLACK);
  rowTop = to.top + layout.headerHeight;
  for (let row = to.first; row < to.last; row += 1) {
    const baseline = rowTop + PADDING + BASELINE;
    for (let column = 0; column < columnCount; column += 1) {
      const index = row * columnCount + column;
      const text = cells[index]!;
      if (text === '') continue;
      const red = table.columns[column]!.kind === 'money' && text.startsWith('-');
      if (red) content.fill(PDF_NEGATIVE_TEXT);
      const lines = wrapped.get(index);
      if (lines === undefined) content.text(text, xOf(text, column, metrics.regular), baseline);
      else
        lines.forEach((line, lineIndex) =>
          content.text(line, xOf(line, column, metrics.regular), baseline + lineIndex * LINE_HEIGHT),
        );
      if (red) content.fill(BLACK);
    }
    rowTop += rowHeights[row]!;
  }
  content.endText();

  const label = toWinAnsi(`Page ${(to.page + 1).toLocaleString('en-US')} of ${to.pages.toLocaleString('en-US')}`);
  const footerBaseline = pageHeight - MARGIN - FOOTER_HEIGHT + 4 + BASELINE;
  content.beginText(fonts.regular, FONT_SIZE, FOOTER_TEXT);
  content.text(
    cutToWidth(to.title, tableWidth - metrics.regular(label) - 4 * FONT_SIZE, metrics.regular),
    tableLeft,
    footerBaseline,
  );
  content.text(label, tableLeft + tableWidth - metrics.regular(label), footerBaseline);
  content.endText();
  return content.toString();
}

/**
 * The PDF's bytes: the title heads the first page and names the file; the header row repeats on
 * every page; numbers are right-aligned and negative money is red; every page is numbered. Text
 * wider than its column wraps. `onPage` hears each page as it is drawn (a worker reports progress).
 */
export function writePdf(table: ExportTable, onPage?: (drawn: number, pages: number) => void): ArrayBuffer {
  // Compressed: a page of claims is about 3 KB a row as plain drawing commands, a tenth of it deflated.
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4', compress: true });
  doc.setProperties({ title: table.title });
  // jsPDF declares a font's id a number; it is the resource name, 'F1'.
  const fonts = {
    regular: String(doc.getFont().id),
    bold: (doc.setFont('helvetica', 'bold'), String(doc.getFont().id)),
  };
  const metrics = { bold: measurerOf(doc, 'bold'), regular: measurerOf(doc, 'normal') };
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const frame: PageFrame = {
    left: MARGIN,
    width: pageWidth - 2 * MARGIN,
    firstTop: TITLE_BASELINE + 10,
    top: MARGIN,
    bottom: pageHeight - MARGIN - FOOTER_HEIGHT,
    padding: PADDING,
    lineHeight: LINE_HEIGHT,
  };

  const formatDay = dateFormatter();
  const kinds = table.columns.map((column) => column.kind);
  const cells: string[] = [];
  for (const row of table.rows)
    kinds.forEach((kind, column) => cells.push(encodeCell(textOfValue(kind, row[column] ?? null, formatDay))));
  const layout = layOutTable(
    table.columns.map((column) => encodeCell(column.title)),
    cells,
    metrics,
    frame,
  );

  const writer = doc.internal as unknown as PageWriter;
  const title = toWinAnsi(table.title);
  const pages = layout.pageStarts.length;
  layout.pageStarts.forEach((first, page) => {
    if (page > 0) doc.addPage();
    const to = {
      page,
      pages,
      title,
      top: page === 0 ? frame.firstTop : frame.top,
      first,
      last: layout.pageStarts[page + 1] ?? table.rows.length,
    };
    writer.write(drawPage(layout, table, to, fonts, metrics, pageHeight));
    onPage?.(page + 1, pages);
  });
  return doc.output('arraybuffer');
}
