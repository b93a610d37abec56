import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * The query of the list frame (AdminList): one page, read under the feature's key prefix plus
 * what chose the page (paging, filter, sort), so the feature's mutations that invalidate the
 * prefix refresh the list (docs/web.md "Server data").
 */
export const useListPage = <Data>(
  prefix: readonly unknown[],
  chosen: readonly unknown[],
  load: () => Promise<Data>,
  keepPrevious?: boolean,
) =>
  useQuery({
    queryKey: [...prefix, ...chosen],
    queryFn: load,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
