/**
 * A statement's positional parameters built as its SQL is written: `add(value)` answers `$n`.
 * Starts after `values` already given, so a statement with fixed leading parameters can go on.
 */
export class Params {
  constructor(readonly values: unknown[] = []) {}

  readonly add = (value: unknown): string => {
    this.values.push(value);
    return `$${this.values.length}`;
  };
}
