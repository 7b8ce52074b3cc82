import { pdfLiteral } from './winAnsi.ts';

export type RGB = readonly [number, number, number];

/** A number as a PDF operand: to the hundredth of a point, without trailing zeros. */
export function operand(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export function fillColour([red, green, blue]: RGB): string {
  return `${operand(red / 255)} ${operand(green / 255)} ${operand(blue / 255)} rg`;
}

/**
 * A page's drawing operators, y measured down from the page's top as the layout does. Text is
 * placed by a move from the line before (`Td`), which is a third shorter than placing each string
 * anew: less to write, to deflate and to collect for a table of 100,000 rows.
 */
export class PageContent {
  private readonly parts: string[] = ['q'];
  private textX = 0;
  private textY = 0;

  constructor(private readonly pageHeight: number) {}

  fillRect(x: number, top: number, width: number, height: number): void {
    this.parts.push(
      `${operand(x)} ${operand(this.pageHeight - top - height)} ${operand(width)} ${operand(height)} re f`,
    );
  }

  fill(colour: RGB): void {
    this.parts.push(fillColour(colour));
  }

  beginText(font: string, size: number, colour: RGB): void {
    this.parts.push(`BT /${font} ${size} Tf ${fillColour(colour)}`);
    this.textX = 0;
    this.textY = 0;
  }

  /** WinAnsi text with its baseline's start at (x, baseline). */
  text(line: string, x: number, baseline: number): void {
    // Each move is rounded, and the next is taken from where the rounded one landed, so the
    // hundredths never add up across a page.
    const dx = Math.round((x - this.textX) * 100) / 100;
    const dy = Math.round((this.pageHeight - baseline - this.textY) * 100) / 100;
    this.textX += dx;
    this.textY += dy;
    this.parts.push(`${dx} ${dy} Td ${pdfLiteral(line)} Tj`);
  }

  endText(): void {
    this.parts.push('ET');
  }

  toString(): string {
    return `${this.parts.join('\n')}\nQ`;
  }
}
