import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** The plain keyword box of a list without a combined query (news, pages, enquiries). */
export function KeywordSearch({ onSearch }: { onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  return <Input.Search allowClear placeholder={t('content.search')} onSearch={onSearch} style={{ width: 240 }} />;
}
