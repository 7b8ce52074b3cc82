import { claimsWork } from './claimsWork.ts';
import { claimVsEra } from './claimVsEra.ts';
import { patientLedger } from './patientLedger.ts';
import type { LayoutDeclaration } from './types.ts';

/** Every workspace layout, in the order of their shortcuts. */
export const LAYOUTS: readonly LayoutDeclaration[] = [claimsWork, claimVsEra, patientLedger];

export const DEFAULT_LAYOUT_ID = claimsWork.id;

export function findLayout(id: string): LayoutDeclaration | undefined {
  return LAYOUTS.find((layout) => layout.id === id);
}

export const WORKSPACE_PATH_PREFIX = '/app/workspace/';

export function workspacePath(layoutId: string): string {
  return `${WORKSPACE_PATH_PREFIX}${layoutId}`;
}

/** The layout id in a /app/workspace/<id> path, or null for any other path. */
export function layoutIdOfPath(path: string): string | null {
  if (!path.startsWith(WORKSPACE_PATH_PREFIX)) return null;
  const rest = path.slice(WORKSPACE_PATH_PREFIX.length).split(/[/?#]/, 1)[0] ?? '';
  return rest === '' ? null : decodeURIComponent(rest);
}
