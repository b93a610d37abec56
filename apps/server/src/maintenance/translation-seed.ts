import type { Db } from '../db/client.js';
import { translations } from '../db/schema/index.js';
import { originalHashOf } from '../modules/translation/translation.service.js';
import { seedTranslations } from '../seed/translations.js';

export const TRANSLATION_SEED = 'translation-seed';

/**
 * One-time repair, new and older databases alike: the spec's texts and the menu names with their
 * English (seed/translations.ts). An original already there, edited or not, is left as it is.
 */
export async function addSeedTranslations(db: Db, opts: { dryRun: boolean }): Promise<{ added: number }> {
  if (opts.dryRun) return { added: 0 };
  const rows = seedTranslations().map((s) => ({
    originalText: s.originalText,
    originalHash: originalHashOf(s.originalText),
    en: s.en,
    remark: s.remark,
  }));
  const added = await db
    .insert(translations)
    .values(rows)
    .onConflictDoNothing({ target: translations.originalHash })
    .returning({ id: translations.id });
  return { added: added.length };
}
