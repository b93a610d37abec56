import { useLayoutEffect } from 'react';
import { PRERENDER_ID } from '@tcm/contract';

/**
 * Hands the screen from the server's first HTML to the app (docs/web.md "First HTML"). The
 * server writes the page's markup into `#prerender`, before the app's `#root`, which the entry
 * stylesheet hides while `#prerender` exists. When the app has drawn the same page (`ready`), the
 * server's copy is removed before the browser paints (a layout effect): the app's identical markup
 * takes its place in the same frame, so nothing moves (CLS 0) and nothing larger is drawn (LCP
 * stays the first paint's). Idempotent: StrictMode's second run and later pages find nothing.
 */
export function useTakeOver(ready = true): void {
  useLayoutEffect(() => {
    if (ready) document.getElementById(PRERENDER_ID)?.remove();
  }, [ready]);
}
