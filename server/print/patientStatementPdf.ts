/**
 * The patient statement on paper (US letter): the practice's header, who the statement is for,
 * one line per date of service, the totals and the amount due, the aging of what the patient
 * owes, and below a dashed line the remittance coupon the patient tears off and mails back with
 * the payment. Several statements make one file, each starting on a page of its own, for the
 * print run.
 */
import { jsPDF } from 'jspdf';
import { formatCents } from '../../contract/money.ts';
import type { Address, PatientStatement } from '../../contract/patientStatements.ts';

const LEFT = 40;
const RIGHT = 572;
const TABLE_TOP = 212;
const ROW = 14;
/** Where the lines stop on a page: below go the totals, the aging and the coupon. */
const LAST_ROW_Y = 440;
const TEAR_Y = 600;
const GREY: [number, number, number] = [225, 225, 225];

/** Right edges of the money columns, and the date and description columns' left edges. */
const COLUMNS = [
  { title: 'Date of service', x: LEFT, align: 'left' },
  { title: 'Description', x: 108, align: 'left' },
  { title: 'Charges', x: 326, align: 'right' },
  { title: 'Insurance paid', x: 394, align: 'right' },
  { title: 'Adjustments', x: 458, align: 'right' },
  { title: 'You paid', x: 512, align: 'right' },
  { title: 'You owe', x: RIGHT, align: 'right' },
] as const;

const AGING_CAPTIONS = [
  ['days0to30', 'Current'],
  ['days31to60', '31-60 days'],
  ['days61to90', '61-90 days'],
  ['days91to120', '91-120 days'],
  ['over120', 'Over 120 days'],
] as const;

const money = (cents: number) => formatCents(cents);

function addressLines(address: Address): string[] {
  return [address.line1, ...(address.line2 ? [address.line2] : []), `${address.city}, ${address.state} ${address.zip}`];
}

