/**
 * Text too long for its cell ends in '…', so the biller sees it was cut ("Lakeside Family Medi…")
 * instead of a word that looks whole. glide-data-grid clips cell text at the cell's edge; a grid
 * passes `drawTextWithEllipsis` as its `drawCell` to shorten the text before it is drawn.
 */
import {
  getMiddleCenterBias,
  GridCellKind,
  measureTextCached,
  type DrawCellCallback,
} from '@glideapps/glide-data-grid';

export const ELLIPSIS = '…';

/** The text, or its longest start followed by '…' that is at most `width` wide. */
export function fitWithEllipsis(text: string, width: number, measure: (text: string) => number): string {
  if (measure(text) <= width) return text;
  if (measure(ELLIPSIS) > width) return '';
  // The longest start that fits with the ellipsis: widths grow with length, so halve the range.
  let fits = 0;
  let tooLong = text.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (measure(`${text.slice(0, middle).trimEnd()}${ELLIPSIS}`) <= width) fits = middle;
    else tooLong = middle;
  }
  return `${text.slice(0, fits).trimEnd()}${ELLIPSIS}`;
}

/** glide's `drawCell`: a one-line text cell that does not fit is drawn shortened with '…'; any other cell as glide draws it. */
export const drawTextWithEllipsis: DrawCellCallback = (args, drawContent) => {
  const { cell, ctx, rect, theme } = args;
  if (cell.kind !== GridCellKind.Text || cell.allowWrapping === true) return drawContent();
  // The renderer's preparation has set the cell's font on the context: measured in it.
  const room = rect.width - theme.cellHorizontalPadding * 2;
  const shown = fitWithEllipsis(cell.displayData, room, (text) => measureTextCached(text, ctx).width);
  if (shown === cell.displayData) return drawContent();
  // Drawn where glide draws a one-line text (drawTextCell), with the cell's colour.
  const middle = rect.y + rect.height / 2 + getMiddleCenterBias(ctx, `${theme.baseFontStyle} ${theme.fontFamily}`);
  ctx.fillStyle = theme.textDark;
  if (cell.contentAlign === 'right') {
    ctx.textAlign = 'right';
    ctx.fillText(shown, rect.x + rect.width - (theme.cellHorizontalPadding + 0.5), middle);
    ctx.textAlign = 'start';
  } else {
    ctx.fillText(shown, rect.x + theme.cellHorizontalPadding + 0.5, middle);
  }
};
