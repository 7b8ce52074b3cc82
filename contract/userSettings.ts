import { z } from 'zod';
import { deferred } from './deferred.ts';

/**
 * Per-user console state kept on the server: keyboard bindings and workspace pane sizes. Keys are
 * named, values checked per key, so the store cannot become a dumping ground.
 */
export const shortcutBindingsSchema = deferred(() => z.record(z.string().max(100), z.string().max(60).nullable()));
export type ShortcutBindings = z.infer<typeof shortcutBindingsSchema>;

/** Pane sizes in percent, by pane id, for one workspace layout. */
export const paneSizesSchema = deferred(() => z.record(z.string().max(60), z.number().min(0).max(100)));
export type PaneSizes = z.infer<typeof paneSizesSchema>;

/** The most one setting's value may take as JSON: far more than any layout or key map needs. */
export const USER_SETTING_MAX_BYTES = 64 * 1024;
/** The most settings one user keeps (the key map and one entry per workspace layout). */
export const USER_SETTINGS_MAX_KEYS = 100;

export const USER_SETTING_KEY = deferred(() =>
  z.union([
    z.literal('shortcuts'),
    z.literal('landingPage'),
    // The organisation selector's selection (contract/organisationSelector.ts).
    z.literal('organisationSelection'),
    z.string().regex(/^workspace:[a-zA-Z0-9_-]{1,40}$/),
  ]),
);

/**
 * The screen the user lands on after sign-in (the session's defaultModuleURL), chosen by the user
 * themselves: a path of the app, or null for the first screen of their menu.
 */
export const landingPageSchema = deferred(() =>
  z
    .string()
    .trim()
    .max(200)
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'The landing page is a path of the app, such as /app/ar-dashboard.')
    .nullable(),
);

export const userSettingsReplySchema = deferred(() =>
  z.object({
    shortcuts: shortcutBindingsSchema,
    workspaces: z.record(z.string(), paneSizesSchema),
  }),
);
export type UserSettingsReply = z.infer<typeof userSettingsReplySchema>;

export const saveUserSettingRequestSchema = deferred(() =>
  z.object({ key: USER_SETTING_KEY, value: z.unknown() }).strict(),
);
