import type { Font } from 'fontkit';

/**
 * Text measurements shared by every document of the process (issue 21's 1,000-report ZIP).
 *
 * pdfkit shapes each space-separated word with fontkit (`font.layout`: script, GSUB/GPOS
 * lookups) to measure and draw it, and keeps the result in a cache of the *document's* font
 * object, which is new for every PDF. A report measures the same labels, titles, column heads
 * and disclaimer in every document, so in a batch most of the shaping was repeated work: a CPU
 * profile of the engine child put about a third of a report in fontkit's layout. Likewise the
 * height of a wrapped text (tables measure every cell before drawing a row) is worked out by
 * wrapping it line by line, the same way for the same text in every report.
 *
 * Both depend only on their inputs (font, size, width, text), never on the document, so one
 * answer serves every document. Both caches are bounded (`BoundedCache`), so a long batch of
 * different names and numbers keeps constant memory.
 */

/**
 * A map of at most about `2 × limit` entries: when the newer generation is full it becomes the
 * older one and the oldest generation is dropped; a hit in the older generation moves forward.
 * Cheaper per lookup than a strict least-recently-used list (no reordering on every hit) and
 * just as good at keeping what every report uses.
 */
export class BoundedCache<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();
  hits = 0;
  misses = 0;
  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    let v = this.young.get(key);
    if (v === undefined) {
      v = this.old.get(key);
      if (v === undefined) {
        this.misses++;
        return undefined;
      }
      this.set(key, v);
    }
    this.hits++;
    return v;
  }

  set(key: string, v: V): void {
    if (this.young.size >= this.limit) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, v);
  }

  get size(): number {
    return this.young.size + this.old.size;
  }
}

/** Words per font and generation: a full report uses about 1,000 different ones. */
const WORDS_PER_GENERATION = 3000;
/** Wrapped-text heights per generation. */
const HEIGHTS_PER_GENERATION = 3000;

/** The part of pdfkit's EmbeddedFont used here (untyped internals of pdfkit 0.20.2). */
interface EmbeddedFontInternals {
  font?: unknown;
  layoutCache?: unknown;
  layoutCached?: (text: string) => unknown;
  layoutRun(text: string): unknown;
}

const words = new Map<Font, BoundedCache<unknown>>();
const heights = new BoundedCache<number>(HEIGHTS_PER_GENERATION);

/**
 * Points the document's current font (an embedded fontkit font) at the process-wide word cache
 * of its fontkit font: pdfkit's own `layoutCached`, with the cache moved out of the document.
 * pdfkit never changes a run after `layoutRun` scaled it (it copies glyph and position arrays,
 * and copies a position before adding word spacing), so sharing runs is safe; text drawn with
 * OpenType features bypasses this cache in pdfkit. Call right after `doc.font(name)`; fonts that
 * are not fontkit fonts are left alone.
 */
export function shareLayouts(doc: PDFKit.PDFDocument, font: Font): void {
  const embedded = (doc as unknown as { _font?: EmbeddedFontInternals })._font;
  if (!embedded || embedded.font !== font || !embedded.layoutCache) return;
  let cache = words.get(font);
  if (!cache) {
    cache = new BoundedCache(WORDS_PER_GENERATION);
    words.set(font, cache);
  }
  const shared = cache;
  embedded.layoutCached = (text: string) => {
    let run = shared.get(text);
    if (run === undefined) {
      run = embedded.layoutRun(text);
      shared.set(text, run);
    }
    return run;
  };
}

/**
 * The height of `text` wrapped to `width` in one of the report's two fonts, measured once per
 * process. `font` names one of the process's fonts (they are parsed once and never change).
 */
export function measuredHeight(
  font: string,
  size: number,
  width: number,
  lineGap: number,
  text: string,
  measure: () => number,
): number {
  const key = `${font}\u0000${size}\u0000${width}\u0000${lineGap}\u0000${text}`;
  let h = heights.get(key);
  if (h === undefined) {
    h = measure();
    heights.set(key, h);
  }
  return h;
}

interface Counts {
  hits: number;
  misses: number;
  size: number;
}

/** Entries held, hits and misses of both caches (tests and benchmarks). */
export function layoutCacheCounts(): { words: Counts; heights: Counts } {
  const all = { hits: 0, misses: 0, size: 0 };
  for (const c of words.values()) {
    all.hits += c.hits;
    all.misses += c.misses;
    all.size += c.size;
  }
  return { words: all, heights: { hits: heights.hits, misses: heights.misses, size: heights.size } };
}

/** The same as one line, for the benchmarks. */
export function layoutCacheStats(): string {
  const { words: w, heights: h } = layoutCacheCounts();
  const rate = (c: Counts) => (c.hits + c.misses ? ((100 * c.hits) / (c.hits + c.misses)).toFixed(1) : '0');
  return `words ${w.size} cached (${rate(w)} % hits), heights ${h.size} (${rate(h)} % hits)`;
}
