/**
 * Draws a paper claim form from data: the form's boxes (outline, small printed label, where the
 * value goes) are a table per form, the claim's data is a map from box id to text per page. The
 * forms are printed in red and the data in black Courier, as on the pre-printed red forms that
 * OCR scanners read by dropping the red.
 */
import { jsPDF } from 'jspdf';

/** Points from the page's top-left corner. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * One printed box. `box` is outlined; `slot` is a place for a value inside a larger box, with no
 * outline of its own; `check` is a small square with its caption on the right; `shade` is a
 * tinted band (the CMS-1500's supplemental line, the UB-04's alternate lines).
 */
export interface FormBox extends Rect {
  id: string;
  kind: 'box' | 'slot' | 'check' | 'shade';
  /** Printed in small type at the box's top-left corner (a check's caption, on its right); '\n' breaks lines. */
  label?: string;
  align?: 'left' | 'right' | 'center';
}

/** Printed text that is part of the form rather than of a box: titles, column captions, footers. */
export interface FormText {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Degrees counter-clockwise, for the side captions. */
  angle?: number;
}

export interface FormLayout {
  title: string;
  boxes: readonly FormBox[];
  texts: readonly FormText[];
  /** Size of the boxes' labels. */
  labelSize: number;
  /** Size of the data; Courier, so a value's width is its length × 0.6 × this. */
  dataSize: number;
}

/** The values of one page, by box id. */
export type FormValues = ReadonlyMap<string, string>;

const FORM_RED: [number, number, number] = [200, 30, 40];
const SHADE: [number, number, number] = [251, 226, 226];
const PAD = 1.5;
/** Width of a Courier character per point of font size. */
export const COURIER_ADVANCE = 0.6;

/** As much of `text` as fits in `width` at `size`: data never spills into a neighbouring box. */
export function fitted(text: string, width: number, size: number): string {
  const room = Math.max(0, Math.floor((width - 2 * PAD) / (size * COURIER_ADVANCE)));
  return text.length > room ? text.slice(0, room) : text;
}

function drawBox(doc: jsPDF, box: FormBox, labelSize: number): void {
  if (box.kind === 'shade') {
    doc.setFillColor(...SHADE);
    doc.rect(box.x, box.y, box.w, box.h, 'F');
    return;
  }
  if (box.kind === 'box' || box.kind === 'check') doc.rect(box.x, box.y, box.w, box.h, 'S');
  if (box.label === undefined) return;
  const lines = box.label.split('\n');
  if (box.kind === 'check') {
    doc.text(lines, box.x + box.w + 1.5, box.y + box.h - 1.5);
    return;
  }
  doc.text(lines, box.x + 1, box.y + labelSize + 0.5, { lineHeightFactor: 1.05 });
}

function drawValue(doc: jsPDF, box: FormBox, value: string, size: number): void {
  // A check holds one mark, centred; Courier's X is a little wider than the square's inside.
  if (box.kind === 'check') {
    doc.text(value.slice(0, 1), box.x + box.w / 2, box.y + box.h / 2 + size * 0.3, { align: 'center' });
    return;
  }
  const text = fitted(value, box.w, size);
  if (text === '') return;
  const baseline = box.y + box.h - size * 0.25;
  switch (box.align ?? 'left') {
    case 'left':
      doc.text(text, box.x + PAD, baseline);
      return;
    case 'right':
      doc.text(text, box.x + box.w - PAD, baseline, { align: 'right' });
      return;
    case 'center':
      doc.text(text, box.x + box.w / 2, baseline, { align: 'center' });
      return;
  }
}

function drawForm(doc: jsPDF, layout: FormLayout): void {
  doc.setDrawColor(...FORM_RED);
  doc.setTextColor(...FORM_RED);
  doc.setLineWidth(0.5);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(layout.labelSize);
  for (const box of layout.boxes) drawBox(doc, box, layout.labelSize);
  for (const text of layout.texts) {
    doc.setFont('helvetica', text.bold ? 'bold' : 'normal');
    doc.setFontSize(text.size);
    doc.text(text.text, text.x, text.y, {
      align: text.align ?? 'left',
      ...(text.angle === undefined ? {} : { angle: text.angle }),
    });
  }
}

/** One US Letter page per entry of `pages`, each the whole form with that page's values. */
export function formPdf(layout: FormLayout, pages: readonly FormValues[], now: Date): Uint8Array {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'letter', compress: true });
  doc.setProperties({ title: layout.title });
  // The file's own stamp follows the caller's clock, so the same claim prints the same bytes.
  doc.setCreationDate(now);
  const byID = new Map(layout.boxes.map((box) => [box.id, box]));
  pages.forEach((values, index) => {
    if (index > 0) doc.addPage('letter', 'portrait');
    drawForm(doc, layout);
    doc.setTextColor(0, 0, 0);
    doc.setFont('courier', 'normal');
    doc.setFontSize(layout.dataSize);
    for (const [id, value] of values) {
      const box = byID.get(id);
      if (box === undefined) throw new Error(`${layout.title} has no box ${id}.`);
      drawValue(doc, box, value, layout.dataSize);
    }
  });
  return new Uint8Array(doc.output('arraybuffer'));
}
