/**
 * The text a PDF written by jspdf shows, with where it shows it: each BT..ET block's font, size,
 * position (the start of its baseline, in points from the page's top-left, as the layouts measure)
 * and text. Built on e2e/support/pdfText.ts, which inflates the content streams.
 */
import { pdfText } from '../../../e2e/support/pdfText.ts';

export interface TextRun {
  /** 1-based. */
  page: number;
  text: string;
  x: number;
  y: number;
  font: string;
  size: number;
}

const unescape = (text: string) => text.replace(/\\([()\\])/g, '$1');

function runsOfPage(content: string, page: number, pageHeight: number): TextRun[] {
  const runs: TextRun[] = [];
  for (const [, block = ''] of content.matchAll(/\nBT\n([^]*?)\nET/g)) {
    const font = /\/(F\d+) ([\d.]+) Tf/.exec(block);
    const at = /([-\d.]+) ([-\d.]+) Td\n\(((?:\\.|[^\\)])*)\) Tj/.exec(block);
    // Rotated captions are placed with Tm, not Td: they are the form's, never a value.
    if (!font || !at) continue;
    runs.push({
      page,
      font: font[1] ?? '',
      size: Number(font[2]),
      x: Number(at[1]),
      y: pageHeight - Number(at[2]),
      text: unescape(at[3] ?? ''),
    });
  }
  return runs;
}

export function textRuns(bytes: Uint8Array, pageHeight = 792): TextRun[] {
  const pages = pdfText(bytes)
    .split(/\/Type \/Page\n/)
    .slice(1);
  return pages.flatMap((content, index) => runsOfPage(content, index + 1, pageHeight));
}
