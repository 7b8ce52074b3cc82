import { format } from '@formkit/tempo';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

// tempo builds an Intl formatter per call, and a scrolling grid formats every visible date each
// frame; a work list holds a few hundred distinct dates, so each is formatted once.
const formatted = new Map<string, string>();
const MAX_REMEMBERED = 10_000;

/** A server date (`YYYY-MM-DD` or a full ISO time) as the biller reads it: 01/31/2026. */
export function formatDate(iso: string): string {
  if (!ISO_DATE.test(iso)) return iso;
  const day = iso.slice(0, 10);
  let text = formatted.get(day);
  if (text === undefined) {
    text = format(day, 'MM/DD/YYYY', 'en-US');
    if (formatted.size >= MAX_REMEMBERED) formatted.clear();
    formatted.set(day, text);
  }
  return text;
}

/** A date range of service; one date when both ends are the same day. */
export function formatDateRange(from: string, to: string): string {
  return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
}
