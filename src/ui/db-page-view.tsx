import type { ReactNode } from 'react';
import { DB_PAGE_TEXT, EAGER_ROWS, EAGER_IN_ROW, posterEager, seenText } from '../shared/db-page';
import { PRODUCT_NAME } from '../shared/product';
import { Icon } from './icon';

/**
 * The look of the MINGO DB page. The app's page (web/features/movies/db-page.tsx) and the static
 * first paint of /db that the server sends (app-shell.tsx) both draw DbPageView, so the two lay
 * out alike and the app's first render does not move the page (decision 185).
 */
export const DB_PAGE_CLASSES = {
  page: 'flex flex-col gap-6',
  /** Heading and description, then the seen-list buttons (beside them from `lg`). */
  header: 'flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between',
  title: 'page-title mb-2',
  description: 'text-slate-600 dark:text-slate-300',
  /**
   * The seen count has a line of its own on a phone: how many digits it has then never decides
   * whether the description wraps, so the server's first paint (which cannot know the count) and
   * the page take the same height at every width.
   */
  seenCount: 'block sm:inline',
  transfer: 'flex flex-col gap-2 lg:items-end',
  transferButtons: 'flex flex-wrap gap-2',
  transferButton: 'btn-secondary',
  transferReport: 'lg:max-w-md lg:text-right',
  search: 'relative max-w-xl',
  searchIcon: 'pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500 dark:text-slate-400',
  searchInput: 'input py-3 pl-10 text-lg',
  status: '-mt-3 text-sm text-slate-600 dark:text-slate-300',
  yearHeading: 'text-lg font-black',
  yearCount: 'text-sm font-semibold text-slate-500 dark:text-slate-400',
  row: 'db-row',
  posterButton: 'board-cell w-full',
  posterName: 'mt-1 truncate text-xs font-semibold',
} as const;

/** A year's section: the years below the first EAGER_ROWS are laid out only near the viewport (app.css). */
export function yearClasses(rowIndex: number): string {
  return rowIndex < EAGER_ROWS ? 'flex flex-col gap-2' : 'flex flex-col gap-2 db-year-later';
}

/** A poster's place in its row: those past EAGER_IN_ROW are drawn only near the viewport (app.css). */
export function posterClasses(index: number): string {
  return index < EAGER_IN_ROW ? 'w-28 shrink-0 snap-start sm:w-36' : 'w-28 shrink-0 snap-start sm:w-36 db-poster-later';
}

