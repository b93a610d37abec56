import { PRERENDER_ID } from '@tcm/contract';
// The entry's stylesheet (inlined by the server under a first HTML); the app's modules are in
// the boot chunk, which the page preloads (vite.config.ts `bootPreload`).
import './app/global.css';
import './areas/site/site.css';
import './components/language-switch.css';
import './components/page-spinner.css';

const root = document.getElementById('root');
const start = () => import('./app/boot.js').then((m) => root && m.boot(root, prerendered));
const prerendered = document.getElementById(PRERENDER_ID) !== null;

/**
 * Calls `then` once the browser has painted the server's first HTML (the paint timing's
 * first-contentful-paint entry), so the app's code is evaluated after the first paint: else
 * Lighthouse counts the app's script into FCP and LCP (docs/web.md "First HTML"). A frame is not
 * enough: the browser may run animation frames whose paint it holds back. A browser without paint
 * timing waits a frame and a task; one that never reports a paint starts after 3 s.
 */
function afterFirstPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  setTimeout(once, 3000);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(once));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((e) => e.name === 'first-contentful-paint')) return;
    observer.disconnect();
    setTimeout(once);
  });
  observer.observe({ type: 'paint', buffered: true });
}

// A hidden tab paints nothing: it starts at once, as does a page without a first HTML.
if (prerendered && document.visibilityState === 'visible') afterFirstPaint(() => void start());
else void start();
