/**
 * Splits an amount of cents over slots (a claim's lines) in proportion to each slot's room (its
 * open balance, or what the payer paid on it), in whole cents that add up to the amount exactly.
 * While the amount fits, no slot gets more than its room: the cents rounding leaves go to the
 * last slots that still have room, the last line first. What does not fit at all goes to the last
 * slot (a credit the biller is warned of). A negative amount is spread as its opposite, negated.
 */
export function spread(total: number, rooms: readonly number[]): number[] {
  const count = rooms.length;
  if (count === 0) return [];
  if (total < 0) return spread(-total, rooms).map((share) => (share === 0 ? 0 : -share));
  const caps = rooms.map((room) => Math.max(0, room));
  const capacity = caps.reduce((sum, cap) => sum + cap, 0);
  const fits = Math.min(total, capacity);
  // BigInt: an amount times a room can pass 2^53 for large remits.
  const shares = caps.map((cap) => (capacity === 0 ? 0 : Number((BigInt(fits) * BigInt(cap)) / BigInt(capacity))));
  let left = fits - shares.reduce((sum, share) => sum + share, 0);
  for (let index = count - 1; index >= 0 && left > 0; index -= 1) {
    const more = Math.min(left, (caps[index] ?? 0) - (shares[index] ?? 0));
    if (more <= 0) continue;
    shares[index] = (shares[index] ?? 0) + more;
    left -= more;
  }
  shares[count - 1] = (shares[count - 1] ?? 0) + left + (total - fits);
  return shares;
}
