import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../errors.ts';
import { describeInputError } from './describeInputError.ts';

/** PostgreSQL error codes that are the caller's fault, with words for them. */
const DATABASE_INPUT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'This record already exists.'],
  '23503': [400, 'A record this refers to does not exist.'],
  '23514': [400, 'A value is outside what is allowed.'],
  '22P02': [400, 'A value has the wrong format.'],
  '22003': [400, 'A number is out of range.'],
  '22007': [400, 'A date has the wrong format.'],
  '22008': [400, 'A date is out of range.'],
};

/**
 * One place turns every failure into `{ message }` with a status. 4xx messages are written for
 * the biller; a 5xx says nothing of internals, and the log gets the error without request data.
 */
/** The refusal of a body over the route's limit, naming the limit (a 20 MB ERA file, a 1 MB form). */
export function tooLarge(limitBytes: number | undefined): string {
  if (limitBytes === undefined) return 'The request is larger than allowed.';
  const megabytes = limitBytes / (1024 * 1024);
  return `The request is larger than allowed: at most ${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB.`;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) return reply.status(error.statusCode).send({ message: error.message });
    if (error instanceof ZodError) return reply.status(400).send({ message: describeInputError(error) });
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code in DATABASE_INPUT_ERRORS) {
      const [status, message] = DATABASE_INPUT_ERRORS[code]!;
      return reply.status(status).send({ message });
    }
    const statusCode = (error as FastifyError).statusCode;
    if (
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      code === 'FST_ERR_CTP_INVALID_JSON' ||
      (error instanceof SyntaxError && statusCode === 400)
    ) {
      return reply.status(400).send({ message: 'The request body is not valid JSON.' });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).send({ message: tooLarge(request.routeOptions.bodyLimit) });
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send({ message: 'Send the request as application/json.' });
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return reply.status(400).send({ message: 'The request body is empty.' });
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({ message: 'The request could not be read.' });
    }
    // Only the error's own name, code and stack: database errors carry row values in `detail`.
    request.log.error(
      { err: { name: error.name, code, message: error.message, stack: error.stack } },
      'request failed',
    );
    return reply.status(500).send({ message: 'Unexpected server error' });
  });
}
