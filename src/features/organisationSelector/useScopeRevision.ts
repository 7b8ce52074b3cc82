import { selector } from './selectorStore.ts';
import { useStore } from '../../state/useStore.ts';

/**
 * Moves each time a new organisation selection is applied. The app shell keys its screen on it,
 * so every grid, report and dashboard is drawn again and reads within the new scope.
 */
export function useScopeRevision(): number {
  return useStore(selector).scopeRevision;
}
