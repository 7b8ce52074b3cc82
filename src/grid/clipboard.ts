/**
 * Writes text that may still be on its way (rows fetched from the server) to the clipboard.
 * Chromium keeps the key press's permission for a ClipboardItem built from a promise, so a copy
 * that waits for the server still lands; elsewhere the text is awaited and written plainly.
 */
export async function copyText(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard.write === 'function') {
    const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    return;
  }
  await navigator.clipboard.writeText(await text);
}
