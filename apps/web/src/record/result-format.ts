import { formatNumber, formatPercent, readerLang, type LocalizedText, type TongueFeatures } from '@tcm/contract';

/** Text of a zh/en pair in the interface language. */
export const loc = (t: LocalizedText | null | undefined, lang: string): string =>
  t ? (lang === 'en' ? t.en : t.zh) : '';

/** One tongue feature as the result page lists it: the finding, its strength and its evidence. */
export interface FeatureRow {
  name: string;
  label: string;
  score: number | null;
  method: string | null;
  /** Labels by probability, highest first. */
  probabilities: [string, number][];
  /** Measured values behind the label (evidence, plus named measures such as coverage or L*a*b*). */
  evidence: [string, number][];
}

const SKIP = new Set(['label', 'score', 'probabilities', 'method', 'evidence']);

/** Numbers of an object, flattened one level (`lab.L`), in their order. */
function numbers(o: object, prefix = ''): [string, number][] {
  const out: [string, number][] = [];
  for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
    if (typeof v === 'number' && Number.isFinite(v)) out.push([prefix + k, v]);
    else if (typeof v === 'object' && v !== null && !Array.isArray(v) && !prefix) out.push(...numbers(v, `${k}.`));
  }
  return out;
}

/** A labelled feature of the tongue result, whichever its labels. */
type LabelledFeature = Exclude<TongueFeatures[keyof TongueFeatures], number | TongueFeatures['zones']>;

/**
 * The labelled features of a tongue result (each `{ label, score, probabilities, method,
 * evidence, ...measures }`), in the engine's order. Entries without a label (zones, pixel
 * count) are left to their own views.
 */
export function featureRows(features: Partial<TongueFeatures>): FeatureRow[] {
  const rows: FeatureRow[] = [];
  for (const [name, f] of Object.entries(features)) {
    if (!isLabelled(f)) continue;
    const probs: [string, number][] = Object.entries(f.probabilities).filter(
      (e): e is [string, number] => typeof e[1] === 'number',
    );
    const extra = Object.fromEntries(Object.entries(f).filter(([k]) => !SKIP.has(k)));
    rows.push({
      name,
      label: f.label,
      score: f.score,
      method: f.method,
      probabilities: probs.sort((a, b) => b[1] - a[1]),
      evidence: [...numbers(f.evidence), ...numbers(extra)],
    });
  }
  return rows;
}

const isLabelled = (f: TongueFeatures[keyof TongueFeatures] | undefined): f is LabelledFeature =>
  typeof f === 'object' && 'label' in f;

/** A number for display in the page language: up to 3 significant decimals, no trailing zeros. */
export function num(v: number, lang?: string): string {
  const a = Math.abs(v);
  return formatNumber(v, readerLang(lang), Number.isInteger(v) ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : 3);
}

/** A 0-1 share as a whole percentage in the page language. */
export const pct = (p: number, lang?: string) => formatPercent(p, readerLang(lang));
