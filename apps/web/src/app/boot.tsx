import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

/**
 * Starts the app in `root`. Under the server's first HTML (`prerendered`) the page is already on
 * screen, so the first render is a transition: React yields to the browser every few milliseconds
 * instead of holding the main thread in one long task (Lighthouse total blocking time).
 */
export function boot(root: HTMLElement, prerendered: boolean): void {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (prerendered) startTransition(() => createRoot(root).render(app));
  else createRoot(root).render(app);
}
