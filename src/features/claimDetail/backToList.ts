import { WORKSPACE_PATH_PREFIX } from '../../../layouts/index.ts';
import { goTo } from '../../routing/navigation.ts';
import { ui } from '../../state/ui.ts';

const CLAIMS_LIST = '/app/all-claims';

/** The list the biller opened the claim from: the claims list or a workspace; the claims list by default. */
export function listPathToReturnTo(): string {
  const previous = [...ui.routeHistory].reverse().find((path) => path === CLAIMS_LIST || path.startsWith(WORKSPACE_PATH_PREFIX));
  return previous ?? CLAIMS_LIST;
}

export function backToList(): void {
  goTo(listPathToReturnTo());
}
