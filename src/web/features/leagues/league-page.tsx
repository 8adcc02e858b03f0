import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { pickName } from '../../../domain/boards';
import { normalizeLeagueCode } from '../../../domain/leagues';
import {
  closeLeague,
  drawForLeague,
  leaveLeague,
  RenameLeagueBodySchema,
  removeMember,
  renameLeague,
  rotateLeagueCode,
  UNKNOWN_LEAGUE,
  type League,
} from '../../../shared/leagues';
import { InputField } from '../../components/form-field';
import { showToast } from '../../components/toast';
import { boardOf, useBoards } from '../../lib/boards-store';
import { callApi, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ActivityFeed } from './activity-feed';
import { ConfirmButton } from './confirm-button';
import { fieldErrorsOf } from '../../lib/field-errors';
import { JoinLeague } from './join-league';
import { CommunityLeagueView } from './community-league-view';
import { LeagueHead, LeagueSection } from './league-layout';
import { asLeague, isOwner, rankedMembers, standingRows, type LiveLeague } from './league-state';
import { isNotFound, keepLeague, useLeague } from './league-query';
import { MiniBoard } from './mini-board';
import { Standings } from './standings';
import { forgetLeague, noteLeague } from './player-note';
import { useAction } from './use-action';
import { useLeagueLive } from './use-league-live';

function Rename({ league, onRenamed }: { league: LiveLeague; onRenamed: (league: League) => void }) {
  const [name, setName] = useState(league.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = fieldErrorsOf(RenameLeagueBodySchema.safeParse({ name }).error, ['name']).name;
    setError(checked);
    if (checked !== undefined) return;
    setBusy(true);
    callApi(renameLeague, { params: { code: league.code }, body: { name } })
      .then(onRenamed, (failure: unknown) => setError(errorMessage(failure, 'The league could not be renamed.')))
      .finally(() => setBusy(false));
  };
  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={submit}>
      <div className="min-w-0 flex-1">
        <InputField
          id="league-rename"
          label="League name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
          maxLength={200}
        />
      </div>
      <button type="submit" className="btn-secondary" disabled={busy || name === league.name}>
        Rename
      </button>
    </form>
  );
}

