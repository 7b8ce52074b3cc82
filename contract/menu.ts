import { z } from 'zod';

/** A menu type is a heading; with a parentID it is a sub-group of another type. */
export const menuTypeSchema = z.object({
  id: z.number().int(),
  parentID: z.number().int().nullable(),
  title: z.string(),
  icon: z.string(),
  order: z.number().int(),
});
export type MenuType = z.infer<typeof menuTypeSchema>;

export const menuLinkSchema = z.object({
  parentID: z.number().int(),
  title: z.string(),
  link: z.string(),
  order: z.number().int(),
});
export type MenuLink = z.infer<typeof menuLinkSchema>;

export const menuDataSchema = z.object({ menuTypes: z.array(menuTypeSchema), menuLinks: z.array(menuLinkSchema) });
export type MenuData = z.infer<typeof menuDataSchema>;
