import { z } from 'zod';
import { deferred } from './deferred.ts';

export const gridLayoutQuerySchema = deferred(() =>
  z.object({ gridTypeID: z.string().trim().min(1).max(64) }).strict(),
);

export const gridLayoutSchema = deferred(() =>
  z.object({
    columns: z
      .array(
        z.object({
          id: z.string().max(64),
          width: z.number().int().min(20).max(2000),
          hidden: z.boolean().default(false),
        }),
      )
      .max(200),
    frozen: z.number().int().min(0).max(20).default(0),
  }),
);
export type GridLayout = z.infer<typeof gridLayoutSchema>;

/** `gridJason` is the catalogue's own spelling; it carries the layout as JSON text. */
export const saveGridLayoutRequestSchema = deferred(() =>
  z.object({ gridTypeID: z.string().trim().min(1).max(64), gridJason: z.string().max(64_000) }).strict(),
);

export const gridLayoutReplySchema = deferred(() =>
  z.object({ gridTypeID: z.string(), layout: gridLayoutSchema.nullable() }),
);
