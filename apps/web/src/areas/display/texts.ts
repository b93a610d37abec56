import { i18n } from '../../lib/i18n.js';
import { displayEn } from '../../lib/locales/display-en.js';
import { displayZh } from '../../lib/locales/display-zh.js';

// The display texts (`display.*`) come with the display chunk, like `member.*`.
i18n.addResourceBundle('zh', 'translation', { display: displayZh }, true, true);
i18n.addResourceBundle('en', 'translation', { display: displayEn }, true, true);
