import { useEffect } from 'react';
import { pushScope } from './focus.ts';
import type { FocusScope } from './types.ts';

/** Holds `scope` on the focus stack while the component is mounted and `active` is true. */
export function useFocusScope(scope: FocusScope, owner: string, active = true): void {
  useEffect(() => (active ? pushScope(scope, owner) : undefined), [scope, owner, active]);
}
