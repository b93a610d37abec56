import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../../../../test/render-at.js';
import { i18n } from '../../../../lib/i18n.js';
import { reloadPage } from './offline.js';

// Issue 39 item 4: "a clear message when an update is waiting". The browser's service worker
// container is replaced by a fake one whose registration has a new version installed and waiting
// while an old one controls the page (what Chromium reports after a changed sw.js was installed).
// The page must say so in the reader's language and, when the visitor accepts, tell the waiting
// worker to take over and reload once it has (not before: the old worker would serve the page).

class FakeWorker extends EventTarget {
  state = 'installed';
  readonly posted: unknown[] = [];
  postMessage(m: unknown): void {
    this.posted.push(m);
  }
}

function fakeServiceWorker() {
  const waiting = new FakeWorker();
  const reg = Object.assign(new EventTarget(), { waiting, installing: null, active: new FakeWorker() });
  const container = Object.assign(new EventTarget(), {
    controller: new FakeWorker(),
    register: vi.fn(async () => reg),
    ready: Promise.resolve(reg),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { waiting, container };
}

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  await i18n.changeLanguage('zh');
});

describe('the detection page when a new version is waiting', () => {
  it.each([
    ['zh', '新版本已就绪。', '重新载入'],
    ['en', 'A new version is ready.', 'Reload'],
  ] as const)('says so (%s) and reloads into it once the new worker has taken over', async (lang, text, button) => {
    // registerOffline runs in production builds only.
    vi.stubEnv('PROD', true);
    const reload = vi.spyOn(reloadPage, 'now').mockImplementation(() => undefined);
    const { waiting, container } = fakeServiceWorker();
    await i18n.changeLanguage(lang);
    renderAt('/tongueAnalyze');
    const banner = await screen.findByTestId('update-waiting', {}, { timeout: 15_000 });
    // The build's own worker under the app's base (/pc/ in production, / under the test runner).
    expect(container.register).toHaveBeenCalledWith(`${import.meta.env.BASE_URL}sw.js`, {
      scope: import.meta.env.BASE_URL,
    });
    expect(banner.textContent).toBe(`${text} ${button}`);
    expect(waiting.posted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(waiting.posted).toEqual([{ type: 'skip-waiting' }]);
    // Nothing reloads until the new worker controls the page.
    expect(reload).not.toHaveBeenCalled();
    act(() => void container.dispatchEvent(new Event('controllerchange')));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers nothing when no version is waiting (the first install)', async () => {
    vi.stubEnv('PROD', true);
    const { container } = fakeServiceWorker();
    Object.assign(await container.register(), { waiting: null });
    renderAt('/tongueAnalyze');
    await screen.findByTestId('tongue-upload', {}, { timeout: 15_000 });
    await act(() => container.ready);
    expect(container.register).toHaveBeenCalled();
    expect(screen.queryByTestId('update-waiting')).toBeNull();
  });
});
