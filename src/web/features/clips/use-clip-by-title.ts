import { useQuery } from '@tanstack/react-query';
import { FREE_SPACE_NAME } from '../../../domain/boards';
import { callApi } from '../../lib/api-client';
import { clipKeys } from './clip-query-keys';
import { clipByTitle } from './first-load-clips';

/** The newest clip titled like the movie (null when there is none). The Free Space never has one. */
export function useClipByTitle(movieName: string) {
  return useQuery({
    queryKey: clipKeys.byTitle(movieName),
    queryFn: async ({ signal }) => (await callApi(clipByTitle, { params: { title: movieName }, signal })).clip,
    enabled: movieName !== FREE_SPACE_NAME,
    retry: false,
  });
}
