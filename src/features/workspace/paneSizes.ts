/**
 * Pane sizes per user and layout, kept on the server under 'workspace:<layoutId>' (percent by pane
 * id). Loaded once per sign-in; saved a moment after the biller stops resizing.
 */
import { type PaneSizes } from '../../../contract/userSettings.ts';
import type { LayoutDeclaration } from '../../../layouts/types.ts';
import { callApi } from '../../api/client.ts';
import { Users } from '../../../contract/calls/users.ts';

export const SAVE_PAUSE_MS = 600;

let loaded: { token: string; sizes: Promise<Record<string, PaneSizes>> } | null = null;

/** Every layout's saved sizes for the signed-in user (`token` tells one sign-in from the next). */
export function loadSavedSizes(token: string): Promise<Record<string, PaneSizes>> {
  if (loaded?.token !== token) {
    const sizes = callApi(Users.getUserSettings, {}, { silent: true, background: true }).then(
      (reply) => reply.workspaces,
      // Sizes are a comfort: on failure the layout's own sizes stand and nobody is interrupted.
      () => ({}),
    );
    loaded = { token, sizes };
  }
  return loaded.sizes;
}

/**
 * The saved sizes if they still fit the layout (one size per pane, adding up to 100), else null:
 * a layout that gained or lost a pane starts from its declared sizes.
 */
export function sizesForLayout(layout: LayoutDeclaration, saved: PaneSizes | undefined): PaneSizes | null {
  if (!saved) return null;
  const ids = layout.panes.map((pane) => pane.id);
  if (Object.keys(saved).length !== ids.length || !ids.every((id) => typeof saved[id] === 'number')) return null;
  const sum = ids.reduce((total, id) => total + (saved[id] ?? 0), 0);
  return Math.abs(sum - 100) < 0.5 ? saved : null;
}

export async function saveSizes(token: string, layoutId: string, sizes: PaneSizes): Promise<void> {
  await callApi(
    Users.saveUserSetting,
    { key: `workspace:${layoutId}`, value: sizes },
    { silent: true, background: true },
  );
  // Keep the cache in step, so switching back to this layout in the same sign-in shows the new sizes.
  if (loaded?.token === token) {
    const previous = await loaded.sizes;
    loaded = { token, sizes: Promise.resolve({ ...previous, [layoutId]: sizes }) };
  }
}
