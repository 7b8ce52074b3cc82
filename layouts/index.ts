import { claimsWork } from './claimsWork.ts';
import { claimVsEra } from './claimVsEra.ts';
import { patientLedger } from './patientLedger.ts';
import type { LayoutDeclaration } from './types.ts';
import { WORKSPACE_PATH_PREFIX } from '../src/routing/paths.ts';

/** Every workspace layout, in the order of their shortcuts. */
export const LAYOUTS: readonly LayoutDeclaration[] = [claimsWork, claimVsEra, patientLedger];

export const DEFAULT_LAYOUT_ID = claimsWork.id;

export function findLayout(id: string): LayoutDeclaration | undefined {
  return LAYOUTS.find((layout) => layout.id === id);
}

/** The layout id in a /app/workspace/<id> path, or null for any other path. */
export function layoutIdOfPath(path: string): string | null {
  if (!path.startsWith(WORKSPACE_PATH_PREFIX)) return null;
  const rest = path.slice(WORKSPACE_PATH_PREFIX.length).split(/[/?#]/, 1)[0] ?? '';
  return rest === '' ? null : decodeURIComponent(rest);
}
