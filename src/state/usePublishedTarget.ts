import { useEffect } from 'react';
import { publishTarget, withdrawTarget, type Target, type TargetKind } from './target.ts';

/**
 * Publishes what the screen has of `kind` under its cursor while it is mounted: a target, null
 * for "I list these and none is here", undefined for nothing yet (still loading). Give it a
 * target kept across renders (useMemo), so a render alone does not publish again.
 */
export function usePublishedTarget<K extends TargetKind>(
  owner: string,
  kind: K,
  target: Target<K> | null | undefined,
): void {
  useEffect(() => {
    if (target === undefined) return;
    publishTarget(owner, kind, target);
    return () => withdrawTarget(owner, kind);
  }, [owner, kind, target]);
}
