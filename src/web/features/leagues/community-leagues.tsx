import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatCount } from '../../../domain/format';
import { communityLeagues, type CommunityLeague, type MyLeague } from '../../../shared/leagues';
import { callApi } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { leagueKeys } from './league-query';
import { NicknameJoinForm } from './nickname-join-form';

/** The open community leagues ("MINGO {year}"), for everyone: the list is public. */
export function useCommunityLeagues() {
  return useQuery({
    queryKey: leagueKeys.community,
    queryFn: ({ signal }) => callApi(communityLeagues, { signal }),
    staleTime: 0,
  });
}

/**
 * Joins a community league with a nickname, then opens its page. As with a friends' league, the
 * first join makes this browser a player (the marks sync starts and uploads the marks it has).
 */
function JoinCommunity({ league }: { league: CommunityLeague }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <NicknameJoinForm
      code={league.code}
      id={`community-nickname-${league.year}`}
      hint="What everyone sees in the standings. No account: this browser remembers you."
      submitLabel={`Join ${league.name}`}
      className="flex flex-col gap-3"
      onJoined={(joined) => {
        void queryClient.invalidateQueries({ queryKey: leagueKeys.me });
        void queryClient.invalidateQueries({ queryKey: leagueKeys.community });
        void navigate(paths.league(joined.code));
      }}
    />
  );
}

type CommunityCardsProps = {
  items: readonly CommunityLeague[];
  /** This browser's leagues; undefined while they load (a player's). */
  mine: readonly MyLeague[] | undefined;
};

/**
 * `/leagues`' community leagues: a "MINGO {year}" card each, with Join (a nickname) for a fan not
 * in it yet, or Open and the nickname they play as.
 */
export function CommunityLeagueCards({ items, mine }: CommunityCardsProps) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((league) => {
        const membership = mine?.find((known) => known.code === league.code);
        return (
          <li key={league.code} className="card flex flex-col gap-3 p-4" data-testid="community-league">
            <div>
              <h3 className="text-lg font-black break-words">{league.name}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Everyone’s league of the {league.year} board · {formatCount(league.memberCount)}{' '}
                {league.memberCount === 1 ? 'member' : 'members'}. See your place among all the players, live.
              </p>
            </div>
            {mine === undefined ? (
              <p aria-busy="true">Loading…</p>
            ) : membership === undefined ? (
              <JoinCommunity league={league} />
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <Link to={paths.league(league.code)} className="btn-primary">
                  Open {league.name}
                </Link>
                <span className="text-sm text-slate-600 dark:text-slate-300">You play as {membership.nickname}.</span>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
