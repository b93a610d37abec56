import { i18n } from '../../../lib/i18n.js';
import { researchEn } from '../../../lib/locales/research-en.js';
import { researchZh } from '../../../lib/locales/research-zh.js';

// The research area's texts (`research.*`) travel with the doctor chunk, like the archive's.
i18n.addResourceBundle('zh', 'translation', { research: researchZh }, true, true);
i18n.addResourceBundle('en', 'translation', { research: researchEn }, true, true);
