import type { TongueMask } from '@tcm/contract';

/**
 * The photo with the tongue outline the engine found, drawn from the result's polygon (input
 * pixel coordinates, so the SVG viewBox is the photo's own size and the outline scales with it).
 */
export function MaskedPhoto(props: { src: string; mask: TongueMask | null; alt: string; maxWidth?: number }) {
  const { mask } = props;
  const points = mask?.polygon.map(([x, y]) => `${x},${y}`).join(' ');
  return (
    <div style={{ position: 'relative', display: 'inline-block', maxWidth: props.maxWidth ?? 420, width: '100%' }}>
      <img src={props.src} alt={props.alt} style={{ display: 'block', width: '100%' }} data-testid="result-photo" />
      {mask && points && (
        <svg
          viewBox={`0 0 ${mask.width} ${mask.height}`}
          preserveAspectRatio="none"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
          data-testid="mask-outline"
        >
          <polygon
            points={points}
            fill="rgba(82,196,26,0.12)"
            stroke="#52c41a"
            strokeWidth={Math.max(2, mask.width / 250)}
            strokeLinejoin="round"
          />
        </svg>
      )}
    </div>
  );
}
