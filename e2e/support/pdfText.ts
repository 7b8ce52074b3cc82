import { unzlibSync } from 'fflate';

/**
 * The text of a PDF with its compressed content streams inflated, so a test can look for the
 * drawing operators ("(All Claims) Tj", colours) the way it would in an uncompressed file.
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = new TextDecoder('latin1').decode(bytes);
  const parts: string[] = [];
  let at = 0;
  for (const match of raw.matchAll(/\/FlateDecode[^]*?stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    parts.push(raw.slice(at, start));
    try {
      parts.push(new TextDecoder('latin1').decode(unzlibSync(bytes.subarray(start, end))));
    } catch {
      parts.push(raw.slice(start, end));
    }
    at = end;
  }
  parts.push(raw.slice(at));
  return parts.join('');
}
