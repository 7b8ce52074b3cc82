import { BadRequestError } from './errors.ts';

/**
 * A 400 whose reply also lists the reasons (`{ message, errors }`), for the calls whose reply
 * SPEC gives such a list. The route that throws it sends the list; the error handler sends the
 * message alone, as for every other error.
 */
export class BadRequestWithErrors extends BadRequestError {
  constructor(
    message: string,
    readonly errors: readonly string[],
  ) {
    super(message);
  }
}
