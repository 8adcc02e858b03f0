import { yearsSpan } from '../domain/boards';
import type { PublicBoard } from '../shared/boards';
import { dbFilms, dbRows, FIRST_RENDER_ROWS, resultText } from '../shared/db-page';
import { POSTER_SIZES } from '../shared/poster-sizes';
import { DbIntro, DbPageView, SeenListTransferView } from './db-page-view';
import { Icon } from './icon';
import { NavBarView } from './nav-bar-view';
import { AboutIntro, HomeIntro, PAGE_FRAME_CLASSES, ShopHeading } from './page-intros';
import { PosterPicture } from './poster-picture';
import { ShopShellProducts, type TileProduct } from './product-tile';

/** The bar as the shell paints it: the app's bar, its links inert and its controls keeping their places unseen. */
function StaticNavBar() {
  return (
    <NavBarView
      link={({ className, children }) => <span className={className}>{children}</span>}
      cartCount={0}
      cartIconClassName="invisible"
      account={{ bar: <span className="nav-link invisible">Login</span>, menu: null }}
      themeToggle={
        <span className="nav-button invisible">
          <Icon name="dark_mode" />
        </span>
      }
      menu={() => (
        <span className="nav-button invisible">
          <Icon name="menu" />
        </span>
      )}
    />
  );
}

/**
 * /db's top and first row as the page draws them, inert (spans for its buttons, a disabled search
 * box) and without what only the visitor's browser knows: the seen count keeps its place, unseen,
 * and no poster is marked seen. Without published boards: the heading and description alone.
 */
function DbShell({ boards }: { boards: readonly PublicBoard[] }) {
  const films = dbFilms(boards);
  if (films.length === 0) return <DbIntro />;
  return (
    <DbPageView
      filmCount={films.length}
      seenCount={undefined}
      transfer={<SeenListTransferView />}
      status={resultText(films.length, '')}
      rows={dbRows(boards, '').slice(0, FIRST_RENDER_ROWS)}
      poster={(movie, eager) => (
        <PosterPicture src={movie.poster.src} sources={movie.poster.sources} alt="" eager={eager} sizes={POSTER_SIZES.row} />
      )}
    />
  );
}

export type AppShellProps = {
  /** About's intro names the published years (domain/boards.ts yearsSpan); the shells of other pages need not. */
  aboutYears?: string;
  /** /db paints its top and first row from the published boards. */
  boards?: readonly PublicBoard[];
  /** /shop paints the first catalogue page's tiles. */
  products?: readonly TileProduct[];
};

/**
 * The static app shell inside #root, painted before any script has run and replaced by React's first
 * render: the navigation bar and, for the page opened (html[data-shell], set by public/theme-init.js),
 * that page's top, drawn by the same components as the app's pages. The build writes it into
 * index.html (vite.config.ts); the server sends /about, /db and /shop with their data filled in
 * (server/pages/site-pages.ts).
 */
export function AppShell({ aboutYears = yearsSpan([]), boards = [], products = [] }: AppShellProps) {
  return (
    <div className="app-shell" aria-hidden="true">
      <StaticNavBar />
      <div className={`app-shell-page app-shell-home ${PAGE_FRAME_CLASSES}`}>
        <HomeIntro />
      </div>
      <div className={`app-shell-page app-shell-about ${PAGE_FRAME_CLASSES}`}>
        <AboutIntro years={aboutYears} />
      </div>
      <div className={`app-shell-page app-shell-db ${PAGE_FRAME_CLASSES}`}>
        <DbShell boards={boards} />
      </div>
      <div className={`app-shell-page app-shell-shop ${PAGE_FRAME_CLASSES}`}>
        <ShopHeading />
        {products.length > 0 && <ShopShellProducts products={products} />}
      </div>
    </div>
  );
}
