import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { normalizeLeagueCode } from '../../../domain/leagues';
import { createDeviceLink, forgetMe, getMe, LEAGUE_LIMITS, type DeviceLink } from '../../../shared/leagues';
import { InputField } from '../../components/form-field';
import { ApiError, callApi, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { CommunityLeagueCards, useCommunityLeagues } from './community-leagues';
import { ConfirmButton } from './confirm-button';
import { LazyQrCode } from './invite-panel';
import { leagueKeys } from './league-query';
import { isPlayer, notePlayer, playerStore } from './player-note';

/** This browser's player (null when it is none: the server answers 404, and is not asked without the note). */
function useMe() {
  const player = playerStore.use() !== null;
  return useQuery({
    queryKey: leagueKeys.me,
    queryFn: async ({ signal }) => {
      try {
        const me = await callApi(getMe, { signal });
        notePlayer(me.leagues);
        return me;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          (await import('./marks-sync')).forgetPlayerHere();
          return null;
        }
        throw error;
      }
    },
    enabled: player,
    staleTime: 0,
  });
}

function JoinWithCode() {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = normalizeLeagueCode(code);
    if (normalized === null) {
      setError('A league code is 6 letters and digits.');
      return;
    }
    void navigate(paths.league(normalized));
  };
  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={submit}>
      <div className="w-44">
        <InputField
          id="join-code"
          label="Join with a code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
          autoComplete="off"
          maxLength={32}
        />
      </div>
      <button type="submit" className="btn-secondary">
        Open
      </button>
    </form>
  );
}

/**
 * "Use on another device": a one-time link (15 minutes) and its QR code. A fan in no league becomes
 * a player first, by syncing the marks they have.
 */
function AnotherDevice() {
  const queryClient = useQueryClient();
  const make = useMutation({
    mutationFn: async (): Promise<DeviceLink> => {
      if (!isPlayer()) await (await import('./marks-sync')).becomePlayerBySync();
      return callApi(createDeviceLink);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: leagueKeys.me }),
  });
  const link = make.data === undefined ? undefined : new URL(make.data.url, window.location.origin).href;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Open a one-time link on your phone or laptop to play there as you: the same marks and leagues. It works once, for{' '}
        {LEAGUE_LIMITS.linkMinutes} minutes.
      </p>
      <button type="button" className="btn-primary self-start" disabled={make.isPending} onClick={() => make.mutate()}>
        Use on another device
      </button>
      {make.isError && (
        <p role="alert" className="alert-error">
          {errorMessage(make.error, 'The link could not be made. Please try again.')}
        </p>
      )}
      {link !== undefined && make.data !== undefined && (
        <div className="flex flex-wrap items-center gap-4" data-testid="device-link">
          <LazyQrCode text={link} label="QR code of the one-time device link" />
          <div className="flex min-w-0 flex-col gap-1">
            <a href={link} className="font-semibold break-all underline underline-offset-4">
              {link}
            </a>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Works once, until <time dateTime={make.data.expiresAt}>{new Date(make.data.expiresAt).toLocaleTimeString()}</time>.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

function ForgetMe({ onForgotten }: { onForgotten: () => void }) {
  const queryClient = useQueryClient();
  const forget = useMutation({
    mutationFn: async () => {
      try {
        await callApi(forgetMe);
      } catch (error) {
        // Already forgotten (on another device): this browser forgets too.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      // The page says so before this part goes (it is shown to players only).
      onForgotten();
      (await import('./marks-sync')).forgetPlayerHere();
      queryClient.removeQueries({ queryKey: ['leagues'] });
    },
  });
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Removes your player from MINGO: your leagues, nicknames and synced marks. The marks in this browser stay.
      </p>
      <ConfirmButton
        label="Forget me"
        question="Forget your player and leave every league?"
        confirm="Forget me"
        busy={forget.isPending}
        onConfirm={() => forget.mutate()}
      />
      {forget.isError && (
        <p role="alert" className="alert-error">
          {errorMessage(forget.error, 'Could not forget you. Please try again.')}
        </p>
      )}
    </div>
  );
}

/**
 * `/leagues`: the open community leagues (join with a nickname), this browser's leagues, joining
 * by code, and "This device" (another device, forget me).
 */
export function LeaguesPage() {
  const me = useMe();
  const community = useCommunityLeagues();
  const player = playerStore.use() !== null;
  const [forgotten, setForgotten] = useState(false);
  const leagues = player ? (me.data?.leagues ?? []) : [];
  const communityItems = community.data?.items ?? [];
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <div>
        <h1 className="page-title mb-2">Leagues</h1>
        <p className="text-slate-600 dark:text-slate-300">
          Play MINGO with friends: make a league from Home with Play with friends, or join one from its link.
        </p>
      </div>
      {communityItems.length > 0 && (
        <section aria-labelledby="community-leagues" className="flex flex-col gap-3">
          <h2 id="community-leagues" className="text-xl font-black">
            Play with everyone
          </h2>
          <CommunityLeagueCards items={communityItems} mine={player && me.isPending ? undefined : leagues} />
        </section>
      )}
      <section aria-labelledby="my-leagues" className="flex flex-col gap-3">
        <h2 id="my-leagues" className="text-xl font-black">
          Your leagues
        </h2>
        {player && me.isPending ? (
          <p aria-busy="true">Loading your leagues…</p>
        ) : player && me.isError ? (
          <p role="alert" className="alert-error">
            {errorMessage(me.error, 'Your leagues could not be loaded. Please try again.')}
          </p>
        ) : leagues.length === 0 ? (
          <p>
            You are in no league yet.{' '}
            <Link to={paths.home} className="underline underline-offset-4">
              Make one from Home
            </Link>
            .
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {leagues.map((league) => (
              <li key={league.code}>
                <Link
                  to={paths.league(league.code)}
                  className="card flex flex-wrap items-center justify-between gap-2 p-3 hover:border-sky-500"
                >
                  <span className="font-bold break-all">{league.name}</span>
                  <span className="text-sm text-slate-600 dark:text-slate-300">
                    {league.year} board · {league.memberCount} {league.memberCount === 1 ? 'member' : 'members'} · you are {league.nickname}
                    {league.isOwner ? ' (owner)' : ''}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <JoinWithCode />
      </section>
      <section aria-labelledby="this-device" className="flex flex-col gap-6">
        <h2 id="this-device" className="text-xl font-black">
          This device
        </h2>
        <AnotherDevice />
        {forgotten ? (
          <p role="status" className="alert-success">
            Forgotten: your player, its leagues and synced marks are gone from the server. Your marks stay in this browser.
          </p>
        ) : (
          player && <ForgetMe onForgotten={() => setForgotten(true)} />
        )}
      </section>
    </div>
  );
}

export { LeaguesPage as Component };
