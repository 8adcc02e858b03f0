import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { clipKeys } from './clip-query-keys';
import { CLIP_PAGE_SIZE, listClips } from './first-load-clips';

/**
 * All clips, newest first, a page at a time. gcTime 0: the list is dropped as soon as the
 * component showing it goes away, so coming back starts again from the newest clips.
 */
export function useClipList(placement: string) {
  return useInfiniteQuery({
    queryKey: clipKeys.list(placement),
    queryFn: ({ pageParam, signal }) =>
      callApi(listClips, {
        query: { limit: CLIP_PAGE_SIZE, ...(pageParam === null ? {} : { cursor: pageParam }) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    gcTime: 0,
    retry: false,
  });
}
