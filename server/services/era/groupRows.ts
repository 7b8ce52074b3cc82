/**
 * Rows grouped once by a key, in their order: an ERA can hold thousands of claims, so its lines,
 * adjustments and remarks are grouped in one pass rather than filtered per claim.
 */
export function groupBy<K, T>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The key of an ERA claim's own rows (eraLineID null) or one line's. */
export const ownerKey = (eraClaimID: number, eraLineID: number | null) => `${eraClaimID}:${eraLineID ?? ''}`;
