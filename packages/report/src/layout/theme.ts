/** Colors (hex) and the A4 page geometry (PDF points, 1/72 inch) every page shares. */
export const THEME = {
  primary: '#1B5E6B',
  primaryDark: '#134652',
  primaryLight: '#E7F1F2',
  text: '#1F2328',
  muted: '#5F6B76',
  border: '#CBD5DC',
  zebra: '#F5F8F9',
  risk: { low: '#2E7D32', medium: '#D08A00', high: '#C62828' },
  chart: { line: '#1B5E6B', fill: '#1B5E6B', grid: '#E3E8EC', threshold: '#C62828', band: '#E3F2E5' },
} as const;

export const PAGE = {
  width: 595.28,
  height: 841.89,
  left: 40,
  right: 555.28,
  /** Where content starts on pages after the first (below the running header). */
  top: 56,
  /** Content must end above this line; the footer lives below it. */
  bottom: 790,
  content: 515.28,
} as const;
