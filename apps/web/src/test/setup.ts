import { afterAll, afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { message, Modal, notification } from 'antd';

// Lazy area chunks load through the module graph; on a loaded 2-core machine that takes over the
// default 1 s of findBy*/waitFor. A wrong page still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// antd reads matchMedia and ResizeObserver, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class RO {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (window as unknown as { ResizeObserver: typeof RO }).ResizeObserver = RO;
}
window.scrollTo = () => undefined;
afterEach(() => {
  cleanup();
  // antd's static toasts close on their own timers (3 s), which can fire after the file has
  // ended and jsdom is gone ("window is not defined"): close them while the window exists.
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
});
// Unmounting (and antd's static modals being destroyed) leaves React scheduler work queued on
// setImmediate; if the file ends first, jsdom is torn down and that work throws "window is not
// defined" as an unhandled error. Let the queue drain before the environment goes.
afterAll(async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
});
