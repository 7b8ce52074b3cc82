import { goTo } from '../../routing/navigation.ts';
import { ui } from '../../state/ui.ts';
import { CLAIM_FORM, claimDetailPath, CLAIMS_PATH, EXPANDED_VIEW } from '../../routing/paths.ts';

/**
 * Where Escape leads from the claim form or the expanded view: the screen the biller came from
 * (the claim, the list, a workspace), else the claim's detail (when there is a claim) or the list.
 */
export function goBackFromForm(claimID: number | null): void {
  const previous = [...ui.routeHistory].reverse().find((path) => !CLAIM_FORM.holds(path) && !EXPANDED_VIEW.holds(path));
  goTo(previous ?? (claimID === null ? CLAIMS_PATH : claimDetailPath(claimID)));
}
