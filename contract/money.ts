/**
 * Money is integer cents, never a float: in TypeScript a safe integer, in the database bigint.
 * The brand keeps a plain count (of claims, units) from being passed where cents are meant.
 */
export type Cents = number & { readonly __unit?: 'cents' };

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** en-US USD, e.g. -$1,234.50. */
export function formatCents(value: Cents): string {
  return usd.format(value / 100);
}
