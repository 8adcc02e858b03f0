import { queryOptions, useQuery } from '@tanstack/react-query';
import { HowToPlayListSchema, type HowToPlayTile } from '../../../shared/content';
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
