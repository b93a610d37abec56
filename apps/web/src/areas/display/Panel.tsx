import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

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

const noteStyle: CSSProperties = { color: '#9fb3dd', fontSize: 16, lineHeight: '24px', paddingTop: 16 };
const linkStyle: CSSProperties = { color: '#69b1ff', marginLeft: 8 };

/**
 * What an empty panel lacks, and where that is configured (issue 33 item 4), instead of a blank
 * chart that looks broken. The link opens in a new tab: the wall screen stays as it is.
 * `overlay` lays the note over a chart kept as background (the map's outline).
 */
export function EmptyNote(props: {
  text: string;
  link?: { to: string; label: string };
  testId: string;
  overlay?: boolean;
}) {
  const style: CSSProperties = props.overlay
    ? {
        ...noteStyle,
        position: 'absolute',
        inset: 0,
        zIndex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        padding: '0 48px',
        background: 'rgba(6, 20, 48, 0.72)',
      }
    : noteStyle;
  return (
    <div data-testid={props.testId} style={style}>
      <span data-text>{props.text}</span>
      {props.link && (
        <Link
          to={props.link.to}
          target="_blank"
          rel="noreferrer"
          style={props.overlay ? { color: '#69b1ff' } : linkStyle}
        >
          {props.link.label}
        </Link>
      )}
    </div>
  );
}
