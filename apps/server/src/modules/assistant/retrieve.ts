import type { AssistantSource, WordLang } from '@tcm/contract';
import { Bm25Index } from './bm25.js';
import { knowledgeEntries, type KnowledgeEntry } from './knowledge.js';

/** How many entries an answer draws on at most. */
export const TOP_K = 5;

let index: Bm25Index | undefined;

/** Title twice (a question naming an entry should find that entry first), then the text, both languages. */
const indexText = (e: KnowledgeEntry) =>
  `${e.title.zh} ${e.title.zh} ${e.title.en} ${e.title.en} ${e.text.zh} ${e.text.en}`;

export interface Retrieved {
  entry: KnowledgeEntry;
  score: number;
}

export function retrieve(question: string, k = TOP_K): Retrieved[] {
  const entries = knowledgeEntries();
  index ??= new Bm25Index(entries.map(indexText));
  const hits = index.search(question, k);
  // Entries far below the best one are noise (a shared common bigram), not support.
  const best = hits[0]?.score ?? 0;
  return hits.filter((h) => h.score >= best * 0.25).map((h) => ({ entry: entries[h.index]!, score: h.score }));
}

export function asSources(found: Retrieved[], lang: WordLang): AssistantSource[] {
  return found.map(({ entry, score }, i) => ({
    ref: i + 1,
    id: entry.id,
    kind: entry.kind,
    title: entry.title[lang],
    file: entry.file,
    source: entry.source,
    excerpt: entry.text[lang],
    score: Math.round(score * 100) / 100,
  }));
}
