import type { PoolVariable, SampleValue } from '@tcm/contract';
import type { ReaderLang } from '@tcm/contract';

/** A variable's name in the reader's language (system variables carry vocabulary words). */
export const variableWord = (v: PoolVariable | undefined, key: string, lang: ReaderLang): string =>
  v ? v.label[lang] : key;

/** A level's word: the dictionary's words for it, else the level as written (a doctor's own term). */
export const levelWord = (v: PoolVariable | undefined, level: string, lang: ReaderLang): string =>
  v?.levelWords?.[level]?.[lang] ?? level;

/** A sample value as shown in a table cell. */
export function valueText(
  v: PoolVariable | undefined,
  value: SampleValue | undefined,
  lang: ReaderLang,
  yesNo: { yes: string; no: string },
  number: (n: number) => string,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (typeof value === 'number') return v?.type === 'binary' ? (value ? yesNo.yes : yesNo.no) : number(value);
  return levelWord(v, value, lang);
}

/** An encoded column name of @tcm/research ("tongue.bodyColor=red", "thirst") in words. */
export function columnWord(variables: readonly PoolVariable[], column: string, lang: ReaderLang): string {
  const [key, level] = column.split('=') as [string, string | undefined];
  const v = variables.find((x) => x.key === key);
  return level === undefined
    ? variableWord(v, key, lang)
    : `${variableWord(v, key, lang)} = ${levelWord(v, level, lang)}`;
}

/** An association item (variable + level, null for a binary finding) in words. */
export function itemWord(
  variables: readonly PoolVariable[],
  item: { variable: string; level: string | null },
  lang: ReaderLang,
) {
  return columnWord(variables, item.level === null ? item.variable : `${item.variable}=${item.level}`, lang);
}
