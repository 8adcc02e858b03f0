import { Suspense, useEffect, useRef, useState, type ComponentProps } from 'react';
import type { Pick } from '../../domain/random-pick';
import { HomeIntro } from '../../ui/page-intros';
import { ClipListLoading, ClipListUnavailable } from '../features/clips/clip-notes';
import { PlayWithFriendsButton } from '../features/leagues/play-with-friends-button';
import { MovieBoards } from '../features/movies/movie-boards';
import { lazyPart } from '../lib/lazy-part';
import { RandomPick } from '../features/movies/random-pick';

// The clip list (with the API client and zod behind it) is not needed for Home's first paint.
// The clip list reads the API: it brings the query library along (see lib/query-provider.tsx).
const ClipList = lazyPart(async () => {
  const [{ ClipList: List }, { QueryProvider }] = await Promise.all([
    import('../features/clips/clip-list'),
    import('../lib/query-provider'),
  ]);
  return (props: ComponentProps<typeof List>) => (
    <QueryProvider>
      <List {...props} />
    </QueryProvider>
  );
}, ClipListUnavailable);

/**
 * True once the element comes near the viewport, or once the browser is idle after the page has
 * loaded, whichever is first: below-the-fold parts start after the first page, never before it.
 */
function useNearViewportOrIdle(ref: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (element === null || near) return undefined;
    const show = () => setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const whenIdle = () => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(show, { timeout: 2000 });
      else timer = setTimeout(show, 500);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ref, near]);
  return near;
}

const playWithFriends = (year: number | null) => <PlayWithFriendsButton year={year} />;

/**
 * Home composes the movie boards (with "Play with friends" beside their Share), the random pick (whose draw is highlighted on the board being
 * viewed) and, below them, the MINGOVERVIEW clip list.
 */
export function HomePage() {
  const [pick, setPick] = useState<Pick | null>(null);
  const clipsRef = useRef<HTMLDivElement>(null);
  const showClips = useNearViewportOrIdle(clipsRef);
  return (
    <div className="flex flex-col gap-10">
      <HomeIntro />
      {/* From lg up the boards' three rows (heading, year tabs, board) are a subgrid of this grid, so
          the random pick starts level with the board itself rather than at a guessed offset. */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,40rem)_19rem] lg:grid-rows-[auto_auto_1fr] lg:gap-x-10 lg:gap-y-4">
        <MovieBoards pick={pick} actions={playWithFriends} />
        <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-3">
          <RandomPick onPick={setPick} />
        </div>
      </div>
      <div ref={clipsRef}>
        {showClips && (
          <Suspense fallback={<ClipListLoading placement="home" />}>
            <ClipList placement="home" />
          </Suspense>
        )}
      </div>
    </div>
  );
}

export { HomePage as Component };
