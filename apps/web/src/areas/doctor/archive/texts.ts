import { i18n } from '../../../lib/i18n.js';
import { archiveEn } from '../../../lib/locales/archive-en.js';
import { archiveZh } from '../../../lib/locales/archive-zh.js';

// The archive's texts (`archive.*`) travel with the doctor chunk, like `record.*` with the
// detection chunks (docs/web.md bundle sizes). Every archive module imports this.
i18n.addResourceBundle('zh', 'translation', { archive: archiveZh }, true, true);
i18n.addResourceBundle('en', 'translation', { archive: archiveEn }, true, true);