/** MM/DD/YYYY, as US statements print dates. */
function usDate(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${month}/${date}/${year}`;
}

function fit(doc: jsPDF, text: string, width: number): string {
  if (doc.getTextWidth(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.getTextWidth(`${cut}...`) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

function font(doc: jsPDF, size: number, bold = false): void {
  doc.setFont('helvetica', bold ? 'bold' : 'normal');
  doc.setFontSize(size);
}

function drawHeader(doc: jsPDF, statement: PatientStatement, continued: boolean): void {
  font(doc, 14, true);
  doc.text(statement.practice.name, LEFT, 50);
  font(doc, 9);
  const practiceLines = addressLines(statement.practice.address);
  if (statement.practice.phone) practiceLines.push(`Phone ${statement.practice.phone}`);
  doc.text(practiceLines, LEFT, 64, { lineHeightFactor: 1.3 });

  font(doc, 16, true);
  doc.text(continued ? 'PATIENT STATEMENT (continued)' : 'PATIENT STATEMENT', RIGHT, 50, { align: 'right' });
  const facts: [string, string][] = [
    ['Statement date', usDate(statement.statementDate)],
    ['Account number', statement.accountNumber],
    ['Amount due', money(statement.amountDue)],
  ];
  facts.forEach(([label, value], index) => {
    const y = 70 + index * 14;
    font(doc, 9);
    doc.text(label, 470, y, { align: 'right' });
    font(doc, 10, true);
    doc.text(value, RIGHT, y, { align: 'right' });
  });

  font(doc, 8);
  doc.text('STATEMENT FOR', LEFT, 128);
  font(doc, 11, true);
  doc.text(statement.patientName, LEFT, 142);
  font(doc, 10);
  doc.text(addressLines(statement.patientAddress), LEFT, 156, { lineHeightFactor: 1.3 });
}

function drawTableHead(doc: jsPDF): void {
  doc.setFillColor(...GREY);
  doc.rect(LEFT - 4, TABLE_TOP - 11, RIGHT - LEFT + 8, 16, 'F');
  font(doc, 8, true);
  for (const column of COLUMNS) doc.text(column.title, column.x, TABLE_TOP, { align: column.align });
}

function drawLine(doc: jsPDF, line: PatientStatement['lines'][number], y: number): void {
  font(doc, 9);
  doc.text(usDate(line.dateOfService), COLUMNS[0].x, y);
  doc.text(fit(doc, line.description, 172), COLUMNS[1].x, y);
  const amounts = [line.charges, line.insurancePaid, line.adjustments, line.patientPaid, line.patientBalance];
  amounts.forEach((amount, index) => {
    const column = COLUMNS[index + 2];
    if (column) doc.text(money(amount), column.x, y, { align: 'right' });
  });
}

function drawTotals(doc: jsPDF, statement: PatientStatement, top: number): void {
  const sum = (pick: (line: PatientStatement['lines'][number]) => number) =>
    statement.lines.reduce((total, line) => total + pick(line), 0);
  doc.setDrawColor(0);
  doc.setLineWidth(0.5);
  doc.line(LEFT - 4, top, RIGHT + 4, top);
  font(doc, 9, true);
  const y = top + 12;
  doc.text('Totals', COLUMNS[1].x, y);
  [
    sum((line) => line.charges),
    sum((line) => line.insurancePaid),
    sum((line) => line.adjustments),
    sum((line) => line.patientPaid),
    statement.patientBalanceDue,
  ].forEach((amount, index) => {
    const column = COLUMNS[index + 2];
    if (column) doc.text(money(amount), column.x, y, { align: 'right' });
  });
  const summary: [string, string][] = [
    ['Your balance on these visits', money(statement.patientBalanceDue)],
    ['Less credit on your account', money(-statement.unappliedCredit)],
  ];
  summary.forEach(([label, value], index) => {
    font(doc, 9);
    doc.text(label, 480, y + 22 + index * 13, { align: 'right' });
    doc.text(value, RIGHT, y + 22 + index * 13, { align: 'right' });
  });
  doc.setFillColor(...GREY);
  doc.rect(360, y + 42, RIGHT - 356, 18, 'F');
  font(doc, 11, true);
  doc.text('AMOUNT DUE', 480, y + 55, { align: 'right' });
  doc.text(money(statement.amountDue), RIGHT, y + 55, { align: 'right' });
}

function drawAging(doc: jsPDF, statement: PatientStatement): void {
  const top = 540;
  const width = (RIGHT - LEFT) / AGING_CAPTIONS.length;
  doc.setDrawColor(0);
  doc.setLineWidth(0.5);
  AGING_CAPTIONS.forEach(([bucket, caption], index) => {
    const x = LEFT + index * width;
    doc.setFillColor(...GREY);
    doc.rect(x, top, width, 14, 'FD');
    doc.rect(x, top + 14, width, 18, 'S');
    font(doc, 8, true);
    doc.text(caption, x + width / 2, top + 10, { align: 'center' });
    font(doc, 10);
    doc.text(money(statement.aging[bucket]), x + width / 2, top + 27, { align: 'center' });
  });
  font(doc, 7);
  doc.text('Age of your balance, counted from the date of service.', LEFT, top - 5);
}

function drawCoupon(doc: jsPDF, statement: PatientStatement): void {
  doc.setDrawColor(0);
  doc.setLineWidth(0.7);
  doc.setLineDashPattern([4, 3], 0);
  doc.line(LEFT - 20, TEAR_Y, RIGHT + 20, TEAR_Y);
  doc.setLineDashPattern([], 0);
  font(doc, 7);
  doc.text('Please detach and return this portion with your payment.', 306, TEAR_Y + 10, { align: 'center' });

  font(doc, 8);
  doc.text('MAKE CHECKS PAYABLE AND MAIL TO', LEFT, TEAR_Y + 34);
  font(doc, 11, true);
  doc.text(statement.practice.name, LEFT, TEAR_Y + 48);
  font(doc, 10);
  doc.text(addressLines(statement.payTo), LEFT, TEAR_Y + 62, { lineHeightFactor: 1.3 });
  font(doc, 8);
  doc.text('FROM', LEFT, TEAR_Y + 118);
  font(doc, 10);
  doc.text([statement.patientName, ...addressLines(statement.patientAddress)], LEFT, TEAR_Y + 131, {
    lineHeightFactor: 1.25,
  });

  const boxX = 330;
  const rows: [string, string][] = [
    ['Account number', statement.accountNumber],
    ['Statement date', usDate(statement.statementDate)],
    ['Amount due', money(statement.amountDue)],
  ];
  doc.setLineWidth(0.5);
  rows.forEach(([label, value], index) => {
    const y = TEAR_Y + 26 + index * 24;
    doc.rect(boxX, y, RIGHT - boxX, 24, 'S');
    font(doc, 8);
    doc.text(label, boxX + 6, y + 15);
    font(doc, 11, true);
    doc.text(value, RIGHT - 6, y + 16, { align: 'right' });
  });
  const enclosedY = TEAR_Y + 26 + rows.length * 24;
  doc.setLineWidth(1.2);
  doc.rect(boxX, enclosedY, RIGHT - boxX, 30, 'S');
  font(doc, 8, true);
  doc.text('Amount enclosed', boxX + 6, enclosedY + 18);
  font(doc, 14);
  doc.text('$', 460, enclosedY + 20);
  font(doc, 7);
  doc.text('Write your account number on your check.', boxX, enclosedY + 42);
}

function drawStatement(doc: jsPDF, statement: PatientStatement, first: boolean): void {
  if (!first) doc.addPage('letter', 'portrait');
  drawHeader(doc, statement, false);
  drawTableHead(doc);
  let y = TABLE_TOP + ROW + 2;
  if (statement.lines.length === 0) {
    font(doc, 9);
    doc.text('No visits with a balance for you to pay.', COLUMNS[1].x, y);
    y += ROW;
  }
  for (const line of statement.lines) {
    if (y > LAST_ROW_Y) {
      doc.addPage('letter', 'portrait');
      drawHeader(doc, statement, true);
      drawTableHead(doc);
      y = TABLE_TOP + ROW + 2;
    }
    drawLine(doc, line, y);
    y += ROW;
  }
  drawTotals(doc, statement, y - 8);
  drawAging(doc, statement);
  drawCoupon(doc, statement);
}

/** One file of the statements, each starting on a new page. */
export function patientStatementsPdf(statements: readonly PatientStatement[]): Uint8Array {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'letter', compress: true });
  doc.setProperties({ title: statements.length === 1 ? 'Patient statement' : 'Patient statements' });
  statements.forEach((statement, index) => drawStatement(doc, statement, index === 0));
  return new Uint8Array(doc.output('arraybuffer'));
}
