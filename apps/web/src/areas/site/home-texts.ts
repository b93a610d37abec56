import { i18n } from '../../lib/i18n.js';
import { homeEn } from '../../lib/locales/home-en.js';
import { homeZh } from '../../lib/locales/home-zh.js';

// The home's texts (`home.*`) come with the home's chunk, like `member.*`: the other site pages'
// first load (news, /tongueAnalyze) does not carry them.
i18n.addResourceBundle('zh', 'translation', { home: homeZh }, true, true);
i18n.addResourceBundle('en', 'translation', { home: homeEn }, true, true);
