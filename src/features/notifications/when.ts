/** "just now", "5 min ago", "3 h ago", else the day (en-US). */
export function formatRelativeTime(iso: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  const minutes = Math.round((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(at).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
}
