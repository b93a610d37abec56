import { lazy, Suspense, type ReactNode } from 'react';
import { PageSpinner } from '../components/PageSpinner.js';

let antShell: ReturnType<typeof importShell> | undefined;
function importShell() {
  return import('./AntShell.js');
}
/** Starts loading Ant Design's providers (once); call it beside an area's own import so both load in parallel. */
export function preloadAnt() {
  antShell ??= importShell();
  return antShell;
}
const AntShell = lazy(preloadAnt);

/** Wraps a lazy chunk's import so that Ant Design's providers load in parallel with it. */
export function withAnt<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), preloadAnt()]).then(([m]) => m);
}

/** Renders its children inside Ant Design's providers, loaded on first use. */
export function WithAnt({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <AntShell>{children}</AntShell>
    </Suspense>
  );
}
