import { createContext } from 'react';
import type { TFunction } from 'i18next';
import type { ReaderLang, ResearchJob, ResearchResult, ResearchResultOf, ResearchWarning } from '@tcm/contract';
import { levelWord, variableWord } from './words.js';

const isKind = <K extends ResearchResult['kind']>(r: ResearchResult, kind: K): r is ResearchResultOf<K> =>
  r.kind === kind;

/** A job's result when it is of `kind`: the contract's union narrowed, no cast. */
export function resultOf<K extends ResearchResult['kind']>(
  job: ResearchJob | undefined,
  kind: K,
): ResearchResultOf<K> | null {
  const r = job?.result;
  return r && isKind(r, kind) ? r : null;
}

/** Finished with a result to show: `done`, or `warning` (shown with its reasons). */
export const finished = (job: ResearchJob | undefined): boolean => job?.status === 'done' || job?.status === 'warning';

/**
 * A warning in the reader's words: variables by their labels, classes by their level words,
 * clusters by their numbers as the screens name them (never a key or the package's text).
 */
export function warningText(w: ResearchWarning, job: ResearchJob, t: TFunction, lang: ReaderLang): string {
  const byKey = new Map(job.variables.map((v) => [v.key, v]));
  const target = job.result?.kind === 'classification' ? byKey.get(job.result.target) : undefined;
  const item = (x: string): string => {
    if (w.code === 'no_data') return variableWord(byKey.get(x), x, lang);
    if (w.code === 'empty_clusters') return t('research.cluster.cluster', { n: x });
    if (target?.type === 'binary') return t(x === 'present' ? 'research.present' : 'research.absent');
    return levelWord(target, x, lang);
  };
  const items = w.items.map(item).join(lang === 'zh' ? '、' : ', ');
  return t(`research.warnings.${w.code}`, { items, count: w.count, limit: w.limit });
}

/** The warnings of the result on screen, in words: every export of the screen carries them. */
export const ExportNotes = createContext<readonly string[]>([]);
