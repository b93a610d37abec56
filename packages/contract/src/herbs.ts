import herbData from './data/herbs.json' with { type: 'json' };
import formulaData from './data/formulas.json' with { type: 'json' };
import { z } from 'zod';
import { PREPARATIONS, type HerbFacts, type Preparation, type Toxicity } from './herb-safety.js';

/**
 * The herb dictionary and the classic-formula library shipped with the project (issue 19 item 3;
 * docs/archive.md "Herb dictionary"). The JSON files keep one compact row per entry and name the
 * source of every column in their `sources` block; this module turns rows into objects.
 */
export interface HerbEntry {
  /** The Chinese name is the key (names are unique in the pharmacopoeia). */
  id: string;
  name: string;
  /** Toneless pinyin, syllables separated by spaces ("gan cao"). */
  pinyin: string;
  /** First letters of the syllables ("gc"): the composer's search key. */
  initials: string;
  doseMin: number;
  doseMax: number;
  unit: string;
  /** 性: 寒, 凉, 平, 温, 热 (with 微/大). */
  nature: string;
  /** 味, e.g. "甘、苦". */
  flavour: string;
  /** 归经, e.g. "肺、脾". */
  meridians: string;
  pregnancy?: 'forbidden' | 'caution';
  /** 有大毒 high, 有毒 medium, 有小毒 low (ChP 2020 【性味与归经】, herbs.json `toxicity`). */
  toxicity?: Toxicity;
  /** The pharmacopoeia's upper dose of a toxic herb (an override never changes it). */
  toxicDoseMax?: number;
  /** Usual handling in a decoction when the pharmacopoeia prescribes one (先煎, 后下, 包煎, 烊化). */
  preparation?: Preparation;
  /** Key of `HERB_SOURCES`. */
  source: string;
  /** true when the reader's own override replaced the dose range or pregnancy rule. */
  overridden?: boolean;
}

export interface FormulaHerb {
  name: string;
  dose: number;
  unit: 'g' | '枚' | '片' | '条' | '只' | 'ml';
  preparation?: Preparation;
}

export interface FormulaEntry {
  id: string;
  name: string;
  pinyin: string;
  initials: string;
  /** Classical origin, e.g. 《伤寒论》. */
  origin: string;
  herbs: FormulaHerb[];
  usage: string;
  /** Key of `FORMULA_SOURCES` for the modern doses; `own` for a doctor's own formula. */
  source: string;
  mine?: boolean;
}

/** API shapes of the dictionary calls (the entries above). */
export const herbEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  pinyin: z.string(),
  initials: z.string(),
  doseMin: z.number(),
  doseMax: z.number(),
  unit: z.string(),
  nature: z.string(),
  flavour: z.string(),
  meridians: z.string(),
  pregnancy: z.enum(['forbidden', 'caution']).optional(),
  toxicity: z.enum(['high', 'medium', 'low']).optional(),
  toxicDoseMax: z.number().optional(),
  preparation: z.enum(PREPARATIONS).optional(),
  source: z.string(),
  /** true when the caller's own override replaced the dose range or pregnancy rule. */
  overridden: z.boolean().optional(),
});
export const formulaEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  pinyin: z.string(),
  initials: z.string(),
  origin: z.string(),
  herbs: z.array(
    z.object({
      name: z.string(),
      dose: z.number(),
      unit: z.enum(['g', '枚', '片', '条', '只', 'ml']),
      preparation: z.enum(PREPARATIONS).optional(),
    }),
  ),
  usage: z.string(),
  source: z.string(),
  /** The caller's own formula (source `own`). */
  mine: z.boolean().optional(),
});

type HerbRow = [string, string, number, number, string, string, string, string?, string?, string?];
type FormulaRow = [string, string, string, string, string];

export const initialsOf = (pinyin: string): string =>
  pinyin
    .split(/\s+/)
    .filter(Boolean)
    .map((s) => s[0])
    .join('')
    .toLowerCase();

const PREGNANCY: Record<string, HerbEntry['pregnancy']> = { 禁用: 'forbidden', 慎用: 'caution' };

const TOXICITY_GRADE: Record<string, Toxicity> = { 有大毒: 'high', 有毒: 'medium', 有小毒: 'low' };
/** Herb name → toxicity grade, from the file's `toxicity` block. */
const TOXICITY = new Map<string, Toxicity>(
  Object.entries(herbData.toxicity).flatMap(([grade, g]) => g.herbs.map((n) => [n, TOXICITY_GRADE[grade]!] as const)),
);

