import Papa from 'papaparse';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../e2e/support/pdfText.ts';
import { writeCsv } from './csvWriter.ts';
import { fileNameOf, type ExportColumn } from './exportColumns.ts';
import { writeExportFromPages } from './exportFile.ts';
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
    const blob = await writeXlsx(rows, columns, title);
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    return { sheet: strFromU8(files['xl/worksheets/sheet1.xml']!), styles: strFromU8(files['xl/styles.xml']!), workbook: strFromU8(files['xl/workbook.xml']!), files };
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
  it('writes a landscape A4 PDF with the title, the values in en-US USD, a cyan header and negative money in red', () => {
    const pdf = pdfText(new Uint8Array(writePdf(rows, columns, 'Denials March')));
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('/Title (Denials March)');
    expect(pdf).toContain('(Denials March) Tj');
    expect(pdf).toContain('($1,234.56) Tj');
    expect(pdf).toContain('(-$12.50) Tj');
    // A4 landscape: 841.89 x 595.28 points.
    expect(pdf).toMatch(/\/MediaBox \[0 0 841\.8\d* 595\.2\d*\]/);
    // Cyan header fill, and the red of negative money set before the negative amount.
    expect(pdf).toContain('0. 1. 1. rg');
    expect(pdf).toMatch(/0\.776 0\.157 0\.157 rg[\s\S]{0,200}\(-\$12\.50\) Tj/);
  });
});

describe('file names', () => {
  it('names the file after the title and replaces characters a file system refuses', () => {
    expect(fileNameOf('All Claims', 'pdf')).toBe('All Claims.pdf');
    expect(fileNameOf('A/B: C?', 'csv')).toBe('A_B_ C_.csv');
    expect(fileNameOf('   ', 'xlsx')).toBe('Export.xlsx');
  });
});
