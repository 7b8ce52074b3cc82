import Papa from 'papaparse';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../e2e/support/pdfText.ts';
import { writeCsv } from './csvWriter.ts';
import { fileNameOf, type ExportColumn } from './exportColumns.ts';
import { writeExportFromPages } from './exportFile.ts';
import { tableFileWriterHere } from './exportJob.ts';
import { exportTableOf, type ExportTable } from './exportTable.ts';
import { writePdf } from './pdfWriter.ts';
import { writeXlsx, XLSX_DATE_FORMAT } from './xlsxWriter.ts';

interface Row {
  id: number;
  patient: string;
  dos: string;
  balance: number;
}

const columns: ExportColumn<Row>[] = [
  { title: 'Claim ID', kind: 'integer', value: (row) => row.id },
  { title: 'Patient', kind: 'text', value: (row) => row.patient },
  { title: 'DOS', kind: 'date', value: (row) => row.dos },
  { title: 'Balance', kind: 'money', value: (row) => row.balance },
];

const rows: Row[] = [
  { id: 101, patient: 'SMITH, "JJ" JANE', dos: '2026-01-31', balance: 123456 },
  { id: 102, patient: 'LEE,\nANN', dos: '2026-02-01', balance: -1250 },
];

describe('CSV writer', () => {
  it('quotes every field and reads back to the same text, money in en-US USD and dates as MM/DD/YYYY', () => {
    const csv = writeCsv(rows, columns);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('"Claim ID","Patient","DOS","Balance"');
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['Claim ID', 'Patient', 'DOS', 'Balance'],
      ['101', 'SMITH, "JJ" JANE', '01/31/2026', '$1,234.56'],
      ['102', 'LEE,\nANN', '02/01/2026', '-$12.50'],
    ]);
    expect(csv).toContain('"101","SMITH, ""JJ"" JANE","01/31/2026","$1,234.56"');
  });

  it('writes a file from pages as they come that is the one-piece file, after a byte-order mark', async () => {
    // Pages as they arrive from the server, an empty one among them.
    async function* pages() {
      for (const page of [[rows[0]!], [], [rows[1]!]]) yield await Promise.resolve(page);
    }
    const { blob, fileName } = await writeExportFromPages('csv', pages(), columns, 'All Claims');
    expect(fileName).toBe('All Claims.csv');
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(writeCsv(rows, columns));
  });
});

describe('spreadsheet writer', () => {
  async function sheetXml(title: string) {
    const blob = await writeXlsx(exportTableOf(rows, columns, title));
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    return {
      sheet: strFromU8(files['xl/worksheets/sheet1.xml']!),
      styles: strFromU8(files['xl/styles.xml']!),
      workbook: strFromU8(files['xl/workbook.xml']!),
      files,
    };
  }

  it('writes money as numbers in dollars with a currency format, dates as date cells, text as strings', async () => {
    const { sheet, styles, workbook, files } = await sheetXml('All Claims');
    expect(workbook).toContain('name="All Claims"');
    // Money: a number cell (no t="s") holding dollars.
    expect(sheet).toMatch(/<c r="D2" s="\d+"><v>1234\.56<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="D3" s="\d+"><v>-12\.5<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="A2"( s="\d+")?><v>101<\/v><\/c>/);
    // Dates: a serial day number (2026-01-31 is 46053) styled with the date format.
    expect(sheet).toMatch(/<c r="C2" s="\d+"><v>46053<\/v><\/c>/);
    expect(styles).toContain(`formatCode="${XLSX_DATE_FORMAT}"`);
    expect(styles).toContain('formatCode="[$$-409]#,##0.00;[Red]-[$$-409]#,##0.00"');
    // Text goes to the shared strings.
    expect(sheet).toMatch(/<c r="B2"( s="\d+")? t="s">/);
    expect(strFromU8(files['xl/sharedStrings.xml']!)).toContain('<t>SMITH, "JJ" JANE</t>');
  });
});

