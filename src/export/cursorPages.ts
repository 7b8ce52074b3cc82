/**
 * The pages of a list read by cursor, in order. The next page is asked for as soon as the last
 * one arrives, so whatever the caller does with a page (writing it into a file) overlaps the
 * server's work on the next one.
 */
export async function* cursorPages<Page>(
  fetchPage: (previous: Page | null) => Promise<Page>,
  isLast: (page: Page) => boolean,
): AsyncGenerator<Page> {
  let pending = fetchPage(null);
  for (;;) {
    const page = await pending;
    const last = isLast(page);
    if (!last) {
      pending = fetchPage(page);
      // If the caller stops early (an error while writing), the page in flight must not surface
      // as an unhandled rejection; awaiting it below still sees the failure.
      pending.catch(() => undefined);
    }
    yield page;
    if (last) return;
  }
}
