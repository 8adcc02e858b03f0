import { PRODUCT_NAME } from '../shared/product';

/** The box every page's content sits in (the app's <main>, and each page of the static shell). */
export const PAGE_FRAME_CLASSES = 'mx-auto w-full max-w-6xl px-4 py-6';

/** Home's heading and intro. */
export function HomeIntro() {
  return (
    <div>
      <h1 className="page-title mb-2">{PRODUCT_NAME} boards</h1>
      <p className="max-w-2xl text-slate-600 dark:text-slate-300">
        One 5×5 board of movies a year since 2018. Mark what you have seen and play for a line, a column, a diagonal — or the blackout.
      </p>
    </div>
  );
}

/** About's heading and intro; `years` names the published boards' years (domain/boards.ts yearsSpan). */
export function AboutIntro({ years }: { years: string }) {
  return (
    <div>
      <h1 className="page-title mb-2">About {PRODUCT_NAME}</h1>
      <p className="max-w-2xl text-slate-600 dark:text-slate-300">
        {PRODUCT_NAME} is movie bingo for the whole year. {years} has its own 5×5 board of notable films under the letters M I N G O. Watch,
        mark, and race for a line before the next board drops on 1 May.
      </p>
    </div>
  );
}

/** The shop's heading. */
export function ShopHeading() {
  return <h1 className="page-title">Shop {PRODUCT_NAME}</h1>;
}
