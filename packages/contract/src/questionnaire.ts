/**
 * The constitution questionnaire (ZYYXH/T157-2009 tables): its items are what the API's
 * `answers` are keyed by, and `questionsFor` is the per-sex selection the client asks, so both
 * live in the contract (imported as `@tcm/contract/questionnaire`, apart from the index, so
 * pages that never ask it do not carry its table). The engine scores from the same items.
 */
import type { ConstitutionCode, ConstitutionQuestion, Sex } from './constitution.js';
import data from './questionnaire.json' with { type: 'json' };

/** One scored slot: an item inside one scale (a shared question has two slots). */
export interface ScaleItem {
  readonly id: string;
  readonly zh: string;
  readonly en: string;
  readonly reverse: boolean;
  readonly sex: Sex | null;
  readonly sharedWith: readonly string[];
}

export interface ScaleDef {
  readonly code: ConstitutionCode;
  readonly zh: string;
  readonly en: string;
  /** Items scored per respondent (F counts one of F6f/F6m). */
  readonly n: number;
  readonly items: readonly ScaleItem[];
}

interface RawItem {
  id: string;
  zh: string;
  en: string;
  reverse: boolean;
  sex: string | null;
  shared_with?: string[];
}

/** The nine scales in type-letter order A…I, read from the standard's tables (questionnaire.json). */
export const SCALES: readonly ScaleDef[] = data.types.map((t) => ({
  code: t.code as ConstitutionCode,
  zh: t.zh,
  en: t.en,
  n: t.n_scored,
  items: (t.items as RawItem[]).map((i) => ({
    id: i.id,
    zh: i.zh,
    en: i.en,
    reverse: i.reverse,
    sex: i.sex === 'female' || i.sex === 'male' ? i.sex : null,
    sharedWith: i.shared_with ?? [],
  })),
}));

export const QUESTIONNAIRE_META = {
  standard: data.standard,
  title: data.title_zh,
  instructions: { zh: data.instructions_zh, en: data.instructions_en },
  scale: data.scale,
  scaleEn: data.scale_en,
} as const;

const allItems = SCALES.flatMap((s) => s.items.map((item) => ({ item, scale: s.code })));

/** Every id the questionnaire knows -> its canonical id (the first id of a shared pair in A…I order). */
export const CANONICAL_ID: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const { item } of allItems) {
    if (map.has(item.id)) continue;
    map.set(item.id, item.id);
    for (const other of item.sharedWith) map.set(other, item.id);
  }
  return map;
})();

/** The sex an item is restricted to, or null. */
export const itemSex = (id: string): Sex | null => allItems.find((x) => x.item.id === id)?.item.sex ?? null;

/** The distinct questions one respondent answers (60 for either sex), each asked once, in A…I order. */
export function questionsFor(sex: Sex): ConstitutionQuestion[] {
  const byCanonical = new Map<string, ConstitutionQuestion>();
  for (const { item, scale } of allItems) {
    if (item.sex && item.sex !== sex) continue;
    const canonical = CANONICAL_ID.get(item.id) ?? item.id;
    const known = byCanonical.get(canonical);
    if (known) {
      known.scales.push(scale);
      continue;
    }
    byCanonical.set(canonical, {
      id: canonical,
      text: { zh: item.zh, en: item.en },
      scales: [scale],
      alsoKnownAs: [...item.sharedWith],
    });
  }
  return [...byCanonical.values()];
}
