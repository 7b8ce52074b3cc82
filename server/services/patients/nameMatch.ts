/** How two patients' names compare, for the duplicate warning. */
import { areNicknames } from './nicknames.ts';

/** Upper case letters only: "O'Brien" and "OBRIEN" are one name. */
export function nameKey(name: string): string {
  return name.toUpperCase().replace(/[^A-Z]/g, '');
}

/**
 * Edits (insert, delete, replace, swap of two neighbouring letters) between two names, counted
 * up to `limit + 1`: only "one letter off" matters here.
 */
export function editDistance(a: string, b: string, limit = 1): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (previous2[j - 2] ?? 0) + 1);
      current.push(best);
    }
    previous2.splice(0, previous2.length, ...previous);
    previous = current;
  }
  return Math.min(previous[b.length] ?? limit + 1, limit + 1);
}

export interface PersonName {
  firstName: string;
  lastName: string;
}

/** Why two names may be one person, in the biller's words; null when they are not alike. */
export function nameLikeness(typed: PersonName, stored: PersonName): string | null {
  const first = nameKey(typed.firstName);
  const last = nameKey(typed.lastName);
  const storedFirst = nameKey(stored.firstName);
  const storedLast = nameKey(stored.lastName);
  if (first === storedFirst && last === storedLast) return 'Same name and date of birth';
  if (first === storedLast && last === storedFirst) return 'First and last names swapped, same date of birth';
  const lastAlike = last === storedLast || editDistance(last, storedLast) <= 1;
  if (lastAlike && areNicknames(first, storedFirst))
    return `${storedFirst} and ${first} are forms of one name, same date of birth`;
  const firstOff = editDistance(first, storedFirst);
  const lastOff = editDistance(last, storedLast);
  if (firstOff + lastOff === 1) return 'Name differs by one letter, same date of birth';
  return null;
}
