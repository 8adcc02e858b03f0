import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { lastPage } from '../../../domain/paging';
import { formatCount } from '../../../domain/format';
import { ADMIN_LEAGUES_PAGE_SIZE, adminCloseLeague, adminLeagues, communityLeagueName, openCommunityLeague } from '../../../shared/leagues';
import { showToast } from '../../components/toast';
import { callApi, errorMessage } from '../../lib/api-client';
import { useBoards } from '../../lib/boards-store';
import { useCommunityLeagues } from './community-leagues';
import { ConfirmButton } from './confirm-button';
import { leagueKeys } from './league-query';
import { LeagueTable, type LeagueColumn } from './league-table';
import { When } from './standings';

const adminKeys = { all: ['leagues', 'admin'] as const, page: (page: number) => ['leagues', 'admin', page] as const };

/**
 * "Open MINGO {year}" for the newest published board (decision 084): the organisers' league that
 * every player may join. Once it is open, the page says so instead.
 */
function OpenCommunityLeague() {
  const { boards } = useBoards();
  const community = useCommunityLeagues();
  const queryClient = useQueryClient();
  const open = useMutation({
    mutationFn: (year: number) => callApi(openCommunityLeague, { body: { year } }),
    onSuccess: (invite) => {
      showToast(`${invite.name} is open: every player can join it from Leagues.`);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: leagueKeys.community });
    },
  });
  const year = boards[0]?.year;
  if (year === undefined || community.isPending) return null;
  const name = communityLeagueName(year);
  // Open already, or just opened here (the list's new answer may not be in yet).
  const opened =
    community.data?.items.find((league) => league.year === year) ??
    (open.data?.year === year ? { name: open.data.name, memberCount: 0 } : undefined);
  return (
    <section aria-labelledby="community-league" className="card flex flex-col gap-3 p-4">
      <h2 id="community-league" className="text-xl font-black">
        Community league
      </h2>
      {opened !== undefined ? (
        <p data-testid="community-open">
          {opened.name} is open: {formatCount(opened.memberCount)} {opened.memberCount === 1 ? 'member' : 'members'}.
        </p>
      ) : (
        <>
          <p className="text-slate-600 dark:text-slate-300">
            {name} is everyone’s league for the {year} board: any player joins it from Leagues with a nickname and sees the top 20 and their
            own place, live.
          </p>
          <button type="button" className="btn-primary self-start" disabled={open.isPending} onClick={() => open.mutate(year)}>
            Open {name}
          </button>
        </>
      )}
      {open.isError && (
        <p role="alert" className="alert-error">
          {errorMessage(open.error, `${name} could not be opened.`)}
        </p>
      )}
    </section>
  );
}

/** "3 days", "5 hours", "12 minutes": how long ago, in the largest whole unit. */
export function ageText(createdAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  const [value, unit] =
    minutes >= 1440 ? [Math.floor(minutes / 1440), 'day'] : minutes >= 60 ? [Math.floor(minutes / 60), 'hour'] : [minutes, 'minute'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

function CloseLeague({ code, name }: { code: string; name: string }) {
  const queryClient = useQueryClient();
  const close = useMutation({
    mutationFn: () => callApi(adminCloseLeague, { params: { code } }),
    onSuccess: () => {
      showToast(`${name} is closed.`);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  return (
    <div className="flex flex-col items-end gap-1">
      <ConfirmButton
        label="Close"
        question={`Close ${name} for all its members?`}
        confirm={`Close ${name}`}
        busy={close.isPending}
        onConfirm={() => close.mutate()}
      />
      {close.isError && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {errorMessage(close.error, 'The league could not be closed.')}
        </p>
      )}
    </div>
  );
}

const YEAR_COLUMNS: readonly LeagueColumn[] = [
  { head: 'Board' },
  { head: 'Open leagues', numeric: true },
  { head: 'Players', numeric: true },
];

/** `/admin/leagues` (admins): open leagues and players per year, and each open league, which they can close. */
export function AdminLeaguesPage() {
  const [page, setPage] = useState(1);
  const answer = useQuery({
    queryKey: adminKeys.page(page),
    queryFn: ({ signal }) => callApi(adminLeagues, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  // Ages count from when the list arrived.
  const now = answer.dataUpdatedAt;
  if (answer.isPending) return <p aria-busy="true">Loading the leagues…</p>;
  if (answer.isError) {
    return (
      <p role="alert" className="alert-error">
        {errorMessage(answer.error, 'The leagues could not be loaded.')}
      </p>
    );
  }
  const { years, items, total } = answer.data;
  const pages = lastPage(total, ADMIN_LEAGUES_PAGE_SIZE);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="page-title mb-2">Leagues</h1>
        <p className="text-slate-600 dark:text-slate-300">
          Open leagues: friends’ leagues and the community league. Closing one ends it for every member; its nicknames are no longer shown.
        </p>
      </div>
      <OpenCommunityLeague />
      <section aria-labelledby="per-year" className="flex flex-col gap-2">
        <h2 id="per-year" className="text-xl font-black">
          Per year
        </h2>
        {years.length === 0 ? (
          <p>No open leagues.</p>
        ) : (
          <LeagueTable columns={YEAR_COLUMNS}>
            {years.map((year) => (
              <tr key={year.year} className="border-t border-slate-200 dark:border-slate-700" data-testid="league-year">
                <th scope="row" className="px-3 py-2">
                  {year.year}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{year.leagues}</td>
                <td className="px-3 py-2 text-right tabular-nums">{year.players}</td>
              </tr>
            ))}
          </LeagueTable>
        )}
      </section>
      <section aria-labelledby="open-leagues" className="flex flex-col gap-2">
        <h2 id="open-leagues" className="text-xl font-black">
          Open leagues ({total})
        </h2>
        {items.length > 0 && (
          <ul className="flex flex-col gap-2">
            {items.map((league) => (
              <li key={league.code} className="card flex flex-wrap items-center justify-between gap-3 p-3" data-testid="admin-league">
                <div className="min-w-0">
                  <p className="font-bold break-all">{league.name}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {league.year} board{league.community ? ' · community league' : ''} · {formatCount(league.memberCount)}{' '}
                    {league.memberCount === 1 ? 'member' : 'members'} · made {ageText(league.createdAt, now)} ago (
                    <When at={league.createdAt} />) · code <span className="font-mono">{league.code}</span>
                  </p>
                </div>
                <CloseLeague code={league.code} name={league.name} />
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav aria-label="Pages of leagues" className="flex items-center gap-2">
            <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span className="text-sm">
              Page {page} of {pages}
            </span>
            <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}

export { AdminLeaguesPage as Component };