export const HERB_SOURCES: Record<string, string> = herbData.sources;
export const HERBS: readonly HerbEntry[] = (herbData.herbs as HerbRow[]).map(
  ([name, pinyin, doseMin, doseMax, nature, flavour, meridians, pregnancy, preparation, source]) => ({
    id: name,
    name,
    pinyin,
    initials: initialsOf(pinyin),
    doseMin,
    doseMax,
    unit: 'g',
    nature,
    flavour,
    meridians,
    ...(pregnancy && PREGNANCY[pregnancy] ? { pregnancy: PREGNANCY[pregnancy] } : {}),
    ...(TOXICITY.has(name) ? { toxicity: TOXICITY.get(name)!, toxicDoseMax: doseMax } : {}),
    ...(preparation ? { preparation: preparation as Preparation } : {}),
    source: source || herbData.defaultSource,
  }),
);

/** "桂枝9 芍药9 生姜9 大枣4枚 甘草6" → herb lines; a trailing 先煎 etc. after a colon. */
function parseHerbs(list: string): FormulaHerb[] {
  return list
    .split(/\s+/)
    .filter(Boolean)
    .map((item) => {
      const [main, prep] = item.split(':');
      const m = /^(.+?)([\d.]+)(枚|片|条|只|ml)?$/.exec(main!);
      if (!m) throw new Error(`formula herb "${item}" is not name+dose`);
      return {
        name: m[1]!,
        dose: Number(m[2]),
        unit: (m[3] ?? 'g') as FormulaHerb['unit'],
        ...(prep ? { preparation: prep as Preparation } : {}),
      };
    });
}

export const FORMULA_SOURCES: Record<string, string> = formulaData.sources;
export const FORMULAS: readonly FormulaEntry[] = (formulaData.formulas as FormulaRow[]).map(
  ([name, pinyin, origin, herbs, usage]) => ({
    id: name,
    name,
    pinyin,
    initials: initialsOf(pinyin),
    origin,
    herbs: parseHerbs(herbs),
    usage,
    source: formulaData.defaultSource,
  }),
);

/** The dictionary as the safety checks read it, with a doctor's own overrides on top. */
export interface HerbOverride {
  name: string;
  doseMin?: number;
  doseMax?: number;
  /** none clears the shipped pregnancy rule. */
  pregnancy?: 'forbidden' | 'caution' | 'none';
}

/** One dictionary entry with an override applied. */
export function withOverride<T extends HerbFacts>(h: T, o: HerbOverride | undefined): T {
  if (!o) return h;
  const { pregnancy, ...rest } = h;
  const p = o.pregnancy === undefined ? pregnancy : o.pregnancy === 'none' ? undefined : o.pregnancy;
  return {
    ...rest,
    ...(o.doseMin !== undefined ? { doseMin: o.doseMin } : {}),
    ...(o.doseMax !== undefined ? { doseMax: o.doseMax } : {}),
    ...(p ? { pregnancy: p } : {}),
  } as T;
}

export function herbFactsMap(overrides: readonly HerbOverride[] = []): Map<string, HerbFacts> {
  const map = new Map<string, HerbFacts>(HERBS.map((h) => [h.name, h]));
  for (const o of overrides) {
    const base = map.get(o.name);
    if (base) map.set(o.name, withOverride(base, o));
  }
  return map;
}

/**
 * Keyboard search of the composer: pinyin initials ("gc" → 甘草), pinyin ("gancao"), or the
 * Chinese name; initial matches first, then the rest, in dictionary order.
 */
export function searchByKey<T extends { name: string; pinyin: string; initials: string }>(
  items: readonly T[],
  q: string,
  limit = 20,
): T[] {
  const k = q.trim().toLowerCase();
  if (!k) return [];
  const flat = (p: string) => p.replace(/\s+/g, '');
  const score = (x: T): number =>
    x.initials === k || x.name === q.trim()
      ? 0
      : x.initials.startsWith(k)
        ? 1
        : flat(x.pinyin).startsWith(k)
          ? 2
          : x.name.includes(q.trim())
            ? 3
            : 9;
  return items
    .map((x, i) => ({ x, i, s: score(x) }))
    .filter((r) => r.s < 9)
    .sort((a, b) => a.s - b.s || a.i - b.i)
    .slice(0, limit)
    .map((r) => r.x);
}
