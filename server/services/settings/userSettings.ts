import {
  landingPageSchema,
  USER_SETTING_MAX_BYTES,
  USER_SETTINGS_MAX_KEYS,
  paneSizesSchema,
  shortcutBindingsSchema,
  type UserSettingsReply,
} from '../../../contract/userSettings.ts';
import type { Queryable } from '../../db/types.ts';
import { BadRequestError } from '../../errors.ts';

export async function loadUserSettings(q: Queryable, userId: number): Promise<UserSettingsReply> {
  const rows = await q.query<{ key: string; value: unknown }>(
    'SELECT key, value FROM user_settings WHERE user_id = $1',
    [userId],
  );
  const reply: UserSettingsReply = { shortcuts: {}, workspaces: {} };
  for (const row of rows) {
    if (row.key === 'shortcuts') {
      const parsed = shortcutBindingsSchema.safeParse(row.value);
      if (parsed.success) reply.shortcuts = parsed.data;
    } else if (row.key.startsWith('workspace:')) {
      const parsed = paneSizesSchema.safeParse(row.value);
      if (parsed.success) reply.workspaces[row.key.slice('workspace:'.length)] = parsed.data;
    }
  }
  return reply;
}

/**
 * Keeps one setting. The value is checked against its key's schema; `validate` lets the caller add
 * rules the schema cannot know (shortcut conflicts are checked against the command registry, which
 * lives in the browser, so the client refuses them first and the server keeps them well-formed).
 */
export async function saveUserSetting(q: Queryable, userId: number, key: string, value: unknown): Promise<void> {
  if (key === 'landingPage') return saveLandingPage(q, userId, value);
  const schema = key === 'shortcuts' ? shortcutBindingsSchema : paneSizesSchema;
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new BadRequestError(
      `The ${key === 'shortcuts' ? 'shortcut bindings are' : 'pane sizes are'} not in the expected form.`,
    );
  if (key === 'shortcuts') {
    const seen = new Map<string, string>();
    for (const [commandId, binding] of Object.entries(parsed.data as Record<string, string | null>)) {
      if (binding === null) continue;
      const other = seen.get(binding);
      if (other) throw new BadRequestError(`"${binding}" is already bound to ${other}.`);
      seen.set(binding, commandId);
    }
  }
  const json = JSON.stringify(parsed.data);
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > USER_SETTING_MAX_BYTES)
    throw new BadRequestError(
      `A setting takes at most ${USER_SETTING_MAX_BYTES / 1024} KB; this one is ${Math.ceil(bytes / 1024)} KB.`,
    );
  // A new key only while the user has room for it; one already kept may always be replaced.
  const saved = await q.query(
    `INSERT INTO user_settings (user_id, key, value)
     SELECT $1, $2, $3
      WHERE EXISTS (SELECT 1 FROM user_settings WHERE user_id = $1 AND key = $2)
         OR (SELECT count(*) FROM user_settings WHERE user_id = $1) < $4
     ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value
     RETURNING 1`,
    [userId, key, json, USER_SETTINGS_MAX_KEYS],
  );
  if (saved.length === 0)
    throw new BadRequestError(`At most ${USER_SETTINGS_MAX_KEYS} settings are kept per user: this one is not saved.`);
}

/**
 * The user's own landing page is the one sign-in reads (users.default_module_url, also set by an
 * administrator on the user's record): one place, so the two can never disagree. Sign-in still
 * lands on the first screen of the menu when the page is not in it.
 */
async function saveLandingPage(q: Queryable, userId: number, value: unknown): Promise<void> {
  const parsed = landingPageSchema.safeParse(value);
  if (!parsed.success)
    throw new BadRequestError(parsed.error.issues[0]?.message ?? 'The landing page is not a path of the app.');
  await q.query('UPDATE users SET default_module_url = $2 WHERE user_id = $1', [userId, parsed.data]);
}
