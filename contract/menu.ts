import { z } from 'zod';
import { deferred } from './deferred.ts';

/** A menu type is a heading; with a parentID it is a sub-group of another type. */
export const menuTypeSchema = deferred(() =>
  z.object({
    id: z.number().int(),
    parentID: z.number().int().nullable(),
    title: z.string(),
    icon: z.string(),
    order: z.number().int(),
  }),
);
export type MenuType = z.infer<typeof menuTypeSchema>;

export const menuLinkSchema = deferred(() =>
  z.object({
    parentID: z.number().int(),
    title: z.string(),
    link: z.string(),
    order: z.number().int(),
  }),
);
export type MenuLink = z.infer<typeof menuLinkSchema>;

export const menuDataSchema = deferred(() =>
  z.object({ menuTypes: z.array(menuTypeSchema), menuLinks: z.array(menuLinkSchema) }),
);
export type MenuData = z.infer<typeof menuDataSchema>;
