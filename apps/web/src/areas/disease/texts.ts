import { i18n } from '../../lib/i18n.js';
import { diseaseEn } from '../../lib/locales/disease-en.js';
import { diseaseZh } from '../../lib/locales/disease-zh.js';

// The disease module's texts (`disease.*`) come with the disease chunk, like `member.*` and `archive.*`.
i18n.addResourceBundle('zh', 'translation', { disease: diseaseZh }, true, true);
i18n.addResourceBundle('en', 'translation', { disease: diseaseEn }, true, true);
