/** How a table is fitted to a page: column widths, wrapped cell text, rows to pages. Units are points. */

/**
 * Widths that fill `available`. Columns that fit share the room left over in proportion to their
 * width. When they do not fit, a column narrower than an even share keeps its width and the wider
 * ones share the rest in proportion, so a long payer name wraps and a claim ID does not.
 */
export function fitColumnWidths(natural: readonly number[], available: number): number[] {
  const total = natural.reduce((sum, width) => sum + width, 0);
  if (total === 0) return natural.map(() => available / natural.length);
  if (total <= available) return natural.map((width) => (width * available) / total);
  const kept = natural.map(() => false);
  let left = available;
  let open = natural.length;
  for (let changed = true; changed;) {
    changed = false;
    const share = left / open;
    natural.forEach((width, index) => {
      if (kept[index] || width > share) return;
      kept[index] = true;
      left -= width;
      open -= 1;
      changed = true;
    });
  }
  const openTotal = natural.reduce((sum, width, index) => (kept[index] ? sum : sum + width), 0);
  return natural.map((width, index) => (kept[index] ? width : (width * left) / openTotal));
}

/**
 * A cell's text as lines no wider than `maxWidth`: its own line breaks kept, words moved to the
 * next line, a word wider than the column cut where it stops fitting.
 */
export function wrapLines(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (measure(paragraph) <= maxWidth) {
      lines.push(paragraph);
      continue;
    }
    let line = '';
    for (const word of paragraph.split(' ')) {
      const joined = line === '' ? word : `${line} ${word}`;
      if (measure(joined) <= maxWidth) {
        line = joined;
        continue;
      }
      if (line !== '') lines.push(line);
      line = word;
      while (line.length > 1 && measure(line) > maxWidth) {
        let cut = line.length - 1;
        while (cut > 1 && measure(line.slice(0, cut)) > maxWidth) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** At most `limit` lines; the last one kept ends in an ellipsis when lines were dropped. */
export function capLines(lines: string[], limit: number): string[] {
  if (lines.length <= limit) return lines;
  const kept = lines.slice(0, limit);
  kept[limit - 1] = `${kept[limit - 1] ?? ''}...`;
  return kept;
}

/**
 * The first row of each page, given each row's height and the room for rows on the first page
 * and on the others. A row never splits; every row fits a page (the caller caps its lines).
 */
export function paginate(heights: ArrayLike<number>, firstRoom: number, room: number): number[] {
  const starts = [0];
  let used = 0;
  let capacity = firstRoom;
  for (let row = 0; row < heights.length; row += 1) {
    const height = heights[row] ?? 0;
    if (used + height > capacity && used > 0) {
      starts.push(row);
      used = 0;
      capacity = room;
    }
    used += height;
  }
  return starts;
}

/** How text is measured: a width in points for a line of WinAnsi text, regular or bold. */
export interface TextMetrics {
  regular: (text: string) => number;
  bold: (text: string) => number;
}

/** The room a table is laid out in, in points from the page's top left. */
export interface PageFrame {
  left: number;
  width: number;
  /** Where the table starts on the first page (under the title) and on the others. */
  firstTop: number;
  top: number;
  bottom: number;
  padding: number;
  lineHeight: number;
}

/** A table placed on pages: what the drawing needs, cells as WinAnsi text. */
export interface TableLayout {
  lefts: number[];
  widths: number[];
  headerLines: string[][];
  headerHeight: number;
  /** Row-major, `columnCount` a row; a cell's own line breaks kept as '\n'. */
  cells: string[];
  /** The lines of the cells that wrap, by index into `cells`; the others are one line. */
  wrapped: Map<number, string[]>;
  rowHeights: Float64Array;
  /** The first row of each page. */
  pageStarts: number[];
}

const widest = (text: string, measure: (text: string) => number) =>
  text.includes('\n') ? Math.max(...text.split('\n').map(measure)) : measure(text);

/**
 * Lays out a table of WinAnsi cells (`cells` row-major, `titles.length` a row): each column as
 * wide as its widest text, fitted to the frame, text that does not fit wrapped, rows paged.
 */
export function layOutTable(
  titles: readonly string[],
  cells: string[],
  metrics: TextMetrics,
  frame: PageFrame,
): TableLayout {
  const columnCount = titles.length;
  const rowCount = columnCount === 0 ? 0 : cells.length / columnCount;
  const cellWidths = new Float64Array(cells.length);
  const natural = titles.map((title) => widest(title, metrics.bold));
  for (let index = 0; index < cells.length; index += 1) {
    const width = widest(cells[index]!, metrics.regular);
    cellWidths[index] = width;
    const column = index % columnCount;
    if (width > natural[column]!) natural[column] = width;
  }
  const widths = fitColumnWidths(
    natural.map((width) => width + 2 * frame.padding),
    frame.width,
  );
  const lefts = widths.map((_, column) => frame.left + widths.slice(0, column).reduce((sum, width) => sum + width, 0));
  // A hair of slack: a column kept at its text's width must not wrap on a rounding error.
  const inner = widths.map((width) => width - 2 * frame.padding + 0.01);
  const heightOf = (lines: number) => lines * frame.lineHeight + 2 * frame.padding;

  const headerLines = titles.map((title, column) => wrapLines(title, inner[column]!, metrics.bold));
  const headerHeight = heightOf(Math.max(1, ...headerLines.map((lines) => lines.length)));
  const room = frame.bottom - frame.top - headerHeight;
  const maxLines = Math.max(1, Math.floor((room - 2 * frame.padding) / frame.lineHeight));
  const wrapped = new Map<number, string[]>();
  const rowHeights = new Float64Array(rowCount);
  for (let row = 0; row < rowCount; row += 1) {
    let lines = 1;
    for (let column = 0; column < columnCount; column += 1) {
      const index = row * columnCount + column;
      if (cellWidths[index]! <= inner[column]! && !cells[index]!.includes('\n')) continue;
      const cellLines = capLines(wrapLines(cells[index]!, inner[column]!, metrics.regular), maxLines);
      wrapped.set(index, cellLines);
      lines = Math.max(lines, cellLines.length);
    }
    rowHeights[row] = heightOf(lines);
  }
  const pageStarts = paginate(rowHeights, frame.bottom - frame.firstTop - headerHeight, room);
  return { lefts, widths, headerLines, headerHeight, cells, wrapped, rowHeights, pageStarts };
}
