import { useEffect, useState } from 'react';

/**
 * `html` (already sanitised by the server) cleaned once more with DOMPurify in the browser, or
 * undefined while DOMPurify's module loads. The module is imported on demand so that it is not in
 * the news page's first load (issue 34 item 3, docs/site.md "Speed": it was the 11.5 KiB that put
 * the page over 150 KiB); a page opened from a shared link draws the server's first HTML body and
 * never needs it. `html` undefined: nothing to clean.
 */
export function useCleanHtml(html: string | undefined, opts: { lazyImages?: boolean } = {}): string | undefined {
  const lazyImages = Boolean(opts.lazyImages);
  const [clean, setClean] = useState<{ from: string; html: string }>();
  useEffect(() => {
    if (html === undefined) return;
    let live = true;
    void import('../../../components/editor/sanitize.js').then(({ sanitizeHtml }) => {
      if (live) setClean({ from: html, html: sanitizeHtml(html, { lazyImages }) });
    });
    return () => {
      live = false;
    };
  }, [html, lazyImages]);
  // A cleaned body of an earlier `html` is never shown for a new one.
  return html !== undefined && clean?.from === html ? clean.html : undefined;
}
