import { i18n } from '../lib/i18n.js';
import { recordEn } from '../lib/locales/record-en.js';
import { recordZh } from '../lib/locales/record-zh.js';

// The main job's texts (`record.*`) come with the detection and member chunks, not with the
// public home's entry (docs/web.md bundle sizes). Every module that renders them imports this.
i18n.addResourceBundle('zh', 'translation', { record: recordZh }, true, true);
i18n.addResourceBundle('en', 'translation', { record: recordEn }, true, true);

export { i18n };
