import { i18n } from '../lib/i18n.js';
import { recordFirstEn } from '../lib/locales/record-first-en.js';
import { recordFirstZh } from '../lib/locales/record-first-zh.js';

// The few `record.*` texts the public detection page draws on first paint (the intro, the photo
// picker, the analyse button): the page's first load carries these, not all of texts.ts (8.9 KiB
// gzip); its result, camera and on-device views import texts.ts when they load.
i18n.addResourceBundle('zh', 'translation', { record: recordFirstZh }, true, true);
i18n.addResourceBundle('en', 'translation', { record: recordFirstEn }, true, true);

export { i18n };
