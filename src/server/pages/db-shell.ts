import type { PublicBoard } from '../../shared/boards';
import {
  DB_PAGE_CLASSES as DB,
  DB_PAGE_TEXT,
  dbFilms,
  dbRows,
  FIRST_RENDER_ROWS,
  posterClasses,
  posterEager,
  resultText,
  seenText,
  yearClasses,
} from '../../shared/db-page';
import { POSTER_HEIGHT, POSTER_IMAGE_CLASSES, POSTER_SIZES, POSTER_WIDTH } from '../../shared/poster-sizes';
import { PRODUCT_NAME } from '../../shared/product';
import { escapeHtml } from '../html';

/**
 * Where index.html's static shell of /db holds the page's top; the build's words in between (its
 * heading and description) stay when the server has no boards to paint (src/web/index.html).
 */
export const DB_SHELL_SLOT = /<!-- db-shell -->[\s\S]*?<!-- \/db-shell -->/;

type BoardMovie = PublicBoard['movies'][number];

function poster(movie: BoardMovie, eager: boolean): string {
  const image =
    `<img src="${escapeHtml(movie.poster.src)}" alt="" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}"` +
    ` loading="${eager ? 'eager' : 'lazy'}" decoding="async" draggable="false" class="${POSTER_IMAGE_CLASSES}" />`;
  if (movie.poster.sources.length === 0) return image;
  const sources = movie.poster.sources.map(
    (source) => `<source type="${escapeHtml(source.type)}" srcset="${escapeHtml(source.srcset)}" sizes="${POSTER_SIZES.row}" />`,
  );
  return `<picture>${sources.join('')}${image}</picture>`;
}

/**
 * The MINGO DB page's top and its first row, painted with the HTML before the app's code arrives
 * (the page's largest paint is a poster of that row): the same elements and classes as the React
 * page (web/features/movies/db-page.tsx), inert — spans for its buttons, a disabled search box —
 * and without what only the visitor's browser knows: the seen count keeps its place, invisible,
 * and no poster is marked seen. The app replaces it on its first render, row for row in the same
 * place. Undefined without published boards: index.html's own heading and description stay.
 */
export function dbShellPage(boards: readonly PublicBoard[]): string | undefined {
  const films = dbFilms(boards);
  if (films.length === 0) return undefined;
  const rows = dbRows(boards, '').slice(0, FIRST_RENDER_ROWS);
  const sections = rows.map((row, rowIndex) => {
    const posters = row.movies.map(
      (movie, index) =>
        `<li class="${posterClasses(index)}"><span class="${DB.posterButton}">${poster(movie, posterEager(rowIndex, index))}</span>` +
        `<p class="${DB.posterName}">${escapeHtml(movie.name)}</p></li>`,
    );
    return (
      `<section class="${yearClasses(rowIndex)}"><h2 class="${DB.yearHeading}">${row.year} <span class="${DB.yearCount}">(${row.movies.length})</span></h2>` +
      `<ul class="${DB.row}">${posters.join('')}</ul></section>`
    );
  });
  const icon = (name: string, classes = '') => `<span class="${classes === '' ? 'icon' : `icon ${classes}`}">${name}</span>`;
  return [
    `<div class="${DB.page}">`,
    `<div class="${DB.header}"><div><h1 class="${DB.title}">${PRODUCT_NAME} DB</h1>`,
    `<p class="${DB.description}">${DB_PAGE_TEXT.description} <span class="${DB.seenCountUnknown}">${seenText(0, films.length)}</span></p></div>`,
    `<div class="${DB.transfer}"><div class="${DB.transferButtons}">`,
    `<span class="${DB.transferButton}">${icon('download')}${DB_PAGE_TEXT.exportSeen}</span>`,
    `<span class="${DB.transferButton}">${icon('upload')}${DB_PAGE_TEXT.importSeen}</span>`,
    `</div><div class="${DB.transferReport}"></div></div></div>`,
    `<div class="${DB.search}">${icon('search', DB.searchIcon)}`,
    `<input type="search" class="${DB.searchInput}" placeholder="${DB_PAGE_TEXT.searchPlaceholder}" disabled /></div>`,
    `<p class="${DB.status}">${resultText(films.length, '')}</p>`,
    ...sections,
    '</div>',
  ].join('');
}
