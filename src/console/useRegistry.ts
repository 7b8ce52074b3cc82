import { useMemo, useSyncExternalStore } from 'react';
import { allCommands, registryVersion, subscribeToRegistry } from './registry.ts';
import type { Command } from './types.ts';

/** The registered commands; renders again when commands are added or removed. */
export function useRegistry(): readonly Command[] {
  const version = useSyncExternalStore(subscribeToRegistry, registryVersion, registryVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the registry's change signal
  return useMemo(() => allCommands(), [version]);
}
