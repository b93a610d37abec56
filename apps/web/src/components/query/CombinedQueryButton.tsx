import { useState } from 'react';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CombinedQuery } from '@tcm/contract';
import { CombinedQueryDialog } from './CombinedQueryDialog.js';
import type { QueryField } from './normalize.js';

/**
 * The combined-query button of a list screen (spec §5) with its dialog, and while a query is
 * applied a tag whose close clears it. The list keeps the query (`query`, `onQuery`): it reads
 * its rows by it. `activeText` is the tag's text (the button's title unless a screen words it).
 */
export function CombinedQueryButton(props: {
  fields: readonly QueryField[];
  query: CombinedQuery | null;
  onQuery: (q: CombinedQuery | null) => void;
  activeText?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid={props.testId}>
        {t('query.title')}
      </Button>
      {props.query && (
        <Tag closable onClose={() => props.onQuery(null)}>
          {props.activeText ?? t('query.title')}
        </Tag>
      )}
      <CombinedQueryDialog
        open={open}
        fields={props.fields}
        onClose={() => setOpen(false)}
        onSubmit={(q) => {
          props.onQuery(q);
          setOpen(false);
        }}
      />
    </>
  );
}
