import { i18n } from '../lib/i18n.js';
import { diagEn } from '../lib/locales/diag-en.js';
import { diagZh } from '../lib/locales/diag-zh.js';

// The main job's texts (`diag.*`) come with the detection and member chunks, not with the
// public home's entry (docs/web.md bundle sizes). Every module that renders them imports this.
i18n.addResourceBundle('zh', 'translation', { diag: diagZh }, true, true);
i18n.addResourceBundle('en', 'translation', { diag: diagEn }, true, true);

export { i18n };
