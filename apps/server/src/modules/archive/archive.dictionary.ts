import type { z } from 'zod';
import { ARCHIVE_ERRORS, type formulaAddBody, type HerbFacts, type herbOverrideBody } from '@tcm/contract';
import {
  FORMULAS,
  herbFactsMap,
  HERBS,
  initialsOf,
  withOverride,
  type FormulaEntry,
  type HerbEntry,
} from '@tcm/contract/herbs';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import * as repo from './archive.repo.js';

/**
 * The herb dictionary and formula library as one doctor sees them (docs/archive.md "Herb
 * dictionary"): the shipped rows with the doctor's own overrides, and the doctor's own formulas
 * after the classic ones. Nobody else's corrections ever apply.
 */
const HERB_NAMES = new Set(HERBS.map((h) => h.name));

export async function dictionaryFor(db: Db, doctorUserId: string): Promise<Map<string, HerbFacts>> {
  return herbFactsMap(await repo.herbOverridesOf(db, doctorUserId));
}

export async function herbsFor(db: Db, doctorUserId: string): Promise<HerbEntry[]> {
  const own = new Map((await repo.herbOverridesOf(db, doctorUserId)).map((o) => [o.name, o]));
  return HERBS.map((h) => {
    const o = own.get(h.name);
    return o ? { ...withOverride(h, o), overridden: true } : h;
  });
}

export async function saveOverride(db: Db, doctorUserId: string, b: z.infer<typeof herbOverrideBody>) {
  if (!HERB_NAMES.has(b.name)) throw new AppError(ARCHIVE_ERRORS.HERB_UNKNOWN, `name: ${b.name}`);
  await repo.saveHerbOverride(db, { doctorUserId, ...b });
  return (await herbsFor(db, doctorUserId)).find((h) => h.name === b.name)!;
}

export async function removeOverride(db: Db, doctorUserId: string, name: string) {
  if (!HERB_NAMES.has(name)) throw new AppError(ARCHIVE_ERRORS.HERB_UNKNOWN, `name: ${name}`);
  await repo.removeHerbOverride(db, doctorUserId, name);
  return HERBS.find((h) => h.name === name)!;
}

const ownFormula = (f: repo.FormulaRow): FormulaEntry => ({
  id: f.id,
  name: f.name,
  // Own names need no pinyin to be found: the composer also matches the Chinese name.
  pinyin: '',
  initials: initialsOf(''),
  origin: '',
  herbs: f.herbs,
  usage: f.usage,
  source: 'own',
  mine: true,
});

export async function formulasFor(db: Db, doctorUserId: string): Promise<FormulaEntry[]> {
  return [...FORMULAS, ...(await repo.formulasOf(db, doctorUserId)).map(ownFormula)];
}

export async function addFormula(db: Db, doctorUserId: string, b: z.infer<typeof formulaAddBody>) {
  return ownFormula(await repo.insertFormula(db, { doctorUserId, name: b.name, herbs: b.herbs, usage: b.usage }));
}

export async function removeFormula(db: Db, doctorUserId: string, id: string): Promise<void> {
  if (!(await repo.removeFormula(db, doctorUserId, id))) throw new AppError(ARCHIVE_ERRORS.FORMULA_FORBIDDEN);
}
