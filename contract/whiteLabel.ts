import { z } from 'zod';
import { deferred } from './deferred.ts';

export const whiteLabelQuerySchema = deferred(() =>
  z.object({ subdomain: z.string().trim().toLowerCase().min(1).max(63) }).strict(),
);

/** The branding config of SPEC point 3. Images are data URLs or paths under the app. */
export const whiteLabelSetupSchema = deferred(() =>
  z.object({
    id: z.number().int(),
    groupID: z.number().int().nullable(),
    subdomain: z.string(),
    title: z.string(),
    logo: z.string().nullable(),
    image1: z.string().nullable(),
    image2: z.string().nullable(),
    primaryColor: z.string(),
    secondaryColor: z.string(),
    active: z.boolean(),
    createdOn: z.string().nullable(),
    createdBy: z.number().int().nullable(),
    updatedOn: z.string().nullable(),
    updatedBy: z.number().int().nullable(),
    logoName: z.string().nullable(),
    image1Name: z.string().nullable(),
    image2Name: z.string().nullable(),
    favicon: z.string().nullable(),
    faviconName: z.string().nullable(),
  }),
);
export type WhiteLabelSetup = z.infer<typeof whiteLabelSetupSchema>;

/** What the login screen shows when the host has no setup of its own (SPEC point 2). */
export const DEFAULT_WHITE_LABEL: WhiteLabelSetup = {
  id: 0,
  groupID: null,
  subdomain: 'default',
  title: 'Billing Console',
  logo: '/brand/logo.svg',
  image1: null,
  image2: null,
  primaryColor: '#0b5cad',
  secondaryColor: '#e8f1fb',
  active: true,
  createdOn: null,
  createdBy: null,
  updatedOn: null,
  updatedBy: null,
  logoName: 'logo.svg',
  image1Name: null,
  image2Name: null,
  favicon: '/brand/favicon.svg',
  faviconName: 'favicon.svg',
};
