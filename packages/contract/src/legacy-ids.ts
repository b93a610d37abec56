/*
 * Finding ids of earlier versions, mapped to today's once, in this one place (issue 38 item 1).
 * Before, the engines wrote kebab-case codes (voice `weak-low`, pulse `regularly-intermittent`)
 * while the synthesis knowledge base and the disease definitions used pinyin ids (`jie`, `cu`,
 * `dai`, `qing`, `bai`, …) bridged by alias tables, so a doctor saw two names for one finding.
 * Every part now uses the engines' ids in snake case. What was saved before (record results,
 * findings sent to the synthesis, disease definitions edited in the console) is read through
 * `currentFindingValue`; nothing is rewritten in the database (docs/vocabulary.md "One id").
 */

/** Finding key → retired value → today's value. */
const RETIRED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'face.complexion': { qing: 'blue_green', chi: 'red', huang: 'yellow', bai: 'pale', hei: 'dark' },
  'pulse.rateClass': { normal: 'even' },
  'pulse.rhythm': {
    cu: 'hasty',
    jie: 'knotted',
    dai: 'regularly_intermittent',
    'regularly-intermittent': 'regularly_intermittent',
  },
  'voice.reading': { weak: 'weak_low', 'weak-low': 'weak_low', 'loud-coarse': 'loud_coarse' },
};

/** Engine codes saved in kebab case (pulse classes, voice readings) → today's snake-case code. */
const RETIRED_CODES: Readonly<Record<string, string>> = {
  'regularly-intermittent': 'regularly_intermittent',
  'weak-low': 'weak_low',
  'loud-coarse': 'loud_coarse',
};

/** Today's value of a finding saved or sent with a retired id; any other value as it is. */
export function currentFindingValue<V>(key: string, value: V): V | string {
  if (typeof value !== 'string' || !Object.hasOwn(RETIRED, key)) return value;
  const of = RETIRED[key]!;
  return Object.hasOwn(of, value) ? of[value]! : value;
}

/** Today's code of a pulse class or voice reading saved in kebab case; any other code as it is. */
export const currentEngineCode = (code: string): string =>
  Object.hasOwn(RETIRED_CODES, code) ? RETIRED_CODES[code]! : code;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A stored pulse or voice outcome with its retired class/reading codes read as today's (a copy;
 * anything else untouched). Called by `parseStoredResults` before the outcome is parsed, so every
 * reader of a record (pages, PDF, research, FHIR) sees one id.
 */
export function upgradeStoredOutcome(engine: string, stored: unknown): unknown {
  const list = engine === 'pulse' ? 'classes' : engine === 'voice' ? 'readings' : null;
  if (!list || !isObject(stored) || !isObject(stored.result)) return stored;
  const items = stored.result[list];
  if (
    !Array.isArray(items) ||
    !items.some((x) => isObject(x) && typeof x.code === 'string' && Object.hasOwn(RETIRED_CODES, x.code))
  )
    return stored;
  const upgraded = items.map((x: unknown) =>
    isObject(x) && typeof x.code === 'string' ? { ...x, code: currentEngineCode(x.code) } : x,
  );
  return { ...stored, result: { ...stored.result, [list]: upgraded } };
}
