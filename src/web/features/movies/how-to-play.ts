import { queryOptions, useQuery } from '@tanstack/react-query';
import { HowToPlayListSchema, type HowToPlayTile } from '../../../shared/content';

const HOW_TO_PLAY_URL = '/data/how-to-play.json';

async function fetchHowToPlay(): Promise<HowToPlayTile[]> {
  try {
    const response = await fetch(HOW_TO_PLAY_URL, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return HowToPlayListSchema.parse(await response.json());
  } catch (error) {
    console.error('Could not load the how-to-play tiles', error);
    return [];
  }
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
