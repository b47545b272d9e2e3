// One small observable value, for the state several screens share (the worker's messages, the
// storage problems, the market's refresh): get, set, subscribe, and a hook that re-renders.

import { useEffect, useState } from 'preact/hooks';

export interface Store<T> {
  get(): T;
  /** a new value, or a function of the current one; listeners hear of every set */
  set(next: T | ((current: T) => T)): void;
  /** returns the unsubscribe */
  subscribe(listener: (value: T) => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      for (const l of [...listeners]) l(value);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The store's value, re-rendering on each change. */
export function useStore<T>(store: Store<T>): T {
  const [value, setValue] = useState(store.get);
  useEffect(() => {
    setValue(store.get()); // a change between the first render and this effect
    return store.subscribe((v) => setValue(() => v));
  }, [store]);
  return value;
}
