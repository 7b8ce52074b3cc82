/** SPEC point 4: a session whose expireDate is missing, unreadable or past is over. */
export function isSessionExpired(expireDate: string | null | undefined, nowMs: number): boolean {
  if (!expireDate) return true;
  const expiresAt = Date.parse(expireDate);
  return Number.isNaN(expiresAt) || expiresAt <= nowMs;
}
