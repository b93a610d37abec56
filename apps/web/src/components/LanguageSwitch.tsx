import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../lib/i18n.js';

/** zh/en switch; the choice is kept in the language cookie (spec §1). */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <Segmented
      size="small"
      data-testid="language-switch"
      value={i18n.language === 'en' ? 'en' : 'zh'}
      options={[
        { label: '中文', value: 'zh' },
        { label: 'EN', value: 'en' },
      ]}
      onChange={(v) => void setLanguage(v as 'zh' | 'en')}
    />
  );
}
