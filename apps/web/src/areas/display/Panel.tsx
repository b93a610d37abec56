import type { CSSProperties, ReactNode } from 'react';

export const panelStyle: CSSProperties = {
  background: 'rgba(13, 38, 86, 0.55)',
  border: '1px solid #1f3f7a',
  borderRadius: 6,
  padding: '10px 14px',
  boxSizing: 'border-box',
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
};
const titleStyle: CSSProperties = { color: '#7fb2ff', fontSize: 20, fontWeight: 600, lineHeight: '28px', margin: 0 };
export const muted: CSSProperties = { color: '#7f93bf', fontSize: 14 };

/** One titled panel of the dashboard; its body never scrolls. */
export function Panel(props: {
  title: string;
  extra?: ReactNode;
  height: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section data-testid={props.testId} style={{ ...panelStyle, height: props.height }}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 8 }}>
        <h2 data-text style={titleStyle}>
          {props.title}
        </h2>
        {props.extra && (
          <span data-text style={muted}>
            {props.extra}
          </span>
        )}
      </header>
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>{props.children}</div>
    </section>
  );
}
