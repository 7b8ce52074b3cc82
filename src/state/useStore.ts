import { useSnapshot } from 'valtio/react';

/** Renders again when the parts of `store` the component read change. */
export function useStore<T extends object>(store: T): T {
  return useSnapshot(store) as T;
}