/** A button, or, in the static first paint (no handler), an inert span of the same look. */
function Control({
  onClick,
  disabled,
  className,
  children,
}: {
  onClick?: () => void;
  disabled?: boolean;
  className: string;
  children: ReactNode;
}) {
  if (onClick === undefined) return <span className={className}>{children}</span>;
  return (
    <button type="button" className={className} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

export type SeenListTransferViewProps = {
  onExport?: () => void;
  onImport?: () => void;
  importDisabled?: boolean;
  /** The hidden file input the import button opens. */
  fileInput?: ReactNode;
  report?: { kind: 'success' | 'error'; text: string } | null;
};

/** Export and import of the seen list (web/features/movies/seen-list-transfer.tsx holds the work). */
export function SeenListTransferView({ onExport, onImport, importDisabled = false, fileInput, report = null }: SeenListTransferViewProps) {
  return (
    <div className={DB_PAGE_CLASSES.transfer}>
      <div className={DB_PAGE_CLASSES.transferButtons}>
        <Control className={DB_PAGE_CLASSES.transferButton} onClick={onExport}>
          <Icon name="download" />
          {DB_PAGE_TEXT.exportSeen}
        </Control>
        <Control className={DB_PAGE_CLASSES.transferButton} onClick={onImport} disabled={importDisabled}>
          <Icon name="upload" />
          {DB_PAGE_TEXT.importSeen}
        </Control>
        {fileInput}
      </div>
      <div aria-live="polite" className={DB_PAGE_CLASSES.transferReport}>
        {report !== null && <p className={`text-sm ${report.kind === 'error' ? 'alert-error' : 'alert-success'}`}>{report.text}</p>}
      </div>
    </div>
  );
}

type DbMovie = { id: string; name: string };

export type DbPageViewProps<M extends DbMovie> = {
  /** The films of the DB (shared/db-page.ts dbFilms); none: no seen count. */
  filmCount: number;
  /**
   * Films the visitor has seen; undefined in the server's first paint, which cannot know: the
   * count then keeps its place, unseen.
   */
  seenCount: number | undefined;
  /** The seen-list buttons: SeenListTransferView, with or without its work. */
  transfer: ReactNode;
  /** The search box's text and its handler; none: a disabled box (the static first paint). */
  search?: { value: string; onChange: (value: string) => void };
  /** The line under the search box. */
  status: string;
  /** The rows drawn so far (shared/db-page.ts dbRows). */
  rows: readonly { year: number; movies: readonly M[] }[];
  /** A movie's poster at its place (the first rows' first posters `eager`). */
  poster: (movie: M, eager: boolean) => ReactNode;
  /** Opens a movie's card; none: inert posters (the static first paint). */
  onOpen?: (movie: M) => void;
  /** The visitor's seen marks (the app only). */
  seenIds?: ReadonlySet<string>;
};

/**
 * The MINGO DB page: heading, description with the seen count, the seen-list buttons, the search
 * box, its status line and one scrolling row of posters per board.
 */
export function DbPageView<M extends DbMovie>({
  filmCount,
  seenCount,
  transfer,
  search,
  status,
  rows,
  poster,
  onOpen,
  seenIds,
}: DbPageViewProps<M>) {
  return (
    <div className={DB_PAGE_CLASSES.page}>
      <div className={DB_PAGE_CLASSES.header}>
        <div>
          <h1 className={DB_PAGE_CLASSES.title}>{PRODUCT_NAME} DB</h1>
          <p className={DB_PAGE_CLASSES.description}>
            {DB_PAGE_TEXT.description}{' '}
            {filmCount > 0 && (
              <span className={seenCount === undefined ? `invisible ${DB_PAGE_CLASSES.seenCount}` : DB_PAGE_CLASSES.seenCount}>
                {seenText(seenCount ?? 0, filmCount)}
              </span>
            )}
          </p>
        </div>
        {transfer}
      </div>
      <div role="search" className={DB_PAGE_CLASSES.search}>
        <label htmlFor="db-search" className="sr-only">
          Search movies by title
        </label>
        <Icon name="search" className={DB_PAGE_CLASSES.searchIcon} />
        <input
          id="db-search"
          type="search"
          className={DB_PAGE_CLASSES.searchInput}
          placeholder={DB_PAGE_TEXT.searchPlaceholder}
          autoComplete="off"
          {...(search === undefined
            ? { disabled: true }
            : { value: search.value, onChange: (event) => search.onChange(event.target.value) })}
        />
      </div>
      <p role="status" className={DB_PAGE_CLASSES.status}>
        {status}
      </p>
      {rows.map((row, rowIndex) => (
        <section key={row.year} aria-labelledby={`db-year-${row.year}`} className={yearClasses(rowIndex)}>
          <h2 id={`db-year-${row.year}`} className={DB_PAGE_CLASSES.yearHeading}>
            {row.year} <span className={DB_PAGE_CLASSES.yearCount}>({row.movies.length})</span>
          </h2>
          <ul className={DB_PAGE_CLASSES.row} aria-label={`${row.year} movies`}>
            {row.movies.map((movie, index) => {
              const seen = seenIds?.has(movie.id) === true;
              const picture = poster(movie, posterEager(rowIndex, index));
              return (
                <li key={movie.id} className={posterClasses(index)}>
                  {onOpen === undefined ? (
                    <span className={DB_PAGE_CLASSES.posterButton}>{picture}</span>
                  ) : (
                    <button
                      type="button"
                      onClick={() => onOpen(movie)}
                      className={seen ? `${DB_PAGE_CLASSES.posterButton} board-cell-seen` : DB_PAGE_CLASSES.posterButton}
                      data-seen={seen}
                      aria-label={seen ? `${movie.name}, seen` : movie.name}
                    >
                      {picture}
                      {seen && (
                        <span className="board-cell-check" aria-hidden="true">
                          <Icon name="check" />
                        </span>
                      )}
                    </button>
                  )}
                  <p className={DB_PAGE_CLASSES.posterName} aria-hidden="true" title={movie.name}>
                    {movie.name}
                  </p>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** /db's heading and description alone: the static first paint when there are no boards to show. */
export function DbIntro() {
  return (
    <>
      <h1 className={DB_PAGE_CLASSES.title}>{PRODUCT_NAME} DB</h1>
      <p className={DB_PAGE_CLASSES.description}>{DB_PAGE_TEXT.description}</p>
    </>
  );
}
