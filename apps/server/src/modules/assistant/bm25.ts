/**
 * Okapi BM25 over short entries (docs/site.md "AI assistant"). Chinese has no spaces, so Han
 * text is cut into overlapping character bigrams ("齿痕舌" → 齿痕, 痕舌), which matches words of
 * any length without a dictionary; Latin text is split into lower-case words.
 */
const HAN = /\p{Script=Han}+/gu;
const WORD = /[a-z0-9]+/g;
/** English words that carry no meaning for retrieval (questions are full of them). */
const STOP = new Set(
  'a an and are as at be by can do does for from how in is it me mean means of on or tell the this to what which with why when who'.split(
    ' ',
  ),
);

export function tokenize(text: string): string[] {
  const s = text.normalize('NFKC').toLowerCase();
  const out: string[] = [];
  for (const [run] of s.matchAll(HAN)) {
    if (run.length === 1) out.push(run);
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2));
  }
  for (const [w] of s.replace(HAN, ' ').matchAll(WORD)) {
    if (w.length < 2 || STOP.has(w)) continue;
    // A light stem: "marks" finds "mark", "patterns" finds "pattern".
    out.push(w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
  }
  return out;
}

export interface Hit {
  index: number;
  score: number;
}

export class Bm25Index {
  private readonly docs: Array<Map<string, number>>;
  private readonly lengths: number[];
  private readonly avgLength: number;
  private readonly idf = new Map<string, number>();

  constructor(
    texts: readonly string[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.docs = texts.map((t) => {
      const tf = new Map<string, number>();
      for (const tok of tokenize(t)) tf.set(tok, (tf.get(tok) ?? 0) + 1);
      return tf;
    });
    this.lengths = this.docs.map((d) => [...d.values()].reduce((a, n) => a + n, 0));
    this.avgLength = this.lengths.reduce((a, n) => a + n, 0) / Math.max(1, this.docs.length);
    const df = new Map<string, number>();
    for (const d of this.docs) for (const tok of d.keys()) df.set(tok, (df.get(tok) ?? 0) + 1);
    const n = this.docs.length;
    for (const [tok, f] of df) this.idf.set(tok, Math.log(1 + (n - f + 0.5) / (f + 0.5)));
  }

  /** The best `k` entries for the query, best first; entries sharing no term are left out. */
  search(query: string, k: number): Hit[] {
    const terms = [...new Set(tokenize(query))].filter((t) => this.idf.has(t));
    const hits: Hit[] = [];
    this.docs.forEach((tf, index) => {
      let score = 0;
      const norm = this.k1 * (1 - this.b + (this.b * this.lengths[index]!) / this.avgLength);
      for (const t of terms) {
        const f = tf.get(t);
        if (f) score += this.idf.get(t)! * ((f * (this.k1 + 1)) / (f + norm));
      }
      if (score > 0) hits.push({ index, score });
    });
    return hits.sort((a, b) => b.score - a.score).slice(0, k);
  }
}
