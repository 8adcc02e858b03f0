import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUploadDate } from '../../../domain/format';
import type { Clip } from '../../../shared/clips';
import { paths } from '../../lib/paths';
import { Icon } from '../../../ui/icon';

/** A clip as a card: its screenshot and title link to the clip page. `actions` adds buttons (Manage). */
export function ClipCard({ clip, actions = null }: { clip: Clip; actions?: ReactNode }) {
  return (
    <article className="card flex flex-col overflow-hidden" data-testid="clip-card">
      <Link to={paths.clip(clip.docID)} className="group flex flex-col">
        <span className="relative block aspect-video overflow-hidden bg-slate-900">
          <img
            src={clip.screenshotURL}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition group-hover:scale-105"
          />
          <span className="absolute inset-0 flex items-center justify-center opacity-0 transition group-hover:opacity-100">
            <Icon name="play_arrow" className="rounded-full bg-black/60 p-2 text-3xl text-white" />
          </span>
        </span>
        <span className="px-3 pt-2 font-bold break-words group-hover:underline" data-testid="clip-title">
          {clip.title}
        </span>
      </Link>
      <p className="px-3 pb-3 text-sm text-slate-600 dark:text-slate-300">
        {clip.displayName} · <time dateTime={clip.timestamp}>{formatUploadDate(new Date(clip.timestamp))}</time>
      </p>
      {actions}
    </article>
  );
}
