import { formatCents } from '../../../contract/money.ts';

/** en-US USD; negatives in red, as on the grid and the exports. */
export function Money({ cents }: { cents: number }) {
  return <span className={cents < 0 ? 'money money--negative' : 'money'}>{formatCents(cents)}</span>;
}
