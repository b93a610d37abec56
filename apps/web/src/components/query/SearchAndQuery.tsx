import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CombinedQuery } from '@tcm/contract';
import { SearchBox } from '../SearchBox.js';
import { CombinedQueryDialog } from './CombinedQueryDialog.js';
import type { QueryField } from './normalize.js';

export interface ListFilter {
  keyword?: string;
  query?: CombinedQuery;
}

/**
 * The search box and the combined-query button of a list screen (spec §5): a search term or a
 * combined query, one at a time, handed to `onFilter` (the screen goes back to its first page).
 */
export function SearchAndQuery({ fields, onFilter }: { fields: QueryField[]; onFilter: (f: ListFilter) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <SearchBox
        fields={fields.filter((f) => f.type === 'string')}
        onSearch={(_q, term) => onFilter({ keyword: term || undefined })}
      />
      <Button onClick={() => setOpen(true)}>{t('query.title')}</Button>
      <CombinedQueryDialog
        open={open}
        fields={fields}
        onClose={() => setOpen(false)}
        onSubmit={(q) => {
          setOpen(false);
          onFilter(q ? { query: q } : {});
        }}
      />
    </>
  );
}
