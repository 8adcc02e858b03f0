import { useInfiniteQuery } from '@tanstack/react-query';
import { myClips, type ClipSort } from '../../../shared/clips';
import { callApi } from '../../lib/api-client';
import { clipKeys } from './clip-query-keys';

const PAGE_SIZE = 24;

/** The signed-in user's clips: 1 = newest first, 2 = oldest first. */
export function useMyClips(sort: ClipSort, enabled = true) {
  return useInfiniteQuery({
    queryKey: clipKeys.mine(sort),
    queryFn: ({ pageParam, signal }) =>
      callApi(myClips, {
        query: { sort, limit: PAGE_SIZE, ...(pageParam === null ? {} : { cursor: pageParam }) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    enabled,
  });
}
