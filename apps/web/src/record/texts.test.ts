import { describe, expect, it } from 'vitest';
import { RECORD_ENGINES, modalitySchema, recordStatusSchema } from '@tcm/contract';
import { recordEn } from '../lib/locales/record-en.js';
import { recordZh } from '../lib/locales/record-zh.js';
import { i18n } from './texts.js';
import { VITALS_FIELDS } from './VitalsForm.js';

// Keys built at run time (t(`record.engine.${engine}`)) escape the literal-key check of
// i18n.test.ts: every value they can take is listed here from the contract.
describe('main-job texts', () => {
  const both = (path: string) => {
    for (const lang of ['zh', 'en'])
      expect(i18n.exists(`record.${path}`, { lng: lang }), `${lang} record.${path}`).toBe(true);
  };

  it('name every engine, status, modality and vitals field in zh and en (engine labels: the vocabulary)', () => {
    RECORD_ENGINES.forEach((e) => both(`engine.${e}`));
    recordStatusSchema.options.forEach((s) => both(`status.${s}`));
    modalitySchema.options.forEach((m) => both(`modality.${m}`));
    VITALS_FIELDS.forEach(({ field }) => both(`vitals.${field}`));
    expect(Object.keys(recordEn).sort()).toEqual(Object.keys(recordZh).sort());
  });
});
