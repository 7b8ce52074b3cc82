import type { DrillFilter } from '../../../contract/arDashboard.ts';
import { goTo } from '../../routing/navigation.ts';
import { CLAIMS_PATH } from '../../routing/paths.ts';
import { applyClaimSearch, currentClaimSearch } from '../claims/index.ts';
import { dashboardOnScreen, drillGroupName, drillOf } from './dashboardState.ts';

/** The claims list, filtered to exactly the claims a widget counted; the chip names the widget. */
export function showClaims(filter: DrillFilter, label: string): void {
  const labels: Record<string, string> = {};
  for (const field of Object.keys(filter)) labels[field] = label;
  const group = drillGroupName();
  if (filter.groupID !== undefined && group !== null) labels.groupID = group;
  applyClaimSearch({ filter: { ...filter }, labels, sort: currentClaimSearch().sort });
  goTo(CLAIMS_PATH);
}

/** Enter on the widget under the cursor; false when it has nothing behind it yet. */
export function drillIntoWidget(): boolean {
  const drill = drillOf(dashboardOnScreen.widget);
  if (!drill) return false;
  if (drill.kind === 'claims') showClaims(drill.filter, drill.label);
  else drill.run();
  return true;
}
