/**
 * Tab-separated text as spreadsheets paste it: a field holding a tab, a line break or a quote is
 * quoted, with quotes doubled (what Excel and Google Sheets write and read).
 */
function field(value: string): string {
  return /[\t\r\n"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function toTsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((cells) => cells.map(field).join('\t')).join('\n');
}
