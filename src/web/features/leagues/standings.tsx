import type { MemberState } from '../../../shared/leagues';
import { LeagueTable, type LeagueColumn } from './league-table';

const timeFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** When something happened, short ("3 May, 21:14"), in a <time>. */
export function When({ at }: { at: string }) {
  return <time dateTime={at}>{timeFormat.format(new Date(at))}</time>;
}

type StandingsProps = {
  /** Best first, with their ranks (league-state's `standingRows`). */
  rows: readonly (MemberState & { rank: number })[];
  youId: string;
  /** The owner's per-member action (Remove), none for themselves. */
  action?: (member: MemberState) => React.ReactNode;
};

const COLUMNS: readonly LeagueColumn[] = [
  { head: 'Rank' },
  { head: 'Nickname' },
  { head: 'Seen', numeric: true },
  { head: 'Lines', numeric: true },
  { head: 'MINGO' },
];
const ACTIONS: LeagueColumn = { head: <span className="sr-only">Actions</span> };

/**
 * The league's table: rank, nickname, seen x/24, lines and MINGO (the whole board) with the time it
 * happened, best first (a MINGO beats any number of lines; ties go to who got there first). A row
 * whose rank does not follow the one above (a community league's member below its leaders) is set
 * apart by a thicker line.
 */
export function Standings({ rows, youId, action }: StandingsProps) {
  return (
    <LeagueTable caption="Standings" columns={action === undefined ? COLUMNS : [...COLUMNS, ACTIONS]}>
      {rows.map((member, index) => {
        const you = member.id === youId;
        const gap = index > 0 && member.rank > (rows[index - 1]?.rank ?? 0) + 1;
        return (
          <tr
            key={member.id}
            className={`${gap ? 'border-t-4' : 'border-t'} border-slate-200 dark:border-slate-700 ${you ? 'font-semibold' : ''}`}
            data-testid="standing-row"
          >
            <td className="px-3 py-2 tabular-nums">{member.rank}</td>
            <th scope="row" className="px-3 py-2 font-semibold break-all">
              {member.nickname}
              {you && <span className="font-normal text-slate-600 dark:text-slate-300"> (you)</span>}
              {member.isOwner && <span className="font-normal text-slate-600 dark:text-slate-300"> · owner</span>}
            </th>
            <td className="px-3 py-2 text-right tabular-nums">{member.seen}/24</td>
            <td className="px-3 py-2 text-right tabular-nums">{member.lines}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              {member.blackout && member.blackoutAt !== null ? (
                <>
                  MINGO! <When at={member.blackoutAt} />
                </>
              ) : (
                <span aria-label="not yet">—</span>
              )}
            </td>
            {action !== undefined && <td className="px-3 py-2 text-right">{you ? null : action(member)}</td>}
          </tr>
        );
      })}
    </LeagueTable>
  );
}
