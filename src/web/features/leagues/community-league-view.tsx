import { Link } from 'react-router';
import { formatCount } from '../../../domain/format';
import { leaveLeague } from '../../../shared/leagues';
import { callApi } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { ConfirmButton } from './confirm-button';
import { LeagueHead, LeagueSection } from './league-layout';
import { standingRows, type LiveLeague } from './league-state';
import { Standings } from './standings';
import { useAction } from './use-action';
import type { Connection } from './use-league-live';

/** "You: #137 of 2,410": this member's place in a community league (decision 084). */
export function yourPlaceText(rank: number, memberCount: number): string {
  return `You: #${formatCount(rank)} of ${formatCount(memberCount)}`;
}

type CommunityLeagueViewProps = { league: LiveLeague; connection: Connection | null; onLeft: () => void };

/**
 * The organisers' league of the year ("MINGO {year}", issue 34): every player may join, so the
 * page shows the leaders (top 20) and this member's own place, both moved by the coalesced
 * standings the stream sends at most once a second. No mini-boards and no feed (its marks and
 * joins are not logged), no owner and no draw.
 */
export function CommunityLeagueView({ league, connection, onLeft }: CommunityLeagueViewProps) {
  const action = useAction();
  const rows = standingRows(league);
  const you = rows.find((member) => member.id === league.youId);
  const leave = () =>
    action.run('leave', async () => {
      await callApi(leaveLeague, { params: { code: league.code } });
      onLeft();
    });

  return (
    <div className="flex flex-col gap-6">
      <LeagueHead league={league} connection={connection}>
        Everyone’s league of the {league.year} board · {formatCount(league.memberCount)} {league.memberCount === 1 ? 'member' : 'members'}
      </LeagueHead>
      {action.error !== null && (
        <p role="alert" className="alert-error">
          {action.error}
        </p>
      )}
      {you !== undefined && (
        <section aria-labelledby="your-place" className="card flex flex-col gap-1 p-4">
          <h2 id="your-place" className="text-2xl font-black tabular-nums" data-testid="your-rank">
            {yourPlaceText(you.rank, league.memberCount)}
          </h2>
          <p className="text-slate-600 dark:text-slate-300">
            {you.nickname} · {you.seen}/24 seen · {you.lines} {you.lines === 1 ? 'line' : 'lines'}
            {you.blackout ? ' · MINGO!' : ''}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <Link to={paths.home} className="underline underline-offset-4">
              Mark movies on Home
            </Link>
            : your place here moves within a second or so.
          </p>
        </section>
      )}
      <LeagueSection id="standings-heading" title="Standings">
        <p className="text-sm text-slate-600 dark:text-slate-300">The top 20, and you.</p>
        <Standings rows={rows} youId={league.youId} />
      </LeagueSection>
      <LeagueSection id="settings-heading" title="Membership" className="card flex flex-col gap-4 p-4">
        <div className="flex flex-wrap gap-3">
          <ConfirmButton
            label="Leave…"
            question="Leave the league?"
            confirm="Leave the league"
            busy={action.busy === 'leave'}
            onConfirm={leave}
          />
        </div>
      </LeagueSection>
    </div>
  );
}
