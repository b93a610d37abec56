import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PRERENDER_ID } from '@tcm/contract';
import { App } from './app/App.js';
import './app/global.css';

const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // Under the server's first HTML the page is already on screen: the app's first render may yield
  // to the browser every few milliseconds (a transition) instead of holding the main thread in
  // one long task (Lighthouse total blocking time; docs/web.md "First HTML").
  if (document.getElementById(PRERENDER_ID)) startTransition(() => createRoot(root).render(app));
  else createRoot(root).render(app);
}
