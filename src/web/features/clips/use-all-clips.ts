import { useInfiniteQuery } from '@tanstack/react-query';
import { allClips, type ClipSort } from '../../../shared/clips';
import { callApi } from '../../lib/api-client';
import { clipKeys } from './clip-query-keys';

const PAGE_SIZE = 24;

/** Admins: every user's clips (optionally one owner's), in the Manage sort; each page lists the owners too. */
export function useAllClips(sort: ClipSort, owner: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: clipKeys.everyone(sort, owner),
    queryFn: ({ pageParam, signal }) =>
      callApi(allClips, {
        query: { sort, limit: PAGE_SIZE, ...(owner === '' ? {} : { owner }), ...(pageParam === null ? {} : { cursor: pageParam }) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    enabled,
  });
}
