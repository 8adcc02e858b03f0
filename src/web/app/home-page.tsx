import { useState } from 'react';
import type { Pick } from '../../domain/random-pick';
import { PRODUCT_NAME } from '../../shared/product';
import { ClipList } from '../features/clips/clip-list';
import { MovieBoards } from '../features/movies/movie-boards';
import { RandomPick } from '../features/movies/random-pick';

/**
 * Home composes the movie boards, the random pick (whose draw is highlighted on the board being
 * viewed) and, below them, the MINGOVERVIEW clip list.
 */
export function HomePage() {
  const [pick, setPick] = useState<Pick | null>(null);
  return (
    <div className="flex flex-col gap-10">
      <div>
        <h1 className="page-title mb-2">{PRODUCT_NAME} boards</h1>
        <p className="max-w-2xl text-slate-600 dark:text-slate-300">
          One 5×5 board of movies a year, 2018 to 2025. Mark what you have seen and play for a line, a column, a
          diagonal — or the blackout.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,40rem)_19rem] lg:gap-10">
        <MovieBoards pick={pick} />
        <div className="lg:sticky lg:top-24 lg:mt-[7.75rem]">
          <RandomPick onPick={setPick} />
        </div>
      </div>
      <ClipList placement="home" />
    </div>
  );
}

export { HomePage as Component };
