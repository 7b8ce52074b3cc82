import { notify } from '../../toasts/notify.tsx';
import { goTo } from '../../routing/navigation.ts';
import { CLAIMS_PATH } from '../../routing/paths.ts';
import { clearClaimFilters, setClaimFilter } from '../claims/index.ts';
import { openReport, reportParams } from './reportState.ts';
import type { DrillTarget } from './types.ts';

/** Opens the claims list on the claims a drill found: its filters replaced by the target's. */
export function openClaimsOf(target: DrillTarget): void {
  clearClaimFilters();
  setClaimFilter(target.filter, target.labels);
  goTo(CLAIMS_PATH);
  if (target.caveat) notify.info(target.caveat);
}

/**
 * The claims behind the figure under the cursor of the report open now. Refuses, with the reason,
 * on a column that is no figure or a figure with no claims behind it.
 */
export async function drillAtCursor(): Promise<void> {
  const handle = openReport();
  const cursor = handle?.cursor() ?? null;
  if (!handle || !cursor) return;
  const { definition } = handle;
  const column = definition.columns.find((each) => each.id === cursor.columnId);
  if (!definition.drill || !column?.drills) {
    notify.info('Move to a figure (a bucket or a total) to see the claims behind it.');
    return;
  }
  const target = await definition.drill(cursor.row, cursor.columnId, reportParams(definition));
  if (target === null) {
    notify.info('No claims are behind this figure.');
    return;
  }
  openClaimsOf(target);
}
