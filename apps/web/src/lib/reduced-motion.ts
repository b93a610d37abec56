import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const mq = window.matchMedia?.(QUERY);
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
}

/**
 * Whether the reader asked the system for less motion (WCAG 2.3.3). Ant Design animates every
 * dialog, popover and message; with this set the shell turns its motion off, so a confirmation
 * is there (and answers a tap) at once. Follows the setting live; false where the browser
 * cannot say (the server's first HTML, old browsers).
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(QUERY).matches ?? false,
    () => false,
  );
}