function LeagueView({ initial, onGone }: { initial: League; onGone: () => Promise<boolean> }) {
  const { league, connection, dispatch } = useLeagueLive(initial, onGone);
  const { boards } = useBoards();
  const board = boardOf(boards, league.year);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const action = useAction();
  const owner = isOwner(league);
  const { code } = useParams();
  useDocumentTitle(`${league.name} · League`);

  // The code changed (the owner made a new one, here or elsewhere): the page moves to it.
  useEffect(() => {
    if (code === undefined || code === league.code || league.status !== 'open') return;
    noteLeague({ code: league.code, name: league.name }, code);
    keepLeague(queryClient, asLeague(league));
    void navigate(paths.league(league.code), { replace: true });
  }, [code, league, navigate, queryClient]);
  useEffect(() => {
    if (league.status !== 'open') forgetLeague(league.code);
  }, [league.status, league.code]);

  if (league.status !== 'open') {
    const message =
      league.status === 'closed'
        ? `${league.name} has been closed${league.closedBy === 'admin' ? ' by the organisers' : ''}.`
        : league.status === 'removed'
          ? `You were removed from ${league.name}.`
          : `You left ${league.name}.`;
    return (
      <div className="flex flex-col gap-3">
        <h1 className="page-title break-words">{league.name}</h1>
        <p role="alert" className="alert-info">
          {message}
        </p>
        <Link to={paths.leagues} className="btn-secondary self-start">
          Your leagues
        </Link>
      </div>
    );
  }

  if (league.community) return <CommunityLeagueView league={league} connection={connection} onLeft={() => dispatch({ type: 'left' })} />;

  const ranked = rankedMembers(league.members);
  const rotate = () =>
    action.run('code', async () => {
      const invite = await callApi(rotateLeagueCode, { params: { code: league.code } });
      dispatch({ type: 'recoded', code: invite.code, joinUrl: invite.joinUrl });
      showToast(`The league's code is now ${invite.code}; the old link and code no longer work.`);
    });

  return (
    <div className="flex flex-col gap-6">
      <LeagueHead league={league} connection={connection}>
        The {league.year} board · {league.memberCount} {league.memberCount === 1 ? 'member' : 'members'}
      </LeagueHead>
      {action.error !== null && (
        <p role="alert" className="alert-error">
          {action.error}
        </p>
      )}
      <section aria-labelledby="draw-heading" className="card flex flex-wrap items-center justify-between gap-3 p-4">
        <div>
          <h2 id="draw-heading" className="font-bold">
            Mighty MINGO for everyone
          </h2>
          <p aria-live="polite" data-testid="league-draw">
            {league.draw === null
              ? owner
                ? 'Ask for a square: everyone sees the same pick.'
                : 'The owner asks Mighty MINGO; everyone sees the same pick.'
              : `${pickName(league.draw)} — ${league.draw.movieName}`}
          </p>
        </div>
        {owner && (
          <button
            type="button"
            className="btn-primary"
            disabled={action.busy === 'draw'}
            onClick={() =>
              action.run('draw', async () =>
                dispatch({ type: 'drawn', draw: await callApi(drawForLeague, { params: { code: league.code } }) }),
              )
            }
          >
            Ask Mighty MINGO
          </button>
        )}
      </section>
      <LeagueSection id="standings-heading" title="Standings">
        <Standings
          rows={standingRows(league)}
          youId={league.youId}
          action={
            owner
              ? (member) => (
                  <ConfirmButton
                    label="Remove"
                    question={`Remove ${member.nickname}?`}
                    confirm={`Remove ${member.nickname}`}
                    busy={action.busy === member.id}
                    onConfirm={() =>
                      action.run(member.id, async () => {
                        await callApi(removeMember, { params: { code: league.code, id: member.id } });
                        dispatch({ type: 'member-gone', memberId: member.id });
                      })
                    }
                  />
                )
              : undefined
          }
        />
      </LeagueSection>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <LeagueSection id="boards-heading" title="Boards">
          {board.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">The {league.year} board is loading…</p>
          ) : (
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
              {ranked.map((member) => (
                <MiniBoard key={member.id} member={member} board={board} you={member.id === league.youId} />
              ))}
            </div>
          )}
        </LeagueSection>
        <LeagueSection id="feed-heading" title="Activity">
          <ActivityFeed feed={league.feed} />
        </LeagueSection>
      </div>
      <LeagueSection id="settings-heading" title={owner ? 'League settings' : 'Membership'} className="card flex flex-col gap-4 p-4">
        {owner && <Rename key={league.name} league={league} onRenamed={(renamed) => dispatch({ type: 'loaded', league: renamed })} />}
        <div className="flex flex-wrap gap-3">
          {owner && (
            <ConfirmButton
              label="New code…"
              question="Make a new code? The old link and code stop working."
              confirm="Make a new code"
              danger={false}
              busy={action.busy === 'code'}
              onConfirm={rotate}
            />
          )}
          {owner && (
            <ConfirmButton
              label="Close the league…"
              question="Close the league for everyone? This cannot be undone."
              confirm="Close the league"
              busy={action.busy === 'close'}
              onConfirm={() =>
                action.run('close', async () => {
                  await callApi(closeLeague, { params: { code: league.code } });
                  dispatch({ type: 'closed' });
                })
              }
            />
          )}
          <ConfirmButton
            label="Leave…"
            question={owner ? 'Leave the league? The longest-standing member becomes its owner.' : 'Leave the league?'}
            confirm="Leave the league"
            busy={action.busy === 'leave'}
            onConfirm={() =>
              action.run('leave', async () => {
                await callApi(leaveLeague, { params: { code: league.code } });
                dispatch({ type: 'left' });
              })
            }
          />
        </div>
      </LeagueSection>
    </div>
  );
}

/** `/leagues/:code`: the league for a member (live), its name and a join form for a visitor holding the link. */
export function LeaguePage() {
  const params = useParams();
  const code = normalizeLeagueCode(params.code ?? '');
  const navigate = useNavigate();
  useEffect(() => {
    if (code !== null && code !== params.code) void navigate(paths.league(code), { replace: true });
  }, [code, params.code, navigate]);
  if (code === null) {
    return (
      <div className="flex flex-col gap-2">
        <h1 className="page-title">League not found</h1>
        <p role="alert">{UNKNOWN_LEAGUE}</p>
      </div>
    );
  }
  return <LeagueOrJoin code={code} />;
}

function LeagueOrJoin({ code }: { code: string }) {
  const league = useLeague(code);
  if (league.isPending) return <p aria-busy="true">Loading the league…</p>;
  if (league.isError) {
    if (isNotFound(league.error)) return <JoinLeague code={code} />;
    return (
      <div className="flex flex-col gap-2">
        <p role="alert" className="alert-error">
          {errorMessage(league.error, 'The league could not be loaded. Please try again.')}
        </p>
        <button type="button" className="btn-secondary self-start" onClick={() => void league.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  // One view per membership (the member id stays when the code changes; another league is another view).
  const you = league.data.members.find((member) => member.isYou)?.id ?? code;
  return (
    <LeagueView
      key={you}
      initial={league.data}
      onGone={async () => {
        const answer = await league.refetch();
        return answer.isSuccess;
      }}
    />
  );
}

export { LeaguePage as Component };
