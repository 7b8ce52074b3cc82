import { format } from '@formkit/tempo';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** A server date (`YYYY-MM-DD` or a full ISO time) as the biller reads it: 01/31/2026. */
export function formatDate(iso: string): string {
  return ISO_DATE.test(iso) ? format(iso.slice(0, 10), 'MM/DD/YYYY', 'en-US') : iso;
}

/** A date range of service; one date when both ends are the same day. */
export function formatDateRange(from: string, to: string): string {
  return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
}
