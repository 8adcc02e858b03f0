import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Icon } from '../../../ui/icon';
import type { PartUnavailableProps } from '../../lib/lazy-part';

export const CLIP_LOAD_ERROR = "Ooops! There's been an error loading the clip!";
export const CLIP_LIST_LOAD_ERROR = "Ooops! There's been an error loading the clips!";
/** Said calmly instead of the error while the device is offline (navigator.onLine is false). */
export const CLIPS_NEED_A_CONNECTION = 'Clips need a connection';
export const CLIPS_LOADING = 'Loading clips…';

// Small and outside the lazily loaded clip code: they also stand in for it when that code cannot be
// fetched (lib/lazy-part.tsx).

/** Offline is a state, not a failure: a calm note; the red alert is for a real failure while online. */
export function ClipsOfflineNote({ className = '' }: { className?: string }) {
  return (
    <p className={`alert-info mt-2 flex items-center gap-2 ${className}`} role="status">
      <Icon name="info" /> {CLIPS_NEED_A_CONNECTION}
    </p>
  );
}

/**
 * What "Try again" asks for, for a paged clip list: the page that failed to load after the others,
 * or else the list itself (its first load, or a refetch of the pages it shows).
 */
export function retryOf(list: Pick<UseInfiniteQueryResult, 'isFetchNextPageError' | 'fetchNextPage' | 'refetch'>): () => void {
  return () => void (list.isFetchNextPageError ? list.fetchNextPage() : list.refetch());
}

/** The clip list's failure, with the button that loads it again. */
export function ClipListError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="alert-error mt-2 flex items-center justify-between gap-3" role="alert">
      <span className="flex items-center gap-2">
        <Icon name="error" /> {CLIP_LIST_LOAD_ERROR}
      </span>
      <button type="button" className="btn-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A movie's clip failed: the poster stays, with the error below it. */
export function MovieClipError({ poster }: { poster: ReactNode }) {
  return (
    <>
      {poster}
      <p role="alert" className="alert-error mt-2 text-sm">
        {CLIP_LOAD_ERROR}
      </p>
    </>
  );
}

/** A movie's clip while offline: the poster stays, with the calm note below it. */
export function MovieClipOffline({ poster }: { poster: ReactNode }) {
  return (
    <>
      {poster}
      <ClipsOfflineNote className="text-sm" />
    </>
  );
}

/** The heading the clip list sits under (shared by the list and its stand-in). */
export function ClipListSection({ headingId, heading, children }: { headingId: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="mb-4 text-2xl font-black tracking-tight">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** The clip list's line under its cards: what is loading, or that the list is complete. */
export function ClipListStatus({ children }: { children?: ReactNode }) {
  return (
    <div className="mt-4 text-center text-sm text-slate-600 dark:text-slate-300" role="status">
      {children}
    </div>
  );
}

/** What stands in for the clip list while its code is fetched (again, after a failure). */
export function ClipListLoading({ placement, heading = 'MINGOVERVIEW' }: { placement: string; heading?: string }) {
  return (
    <ClipListSection headingId={`clip-list-${placement}`} heading={heading}>
      <ClipListStatus>{CLIPS_LOADING}</ClipListStatus>
    </ClipListSection>
  );
}

/**
 * What stands in for the clip list when its code cannot be fetched: the calm note offline, the
 * list's own error and "Try again" online.
 */
export function ClipListUnavailable({
  placement,
  heading = 'MINGOVERVIEW',
  retry,
  online,
}: {
  placement: string;
  heading?: string;
} & PartUnavailableProps) {
  return (
    <ClipListSection headingId={`clip-list-${placement}`} heading={heading}>
      {online ? <ClipListError onRetry={retry} /> : <ClipsOfflineNote />}
    </ClipListSection>
  );
}

/** What stands in for a movie's clip when the player's code cannot be fetched. */
export function MovieClipUnavailable({ poster, online }: { poster: ReactNode } & PartUnavailableProps) {
  return online ? <MovieClipError poster={poster} /> : <MovieClipOffline poster={poster} />;
}
