import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launch, watchErrors } from './browser.js';

export interface Journey {
  browser: Browser;
  page: Page;
  errors: string[];
}

/**
 * The hooks every journey file needs: one Chromium per file, a fresh context and page per test
 * (handed to `bind`), and a screenshot of a failed journey's page (`current`, which a journey
 * may have swapped) in e2e/.artifacts (git-ignored).
 */
export function journeyHooks(options: BrowserContextOptions, bind: (j: Journey) => void, current: () => Page): void {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await current()
        .screenshot({ path: `e2e/.artifacts/${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}.png` })
        .catch(() => undefined);
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext(options);
    const page = await context.newPage();
    bind({ browser, page, errors: watchErrors(page) });
  });
}

/** `journeyHooks` for a file that needs only the page and its errors: read them through the getters. */
export function useJourney(options: BrowserContextOptions): { readonly page: Page; readonly errors: string[] } {
  let current: Journey | undefined;
  journeyHooks(
    options,
    (j) => (current = j),
    () => current!.page,
  );
  return {
    get page() {
      return current!.page;
    },
    get errors() {
      return current!.errors;
    },
  };
}
