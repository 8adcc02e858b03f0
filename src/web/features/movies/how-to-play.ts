import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HowToPlayTile } from '../../../shared/content';
import { HowToPlayListSchema } from '../../lib/first-load-schemas';
import { queryClient } from '../../lib/query-provider';
import { loadStaticJson } from '../../lib/static-json';

const HOW_TO_PLAY_URL = '/data/how-to-play.json';

async function fetchHowToPlay(): Promise<HowToPlayTile[]> {
  return (await loadStaticJson(HOW_TO_PLAY_URL, HowToPlayListSchema, 'Could not load the how-to-play tiles')) ?? [];
}

const howToPlayQuery = queryOptions({
  queryKey: ['how-to-play'],
  queryFn: fetchHowToPlay,
  staleTime: Infinity,
  retry: false,
});

export function useHowToPlay(): { tiles: HowToPlayTile[]; isPending: boolean } {
  const query = useQuery(howToPlayQuery);
  return { tiles: query.data ?? [], isPending: query.isPending };
}

/** Starts loading the tiles into the query cache (never throws: a failure is an empty list). */
export function prefetchHowToPlay(): Promise<void> {
  return queryClient.prefetchQuery(howToPlayQuery);
}
