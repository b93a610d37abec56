import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { theme } from 'antd';
import AntShell from './AntShell.js';

// A reader who asked the system for reduced motion (WCAG 2.3.3) gets Ant Design without its
// animations: the shell sets antd's `motion` token off. (That antd then opens popovers and dialogs
// without their zoom is antd's own behaviour; the browser journeys run with reduced motion on.)

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    })),
  );
}

afterEach(() => vi.unstubAllGlobals());

function motionToken(): boolean | undefined {
  let seen: boolean | undefined;
  function Probe() {
    seen = theme.useToken().token.motion;
    return null;
  }
  render(
    <AntShell>
      <Probe />
    </AntShell>,
  );
  return seen;
}

describe('reduced motion', () => {
  it('turns antd motion off when the reader asked for reduced motion', () => {
    stubReducedMotion(true);
    expect(motionToken()).toBe(false);
  });

  it('keeps it for everybody else', () => {
    stubReducedMotion(false);
    expect(motionToken()).toBe(true);
  });
});
