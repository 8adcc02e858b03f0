import { useState } from 'react';
import { yearsSpan } from '../../../domain/boards';
import type { HowToPlayTile, Movie } from '../../../shared/content';
import { PRODUCT_NAME } from '../../../shared/product';
import { Icon } from '../../../ui/icon';
import { AboutIntro } from '../../../ui/page-intros';
import { Modal } from '../../components/modal';
import { fetchBoards, useBoards } from '../../lib/boards-store';
import { loaderOf, type PagePrefetch } from '../../lib/page-data';
import { CountdownPanel } from './countdown-panel';
import { prefetchHowToPlay, useHowToPlay } from './how-to-play';
import { MovieModal } from './movie-modal';

export function AboutPage() {
  const { boards } = useBoards();
  const span = yearsSpan(boards.map((board) => board.year));
  return (
    <div className="flex flex-col gap-10">
      <AboutIntro years={span} />
      <CountdownPanel />
      <WinningBoards />
      <HowToPlay />
      <section aria-labelledby="mingoverview-heading" className="flex max-w-3xl flex-col gap-3">
        <h2 id="mingoverview-heading" className="text-2xl font-black">
          What is MINGOVERVIEW?
        </h2>
        <p className="leading-relaxed">
          Below the boards on the home page, MINGOVERVIEW is a never-ending reel of short, spoiler-free clips from the movies on the boards,
          uploaded by the {PRODUCT_NAME} team. Scroll to keep the reel coming; open a clip to watch it on its own page with speed controls
          and fullscreen.
        </p>
        <p className="leading-relaxed">
          The same clips show up inside a movie’s card: when a movie has a clip, its poster gets a play button. It is the quickest way to
          decide what to watch next without spoiling a thing.
        </p>
      </section>
    </div>
  );
}

function WinningBoards() {
  const { tiles } = useHowToPlay();
  const [open, setOpen] = useState<HowToPlayTile | null>(null);
  return (
    <section aria-labelledby="winning-heading" className="flex flex-col gap-4">
      <h2 id="winning-heading" className="text-2xl font-black">
        Ways to win
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        {tiles.map((tile) => (
          <li key={tile.id}>
            <button type="button" className="card about-tile" onClick={() => setOpen(tile)}>
              <img
                src={tile.imageURL}
                alt=""
                width={296}
                height={340}
                loading="lazy"
                decoding="async"
                className="aspect-[296/340] h-auto w-full rounded-lg"
              />
              <span className="font-bold">{tile.title}</span>
            </button>
          </li>
        ))}
      </ul>
      <Modal name="aboutExample" title={open?.title ?? 'Example'} open={open !== null} onClose={() => setOpen(null)}>
        {open !== null && (
          <div className="flex flex-col gap-4">
            <img
              src={open.imageURL}
              alt={`Example board: ${open.title.toLowerCase()} win`}
              width={296}
              height={340}
              className="mx-auto aspect-[296/340] h-auto w-full max-w-xs rounded-xl"
            />
            <p className="leading-relaxed">{open.description}</p>
          </div>
        )}
      </Modal>
    </section>
  );
}

function HowToPlay() {
  // The sample movie card shows the first square of the newest board.
  const { boards } = useBoards();
  const sample: Movie | undefined = boards[0]?.movies[0];
  const [open, setOpen] = useState(false);
  // The sample card's seen toggle is a demonstration: it never touches the real seen list.
  const [sampleSeen, setSampleSeen] = useState(false);
  return (
    <section aria-labelledby="how-heading" className="grid gap-6 md:grid-cols-[1fr_auto] md:items-center">
      <div className="flex flex-col gap-3">
        <h2 id="how-heading" className="text-2xl font-black">
          How to play
        </h2>
        <ol className="flex list-decimal flex-col gap-2 pl-5 leading-relaxed marker:font-bold marker:text-amber-500">
          <li>Pick a year on the home page. Its board has 24 movies around a free centre square.</li>
          <li>Open a poster to see the movie’s card: runtime, a short description and our two hosts’ ratings.</li>
          <li>Seen it? Press “Seen it”. The square is marked on the board and in the {PRODUCT_NAME} DB.</li>
          <li>Five marked squares in a row, a column or a diagonal is {PRODUCT_NAME}! Mark all 25 for a blackout.</li>
          <li>Stuck? Ask Mighty {PRODUCT_NAME} for a random square to watch next.</li>
        </ol>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Your marks stay in this browser. Use Export on the {PRODUCT_NAME} DB page to back them up or move them.
        </p>
      </div>
      <div className="flex flex-col items-center gap-2">
        <button type="button" className="btn-primary" onClick={() => setOpen(true)} disabled={sample === undefined}>
          <Icon name="movie" />
          Try a movie card
        </button>
        <p className="text-xs text-slate-500 dark:text-slate-400">A sample: marks here are not saved.</p>
      </div>
      <MovieModal
        movie={open && sample !== undefined ? sample : null}
        onClose={() => setOpen(false)}
        seen={sampleSeen}
        onToggleSeen={() => setSampleSeen((seen) => !seen)}
      />
    </section>
  );
}

/** The tiles and the sample card's movie: the page's sections keep their places from the first paint. */
export const prefetch: PagePrefetch = () => Promise.all([fetchBoards(), prefetchHowToPlay()]);
export const loader = loaderOf(prefetch);
export { AboutPage as Component };
