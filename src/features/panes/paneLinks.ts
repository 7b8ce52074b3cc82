import type { LinkKind, PaneDeclaration } from '../../../layouts/types.ts';
import { useStore } from '../../state/useStore.ts';
import { workspace } from '../../state/workspace.ts';

/** What every pane view gets: which layout it is in and its own declaration. */
export interface PaneViewProps {
  layoutId: string;
  pane: PaneDeclaration;
}

const FIELD = { claim: 'claimID', patient: 'patientID', chargeLine: 'chargeLine' } as const;

/** The claim, patient or charge line under the cursor of the pane this pane follows for `kind`. */
export function useLinked(layoutId: string, pane: PaneDeclaration, kind: LinkKind): number | null {
  const { cursors } = useStore(workspace);
  const source = pane.links?.[kind];
  if (!source) return null;
  return cursors[layoutId]?.[source]?.[FIELD[kind]] ?? null;
}

/** The pane's own cursor as last published (a view restores it after a layout switch). */
export function useOwnCursor(layoutId: string, paneId: string, kind: LinkKind): number | null {
  const { cursors } = useStore(workspace);
  return cursors[layoutId]?.[paneId]?.[FIELD[kind]] ?? null;
}
