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

/** What `useJourney` hands a file: the current test's browser, page and errors. */
export interface JourneyView {
  readonly browser: Browser;
  readonly page: Page;
  readonly errors: string[];
  /**
   * The page a failed test's screenshot shows: the journey's page unless a test sets the second
   * page it is on (a user in another context); set it back when the test returns to `page`.
   */
  shown: Page | undefined;
}

/** `journeyHooks` for a file that reads the journey through the getters (the values of the running test). */
export function useJourney(options: BrowserContextOptions): JourneyView {
  let current: Journey | undefined;
  let shown: Page | undefined;
  journeyHooks(
    options,
    (j) => {
      current = j;
      shown = undefined;
    },
    () => shown ?? current!.page,
  );
  return {
    get browser() {
      return current!.browser;
    },
    get page() {
      return current!.page;
    },
    get errors() {
      return current!.errors;
    },
    get shown() {
      return shown;
    },
    set shown(p: Page | undefined) {
      shown = p;
    },
  };
}
