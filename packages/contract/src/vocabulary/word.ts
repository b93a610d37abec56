/** A word of the vocabulary in both languages people read (zh is the original). */
export interface Word {
  readonly zh: string;
  readonly en: string;
}

export type WordLang = 'zh' | 'en';

/** Words keyed by the ids an engine writes (labels, codes, classes). */
export type Words<K extends string> = { readonly [id in K]: Word };
