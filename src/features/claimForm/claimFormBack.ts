import { goTo } from '../../routing/navigation.ts';
import { ui } from '../../state/ui.ts';

const FORM_PATH = /^\/app\/(create-claim|expanded-view)(\/|$)/;

/**
 * Where Escape leads from the claim form or the expanded view: the screen the biller came from
 * (the claim, the list, a workspace), else the claim's detail (when there is a claim) or the list.
 */
export function goBackFromForm(claimID: number | null): void {
  const previous = [...ui.routeHistory].reverse().find((path) => !FORM_PATH.test(path));
  goTo(previous ?? (claimID === null ? '/app/all-claims' : `/app/claim-detail/${claimID}`));
}
