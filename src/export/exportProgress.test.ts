import { describe, expect, it } from 'vitest';
import { fetchProgressText, pdfProgressText } from './exportProgress.ts';

describe('export progress', () => {
  it('counts the rows fetched, and says the file is being written once a PDF or spreadsheet has them all', () => {
    expect(fetchProgressText('csv', 20_000, 100_000, 'claims')).toBe('Exporting 20,000 of 100,000 claims…');
    expect(fetchProgressText('csv', 100_000, 100_000, 'claims')).toBe('Exporting 100,000 of 100,000 claims…');
    expect(fetchProgressText('pdf', 100_000, 100_000, 'claims')).toBe('Writing the PDF…');
    expect(fetchProgressText('xlsx', 100_000, 100_000, 'claims')).toBe('Writing the spreadsheet…');
    expect(fetchProgressText('xlsx', 0, 0, 'claims')).toBe('Exporting 0 of 0 claims…');
  });

  it('counts a PDF pages as they are drawn, then says they are being compressed', () => {
    expect(pdfProgressText(300, 2_128)).toBe('PDF page 300 of 2,128…');
    expect(pdfProgressText(2_128, 2_128)).toBe('Compressing 2,128 pages…');
  });
});
