import { feedText } from '../../../domain/leagues';
import type { FeedEntry } from '../../../shared/leagues';
import { When } from './standings';

/** The league's activity, newest first: "Ben saw Dune", "Ana got a line!", "Ben — MINGO!". */
export function ActivityFeed({ feed }: { feed: readonly FeedEntry[] }) {
  if (feed.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">Nothing has happened yet.</p>;
  return (
    <ol className="flex flex-col gap-1 text-sm" data-testid="activity-feed">
      {feed.map((entry, index) => (
        <li key={`${entry.id}-${index}`} className="flex flex-wrap justify-between gap-x-3">
          <span className={entry.item.kind === 'mingo' || entry.item.kind === 'line' ? 'font-bold' : ''}>{feedText(entry.item)}</span>
          <span className="text-xs text-slate-600 dark:text-slate-300">
            <When at={entry.at} />
          </span>
        </li>
      ))}
    </ol>
  );
}
