import { goTo } from '../../routing/navigation.ts';
import { ui } from '../../state/ui.ts';
import { CLAIMS_PATH, WORKSPACE_PATH_PREFIX } from '../../routing/paths.ts';

/** The list the biller opened the claim from: the claims list or a workspace; the claims list by default. */
export function listPathToReturnTo(): string {
  const previous = [...ui.routeHistory]
    .reverse()
    .find((path) => path === CLAIMS_PATH || path.startsWith(WORKSPACE_PATH_PREFIX));
  return previous ?? CLAIMS_PATH;
}

export function backToList(): void {
  goTo(listPathToReturnTo());
}
