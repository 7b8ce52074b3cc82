import { BadRequestError } from '../../errors.ts';

/** Empty text as no value: a cleared field is stored as null, never as ''. */
export function orNull(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Refuses the save with every problem found, in one message, so the biller fixes them in one go. */
export function refuseIfAny(problems: readonly (string | null | readonly string[])[]): void {
  const found = problems.flat().filter((problem): problem is string => problem !== null);
  if (found.length > 0) throw new BadRequestError(found.join(' '));
}
