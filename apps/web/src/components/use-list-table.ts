import { useEffect, useState, type Key } from 'react';
import { PAGE_SIZES } from '@tcm/contract';
import type { Paging } from './DataTable.js';

/**
 * A `DataTable` list's own state (spec §2): its paging, from page 1 at the smallest page size, and
 * the ids of its selected rows. A change of one of `firstPageOn` (the list's filters) sends it back
 * to page 1, since a new filter's rows start at their first page. `pager` (paging) and
 * `selection` (row selection) spread onto the `DataTable`.
 */
export function useListTable(firstPageOn: readonly unknown[] = []) {
  const [paging, setPaging] = useState<Paging>({ page: 1, size: PAGE_SIZES[0] });
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(
    () => setPaging((p) => (p.page === 1 ? p : { ...p, page: 1 })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's filters are this effect's dependencies
    firstPageOn,
  );
  return {
    paging,
    setPaging,
    selected,
    setSelected,
    pager: { paging, onPaging: setPaging },
    selection: { selected, onSelect: (keys: Key[]) => setSelected(keys.map(String)) },
  };
}
