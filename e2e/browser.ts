import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium with the flags this machine needs (never a downloaded browser). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Every context of a journey browser reads the app as a reader who asked for reduced motion
 * (WCAG 2.3.3): antd's dialogs and popovers then open and close without animating, so a click
 * never meets one mid-zoom. Set per context: Playwright emulates the media feature itself (a
 * Chromium switch is overridden by it).
 */
export function stillContexts(browser: Browser): Browser {
  const open = browser.newContext.bind(browser);
  browser.newContext = (options) => open({ reducedMotion: 'reduce', ...options });
  return browser;
}

export async function launch(): Promise<Browser> {
  return stillContexts(
    await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
      headless: true,
    }),
  );
}

/** Base address of the running app, e.g. http://127.0.0.1:8080 (set by scripts/e2e.sh). */
export const BASE = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
/** Password of every seeded account (SEED_PASSWORD given to the server). */
export const PASSWORD = process.env.E2E_PASSWORD ?? 'e2e-pass-1234';

/** Collects page errors so a journey fails on an uncaught exception in the app. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}
