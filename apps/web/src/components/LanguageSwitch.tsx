import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n.js';
import './language-switch.css';

const CHOICES = [
  ['zh', '中文'],
  ['en', 'EN'],
] as const;

/**
 * zh/en switch; the choice is kept in the language cookie (spec §1). Two plain buttons rather
 * than antd's Segmented: the public site's header carries it and must not need Ant Design.
 */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  const current = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <span className="language-switch" role="group" aria-label="语言 / Language" data-testid="language-switch">
      {CHOICES.map(([lang, label]) => (
        <button
          key={lang}
          type="button"
          lang={lang === 'en' ? 'en' : 'zh-CN'}
          aria-pressed={current === lang}
          className={current === lang ? 'language-switch-on' : undefined}
          onClick={() => void setLanguage(lang)}
        >
          {label}
        </button>
      ))}
    </span>
  );
}
