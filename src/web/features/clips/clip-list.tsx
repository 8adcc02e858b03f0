import { useEffect } from 'react';
import { useOnline } from '../../lib/use-online';
import { ClipCard } from './clip-card';
import { CLIPS_LOADING, ClipListError, ClipListSection, ClipListStatus, ClipsOfflineNote, retryOf } from './clip-notes';
import { useClipList } from './use-clip-list';

/** The specification's threshold: load more when within 6 % of the page's bottom. */
export const SCROLL_THRESHOLD = 0.06;

function nearPageBottom(): boolean {
  const { scrollHeight } = document.documentElement;
  const remaining = scrollHeight - (window.scrollY + window.innerHeight);
  return remaining <= scrollHeight * SCROLL_THRESHOLD;
}

/**
 * MINGOVERVIEW: every clip, newest first, loading the next page when the visitor scrolls near
 * the bottom — one request at a time — until the end of the list. `placement` keeps the copy on
 * Home apart from the one on the clip page; each is emptied when its page is left.
 */
export function ClipList({ placement, heading = 'MINGOVERVIEW' }: { placement: string; heading?: string }) {
  const list = useClipList(placement);
  const { data, error, hasNextPage, isFetching, fetchNextPage } = list;
  const online = useOnline();

  useEffect(() => {
    // After a failure only the "Try again" button loads more, so scrolling cannot hammer the server.
    if (!hasNextPage || isFetching || error !== null) return;
    const check = () => {
      if (nearPageBottom()) void fetchNextPage({ cancelRefetch: false });
    };
    // A short page is already "at the bottom": keep filling it.
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [hasNextPage, isFetching, error, fetchNextPage, data]);

  const clips = data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = `clip-list-${placement}`;
  return (
    <ClipListSection headingId={headingId} heading={heading}>
      {clips.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Clips">
          {clips.map((clip) => (
            <li key={clip.docID}>
              <ClipCard clip={clip} />
            </li>
          ))}
        </ul>
      )}
      <ClipListStatus>
        {isFetching && online && CLIPS_LOADING}
        {!isFetching &&
          error === null &&
          data !== undefined &&
          !hasNextPage &&
          (clips.length === 0 ? 'No clips yet.' : "That's all the clips for now.")}
      </ClipListStatus>
      {!online && (error !== null || data === undefined || hasNextPage) && <ClipsOfflineNote />}
      {online && error !== null && !isFetching && <ClipListError onRetry={retryOf(list)} />}
    </ClipListSection>
  );
}
