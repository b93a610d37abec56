import type { DiseaseWord } from '@tcm/contract';
import { useReaderFormat } from '../../lib/reader-format.js';

/** The reader's side of a zh/en pair (the knowledge base and the evidence carry both). */
export function useWord(): (w: DiseaseWord) => string {
  const { lang } = useReaderFormat();
  return (w) => w[lang];
}

export const LEVEL_COLORS = { low: 'green', medium: 'orange', high: 'red' } as const;
export const pct = (x: number) => `${Math.round(x * 100)} %`;
