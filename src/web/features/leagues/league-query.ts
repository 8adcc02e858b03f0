import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getLeague, previewLeague, type League } from '../../../shared/leagues';
import { ApiError, callApi } from '../../lib/api-client';

export const leagueKeys = {
  league: (code: string) => ['leagues', 'league', code] as const,
  preview: (code: string) => ['leagues', 'preview', code] as const,
  me: ['leagues', 'me'] as const,
  community: ['leagues', 'community'] as const,
};

/** Not a member (or no such league: the server answers both alike). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The league for a member; a 404 for anyone else. Always read anew: it is live. */
export function useLeague(code: string) {
  return useQuery({
    queryKey: leagueKeys.league(code),
    queryFn: ({ signal }) => callApi(getLeague, { params: { code }, signal }),
    retry: (count, error) => !isNotFound(error) && count < 1,
    staleTime: 0,
  });
}

export function useLeaguePreview(code: string, enabled: boolean) {
  return useQuery({
    queryKey: leagueKeys.preview(code),
    queryFn: ({ signal }) => callApi(previewLeague, { params: { code }, signal }),
    retry: (count, error) => !isNotFound(error) && count < 1,
    enabled,
  });
}

/** Puts a league where its page reads it (after joining, after its code changed). */
export function keepLeague(queryClient: QueryClient, league: League): void {
  queryClient.setQueryData(leagueKeys.league(league.code), league);
}
