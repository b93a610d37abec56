import type { CSSProperties } from 'react';
import { Grid } from 'antd';

/** Main buttons on a phone: at least 44 px high (issue 17; WCAG 2.5.5 target size). */
const TOUCH_BUTTON: CSSProperties = { minHeight: 44, minWidth: 44 };

/**
 * Below antd's `md` breakpoint (768 px) a capture page is used by touch: its main buttons grow to
 * 44 px and the camera comes first. Desktop layouts stay as they were (no style at all there).
 */
export function useTouch(): { touch: boolean; button: CSSProperties | undefined } {
  const screens = Grid.useBreakpoint();
  // Before the first measurement antd reports no breakpoint: treat as desktop (no flash on desktops).
  const touch = screens.md === false;
  return { touch, button: touch ? TOUCH_BUTTON : undefined };
}
