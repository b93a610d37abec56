import { useEffect, useState, type ReactNode } from 'react';

/** The design size of the dashboard: laid out once at 1920×1080, scaled to any screen. */
export const DESIGN = { width: 1920, height: 1080 } as const;

const scaleOf = () => Math.min(window.innerWidth / DESIGN.width, window.innerHeight / DESIGN.height);

/**
 * A fixed 1920×1080 canvas scaled to fit the window (×2 on a 3840×2160 screen), centred, with
 * nothing outside it: the page never scrolls, whatever the screen. Children get the scale (for
 * charts that draw at the screen's real resolution).
 */
export function DisplayCanvas({ children }: { children: (scale: number) => ReactNode }) {
  const [scale, setScale] = useState(scaleOf);
  useEffect(() => {
    const onResize = () => setScale(scaleOf());
    window.addEventListener('resize', onResize);
    const html = document.documentElement.style;
    const before = html.overflow;
    html.overflow = 'hidden';
    return () => {
      window.removeEventListener('resize', onResize);
      html.overflow = before;
    };
  }, []);
  return (
    <div
      data-testid="display-viewport"
      style={{ position: 'fixed', inset: 0, overflow: 'hidden', background: '#04112b' }}
    >
      <div
        data-testid="display-canvas"
        style={{
          position: 'absolute',
          width: DESIGN.width,
          height: DESIGN.height,
          left: (window.innerWidth - DESIGN.width * scale) / 2,
          top: (window.innerHeight - DESIGN.height * scale) / 2,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
          overflow: 'hidden',
        }}
      >
        {children(scale)}
      </div>
    </div>
  );
}
