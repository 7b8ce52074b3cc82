/** Checks that a value printed on a form sits inside the box the layout gives it. */
import { expect } from 'vitest';
import { COURIER_ADVANCE, type FormBox, type FormLayout } from '../formPdf.ts';
import type { TextRun } from './pdfTextRuns.ts';

/** jspdf's resource name for Courier, the only font the data is printed in. */
const DATA_FONT = 'F5';

export function boxOf(layout: FormLayout, id: string): FormBox {
  const box = layout.boxes.find((candidate) => candidate.id === id);
  if (!box) throw new Error(`${layout.title} has no box ${id}.`);
  return box;
}

/** The data (Courier) runs whose whole text lies inside `box`: from its left edge to its right, baseline inside. */
export function runsInBox(runs: readonly TextRun[], box: FormBox, page = 1): TextRun[] {
  return runs.filter((run) => {
    if (run.page !== page || run.font !== DATA_FONT) return false;
    const width = run.text.length * run.size * COURIER_ADVANCE;
    return run.x >= box.x - 0.01 && run.x + width <= box.x + box.w + 0.01 && run.y > box.y && run.y <= box.y + box.h;
  });
}

/** Asserts that box `id` holds exactly `text` on `page`. */
export function expectInBox(runs: readonly TextRun[], layout: FormLayout, id: string, text: string, page = 1): void {
  expect(
    runsInBox(runs, boxOf(layout, id), page).map((run) => run.text),
    `box ${id} on page ${page}`,
  ).toEqual([text]);
}

export function expectEmptyBox(runs: readonly TextRun[], layout: FormLayout, id: string, page = 1): void {
  expect(
    runsInBox(runs, boxOf(layout, id), page).map((run) => run.text),
    `box ${id} on page ${page}`,
  ).toEqual([]);
}