describe('PDF writer', () => {
  const pdfOf = (table: ExportTable) => pdfText(new Uint8Array(writePdf(table)));
  const pagesOf = (pdf: string) => pdf.split(/\/Type \/Page\b(?!s)/).slice(1);

  it('writes a landscape A4 PDF with the title, the values in en-US USD, a cyan header and negative money in red', () => {
    const pdf = pdfOf(exportTableOf(rows, columns, 'Denials March'));
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('/Title (Denials March)');
    expect(pdf).toContain('(Denials March) Tj');
    expect(pdf).toContain('($1,234.56) Tj');
    expect(pdf).toContain('(01/31/2026) Tj');
    // A4 landscape: 841.89 x 595.28 points.
    expect(pdf).toMatch(/\/MediaBox \[0 0 841\.8\d* 595\.2\d*\]/);
    // Cyan header fill, the header in bold (F2), and the red of negative money around the negative amount only.
    expect(pdf).toContain('0 1 1 rg');
    expect(pdf).toMatch(/BT \/F2 6 Tf 0 0 0 rg[^]*\(Claim ID\) Tj[^]*\(Balance\) Tj[^]*ET/);
    expect(pdf).toMatch(/0\.78 0\.16 0\.16 rg\n[^\n]*\(-\$12\.50\) Tj\n0 0 0 rg/);
    expect(pdf).not.toMatch(/0\.78 0\.16 0\.16 rg\n[^\n]*\(\$1,234\.56\) Tj/);
    // A cell's own line break is a second line in the cell.
    expect(pdf).toMatch(/\(LEE,\) Tj\n0 -6\.9 Td \(ANN\) Tj/);
  });

  it('puts every row of a long export on numbered pages, each with the header row, one page for every 40-odd rows', () => {
    const many = Array.from({ length: 1_000 }, (_, index) => ({
      id: 5_000 + index,
      patient: `PATIENT ${index}`,
      dos: '2026-03-01',
      balance: index,
    }));
    const pdf = pdfOf(exportTableOf(many, columns, 'All Claims'));
    const pages = pagesOf(pdf);
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.length).toBeLessThan(25);
    pdf
      .match(/\/MediaBox \[[^\]]*\]/g)
      ?.forEach((box) => expect(box).toMatch(/\/MediaBox \[0 0 841\.8\d* 595\.2\d*\]/));
    const streams = pdf.split('BT /F1 10 Tf').length - 1;
    expect(streams).toBe(1);
    const footers = [...pdf.matchAll(/\(Page ([\d,]+) of ([\d,]+)\) Tj/g)].map((match) => [match[1], match[2]]);
    expect(footers).toHaveLength(pages.length);
    expect(footers.at(-1)).toEqual([String(pages.length), String(pages.length)]);
    expect(pdf.split('(Claim ID) Tj').length - 1).toBe(pages.length);
    for (let index = 0; index < 1_000; index += 1)
      expect(pdf.split(`(${5_000 + index}) Tj`).length - 1, `claim ${5_000 + index}`).toBe(1);
  });

  it('wraps text wider than the page allows, so no word is lost, and writes names outside Latin-1 as WinAnsi', () => {
    const payer = 'Blue Cross Blue Shield of Texas Federal Employee Program '.repeat(12).trim();
    const table = exportTableOf(
      [{ id: 1, patient: `O’BRIEN – ${payer}`, dos: '2026-01-02', balance: 0 }],
      columns,
      'Claims – “March”',
    );
    const pdf = pdfOf(table);
    const drawn = [...pdf.matchAll(/\(((?:[^()\\]|\\.)*)\) Tj/g)].map((match) => match[1]!);
    const patientLines = drawn.filter(
      (line) => line.includes('Blue') || line.includes('BRIEN') || line.includes('Program'),
    );
    expect(patientLines.length).toBeGreaterThan(2);
    expect(patientLines.join(' ').split(/\s+/)).toEqual(`O\x92BRIEN \x96 ${payer}`.split(/\s+/));
    // The title's en dash and curly quotes are single WinAnsi bytes, not UTF-16.
    expect(pdf).toContain('(Claims \x96 \x93March\x94) Tj');
    expect(drawn.filter((line) => line.includes('\u0000'))).toEqual([]);
  });

  it('escapes parentheses and backslashes in text', () => {
    const pdf = pdfOf(
      exportTableOf([{ id: 1, patient: 'DOE (JR) \\ SR', dos: '2026-01-02', balance: 0 }], columns, 'All Claims'),
    );
    expect(pdf).toContain('(DOE \\(JR\\) \\\\ SR) Tj');
  });

  it('writes a file from pages as they come, named after the title', async () => {
    async function* pages() {
      for (const page of [[rows[0]!], [], [rows[1]!]]) yield await Promise.resolve(page);
    }
    const heard: number[][] = [];
    const { blob, fileName } = await writeExportFromPages('pdf', pages(), columns, 'Denials: March', {
      onWrite: (drawn, of) => heard.push([drawn, of]),
      writerOf: tableFileWriterHere,
    });
    expect(fileName).toBe('Denials_ March.pdf');
    expect(blob.type).toBe('application/pdf');
    const pdf = pdfText(new Uint8Array(await blob.arrayBuffer()));
    expect(pdf).toContain('(101) Tj');
    expect(pdf).toContain('(102) Tj');
    expect(heard).toEqual([[1, 1]]);
  });

  it('gives up the file when a page cannot be fetched, with the fetch error', async () => {
    async function* pages() {
      yield await Promise.resolve([rows[0]!]);
      throw new Error('The server did not answer.');
    }
    await expect(
      writeExportFromPages('pdf', pages(), columns, 'All Claims', { writerOf: tableFileWriterHere }),
    ).rejects.toThrow('The server did not answer.');
  });
});

describe('file names', () => {
  it('names the file after the title and replaces characters a file system refuses', () => {
    expect(fileNameOf('All Claims', 'pdf')).toBe('All Claims.pdf');
    expect(fileNameOf('A/B: C?', 'csv')).toBe('A_B_ C_.csv');
    expect(fileNameOf('   ', 'xlsx')).toBe('Export.xlsx');
  });
});
