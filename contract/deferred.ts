import { z } from 'zod';

/**
 * A schema built the first time it checks a value, not when its module loads. Zod 4 builds every
 * part of a schema where it is declared: the contract's 2,500 parts took 60-80 ms of the browser's
 * start, before the first screen could draw, and most of them serve screens not yet opened.
 * Composite schemas (objects, arrays, unions, records) at a contract module's top level are
 * declared through this; `contract/deferred.test.ts` holds them to it.
 */
export function deferred<Schema extends z.ZodType>(build: () => Schema): z.ZodLazy<Schema> {
  return z.lazy(build);
}
