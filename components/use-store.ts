import { useEffect, useReducer } from 'preact/hooks';
import type { StoreApi } from 'zustand/vanilla';

/**
 * Renders a component again whenever a vanilla zustand store changes. zustand's own hook imports
 * React; this is the few lines Preact needs instead.
 */
export function useStore<S>(store: StoreApi<S>): S {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const unsubscribe = store.subscribe(() => rerender(undefined));
    // A change between the first render and this subscription would otherwise go unseen.
    rerender(undefined);
    return unsubscribe;
  }, [store]);
  return store.getState();
}
