import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SPEC_ERRORS } from '@tcm/contract';
import { useFreshDatabase } from '../test/fresh-database.js';
import { translations } from '../db/schema/index.js';
import { list } from '../modules/translation/translation.service.js';
import { seedTranslations } from '../seed/translations.js';
import { addSeedTranslations } from './translation-seed.js';

/** On its own in-memory PGlite: a new install's translation table. */
const fresh = useFreshDatabase();

describe('translation-seed repair', () => {
  it("fills a new install's list with the spec's texts and the menu names, once, keeping edited entries", async () => {
    const db = fresh.db;
    const seeds = seedTranslations();
    expect(new Set(seeds.map((s) => s.originalText)).size).toBe(seeds.length);
    expect(await addSeedTranslations(db, { dryRun: true })).toEqual({ added: 0 });
    // An entry a translator saved before the repair keeps their wording.
    await db.insert(translations).values({
      originalText: '用户管理',
      originalHash: createHash('sha256').update('用户管理', 'utf8').digest('hex'),
      en: 'Accounts (edited)',
    });
    expect(await addSeedTranslations(db, { dryRun: false })).toEqual({ added: seeds.length - 1 });
    expect(await addSeedTranslations(db, { dryRun: false })).toEqual({ added: 0 });

    const [edited] = await db.select().from(translations).where(eq(translations.originalText, '用户管理'));
    expect(edited?.en).toBe('Accounts (edited)');
    const [bad] = await db
      .select()
      .from(translations)
      .where(eq(translations.originalText, SPEC_ERRORS.BAD_CREDENTIALS.zh));
    expect([bad?.en, bad?.remark]).toEqual([SPEC_ERRORS.BAD_CREDENTIALS.en, 'error']);
    const [menu] = await db.select().from(translations).where(eq(translations.originalText, '设备管理'));
    expect([menu?.en, menu?.remark]).toEqual(['Devices', 'menu']);

    // The back-office list (the service the translation screen calls) is no longer empty.
    const page = await list(db, { page: 1, size: 100, order: 'desc', keyword: '请选择' });
    expect(page.list.map((e) => e.originalText)).toEqual(
      expect.arrayContaining(['请选择一条数据！', '请选择一条或者多条数据！', '请选择视频文件上传！']),
    );
  });
});
