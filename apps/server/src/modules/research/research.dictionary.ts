import { RESEARCH_ERRORS, type PoolVariable, type SampleValue } from '@tcm/contract';
import type { Dataset } from '@tcm/research';
import { AppError } from '../../http/app-error.js';

type Words = { zh: string; en: string };

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', '是', '有', '阳性', '+']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'n', '否', '无', '阴性', '-']);

/**
 * Reads one cell of a file as a value of `v`: '' is missing; binary takes 1/0, true/false,
 * yes/no, 是/否, 有/无; numeric a finite number; categorical a level of the dictionary when it
 * lists levels, else any text (a new level). Answers the value or why it is refused.
 */
export function parseCell(v: PoolVariable, raw: string): { value: SampleValue } | { error: Words } {
  const text = raw.trim();
  if (text === '') return { value: null };
  if (v.type === 'binary') {
    const t = text.toLowerCase();
    if (TRUE_WORDS.has(t)) return { value: true };
    if (FALSE_WORDS.has(t)) return { value: false };
    return { error: { zh: '应为 1/0、是/否 或 有/无', en: 'expected 1/0, yes/no or true/false' } };
  }
  if (v.type === 'numeric') {
    const n = Number(text);
    return Number.isFinite(n) ? { value: n } : { error: { zh: '应为数字', en: 'expected a number' } };
  }
  if (text.length > 100)
    return { error: { zh: '文字过长（最多 100 字）', en: 'text too long (100 characters at most)' } };
  if (v.levels?.length && !v.levels.includes(text))
    return {
      error: {
        zh: `应为以下取值之一：${v.levels.join('、')}`,
        en: `expected one of: ${v.levels.join(', ')}`,
      },
    };
  return { value: text };
}

/** Whether a stored (JSON) value fits the variable's type. */
function fits(v: PoolVariable, value: SampleValue): boolean {
  if (value === null) return true;
  if (v.type === 'binary') return typeof value === 'boolean' || value === 0 || value === 1;
  if (v.type === 'numeric') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && (!v.levels?.length || v.levels.includes(value));
}

/** Checks an edited sample's values against the dictionary: 400 naming the first bad key. */
export function checkValues(variables: readonly PoolVariable[], values: Record<string, SampleValue>): void {
  const byKey = new Map(variables.map((v) => [v.key, v]));
  for (const [key, value] of Object.entries(values)) {
    const v = byKey.get(key);
    if (!v) throw new AppError(RESEARCH_ERRORS.VARIABLE_UNKNOWN, `values.${key}: not in the pool's dictionary`);
    if (!fits(v, value)) throw new AppError(RESEARCH_ERRORS.VALUE_INVALID, `values.${key}: not a ${v.type} value`);
  }
}

/** A categorical variable's levels plus any new ones met in the samples, in order of first sight. */
export function withLevels(v: PoolVariable, seen: Iterable<string>): PoolVariable {
  if (v.type !== 'categorical') return v;
  const levels = [...(v.levels ?? [])];
  for (const l of seen) if (!levels.includes(l)) levels.push(l);
  return { ...v, levels };
}

/**
 * Merges variables into a dictionary: a new key is appended; a known one keeps its type and
 * gains the other's levels and level words (a system import run again meets new pulse classes).
 */
export function mergeDictionary(base: readonly PoolVariable[], add: readonly PoolVariable[]): PoolVariable[] {
  const out = base.map((v) => ({ ...v }));
  for (const a of add) {
    const i = out.findIndex((v) => v.key === a.key);
    if (i < 0) {
      out.push(a);
      continue;
    }
    const merged = withLevels(out[i]!, a.levels ?? []);
    out[i] = a.levelWords ? { ...merged, levelWords: { ...a.levelWords, ...merged.levelWords } } : merged;
  }
  return out;
}

/** The pool as @tcm/research's table: rows in dictionary order, missing keys null. */
export function toDataset(
  variables: readonly PoolVariable[],
  samples: ReadonlyArray<Record<string, SampleValue>>,
): Dataset {
  return {
    variables: variables.map((v) => ({
      key: v.key,
      type: v.type,
      kind: v.kind,
      ...(v.type === 'categorical' && v.levels?.length ? { levels: v.levels } : {}),
    })),
    rows: samples.map((s) => variables.map((v) => s[v.key] ?? null)),
  };
}
