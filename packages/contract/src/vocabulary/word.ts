/** A word of the vocabulary in both languages people read (zh is the original). */
export interface Word {
  readonly zh: string;
  readonly en: string;
}

export type WordLang = 'zh' | 'en';

/** Words keyed by the ids an engine writes (labels, codes, classes). */
export type Words<K extends string> = { readonly [id in K]: Word };

const isWord = (w: unknown): w is Word =>
  typeof w === 'object' &&
  w !== null &&
  typeof (w as Partial<Word>).zh === 'string' &&
  typeof (w as Partial<Word>).en === 'string';

/**
 * One table of a vocabulary data file (`tongue.json`, `face.json`, …) as the words of `ids`, the
 * contract's list of what an engine may write. Checked when the module loads: an id without both
 * words, or a key in the file that is no id (a misspelling nobody would look up), fails the
 * import with the table's name, so a data file cannot drift from the contract unnoticed.
 */
export function wordsFor<K extends string>(
  table: string,
  ids: readonly K[],
  words: Readonly<Record<string, unknown>>,
): Words<K> {
  const known = new Set<string>(ids);
  const missing = ids.filter((id) => !isWord(words[id]));
  const stray = Object.keys(words).filter((id) => !known.has(id));
  if (missing.length || stray.length)
    throw new Error(
      `vocabulary ${table}: ${[...missing.map((id) => `no words for ${id}`), ...stray.map((id) => `${id} is no id`)].join(', ')}`,
    );
  return words as Words<K>;
}
