import { useState } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CombinedQuery } from '@tcm/contract';
import { searchQuery, type QueryField } from './query/normalize.js';
import { useDebouncedEffect } from './use-debounced.js';
import { SEARCH_MAX } from '../lib/form-rules.js';

/** Search box of spec §5: trimmed term, like/exact by field type, fields ORed, 500 ms debounce. */
export function SearchBox(props: {
  fields: readonly QueryField[];
  onSearch: (q: CombinedQuery | null, term: string) => void;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  useDebouncedEffect(term, (v) => props.onSearch(searchQuery(v, props.fields), v.trim()));
  return (
    <Input.Search
      allowClear
      maxLength={SEARCH_MAX}
      placeholder={t('app.search')}
      value={term}
      onChange={(e) => setTerm(e.target.value)}
      onSearch={(v) => props.onSearch(searchQuery(v, props.fields), v.trim())}
      style={{ width: 280 }}
      data-testid="search-box"
    />
  );
}
