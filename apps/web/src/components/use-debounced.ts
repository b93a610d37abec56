import { useEffect, useRef } from 'react';

/** Search debounce of spec §9, ms. */
export const SEARCH_DEBOUNCE_MS = 500;

/** Calls `fn(value)` once `value` has stayed the same for `ms`. */
export function useDebouncedEffect<T>(value: T, fn: (v: T) => void, ms = SEARCH_DEBOUNCE_MS): void {
  const cb = useRef(fn);
  cb.current = fn;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const h = setTimeout(() => cb.current(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
}
