import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PAGE_META } from '../../shared/page-meta';
import { fetchBoards } from '../lib/boards-store';
import { loaderOf, startPrefetch, type PagePrefetch } from '../lib/page-data';
import { adminOnly, signedInOnly } from './guards';
import { paths } from '../lib/paths';
import { RootLayout } from './root-layout';
import { RouteErrorPage, withPageErrorBoundaries } from './route-error-page';

/** Starts the (once-cached) published boards' download alongside the page's code instead of after it. */
function prefetchBoards(): null {
  void fetchBoards();
  return null;
}

/** The page renders once the boards are in (or after PAGE_DATA_WAIT_MS: then it shows them loading). */
const waitForBoards = loaderOf(fetchBoards);

/**
 * Every page is its own lazily loaded module exporting `Component` (and, where it needs data
 * before showing, `loader` and the `prefetch` it waits for), so the first load only carries the shell.
 */
const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    children: withPageErrorBoundaries([
      {
        index: true,
        handle: { title: PAGE_META.home.name, worksOffline: true, readsBoards: true },
        // Home's first render has the boards (as the DB's and About's do): React renders it in time
        // slices (main.tsx), where the boards arriving after it re-rendered the whole board in one
        // synchronous task (a store update is never time-sliced; decision 184).
        loader: waitForBoards,
        lazy: () => import('./home-page'),
      },
      {
        // The DB reads only the boards store before a poster is opened (its movie card brings the query library).
        path: paths.db,
        handle: { title: PAGE_META.db.name, worksOffline: true, readsBoards: true },
        lazy: () => import('../features/movies/db-page'),
      },
      {
        // Every route that reads the API: the query library loads with the first of them.
        lazy: () => import('./query-layout'),
        children: [
          {
            path: paths.about,
            handle: { title: PAGE_META.about.name, worksOffline: true, readsBoards: true },
            lazy: () => import('../features/movies/about-page'),
          },
          { path: paths.shop, handle: { title: PAGE_META.shop.name }, lazy: () => import('../features/shop/shop-page') },
          { path: paths.success, handle: { title: PAGE_META.success.name }, lazy: () => import('../features/shop/success-page') },
          { path: paths.cancel, handle: { title: PAGE_META.cancel.name }, lazy: () => import('../features/shop/cancel-page') },
          {
            path: paths.addProduct,
            ...signedInOnly,
            handle: { ...signedInOnly.handle, title: PAGE_META.addProduct.name },
            lazy: () => import('../features/shop/add-product-page'),
          },
          {
            path: paths.staff,
            ...adminOnly,
            handle: { ...adminOnly.handle, title: PAGE_META.staff.name },
            lazy: () => import('../features/auth/staff-page'),
          },
          {
            path: paths.orders,
            ...adminOnly,
            handle: { ...adminOnly.handle, title: PAGE_META.orders.name },
            lazy: () => import('../features/shop/orders-page'),
          },
          {
            // The board editor: its own chunk, loaded only by admins who open it.
            path: paths.boards,
            ...adminOnly,
            handle: { ...adminOnly.handle, title: PAGE_META.boards.name },
            lazy: () => import('../features/boards/boards-page'),
          },
          { path: paths.setup, handle: { title: PAGE_META.setup.name }, lazy: () => import('../features/auth/setup-page') },
          { path: paths.clipRoute, lazy: () => import('../features/clips/clip-page') },
          {
            path: paths.manageRoute,
            ...signedInOnly,
            handle: { ...signedInOnly.handle, title: PAGE_META.manage.name },
            lazy: () => import('./manage-route'),
          },
          {
            path: paths.upload,
            ...signedInOnly,
            handle: { ...signedInOnly.handle, title: PAGE_META.upload.name },
            lazy: () => import('../features/clips/upload-page'),
          },
          { path: paths.leagues, handle: { title: PAGE_META.leagues.name }, lazy: () => import('../features/leagues/leagues-page') },
          {
            // The league page (its invite link): the board's movies for the mini-boards come with the published boards.
            // Its title is the league's (set by the page), as a clip page's is the clip's.
            path: paths.leagueRoute,
            loader: prefetchBoards,
            lazy: () => import('../features/leagues/league-page'),
          },
          {
            path: paths.deviceLinkRoute,
            handle: { title: PAGE_META.deviceLink.name },
            lazy: () => import('../features/leagues/device-link-page'),
          },
          {
            path: paths.adminLeagues,
            ...adminOnly,
            handle: { ...adminOnly.handle, title: PAGE_META.adminLeagues.name },
            lazy: () => import('../features/leagues/admin-leagues-page'),
          },
          {
            path: paths.shareRoute,
            handle: { worksOffline: true },
            loader: prefetchBoards,
            lazy: () => import('../features/movies/shared-board-page'),
          },
        ],
      },
      { path: '*', lazy: () => import('../components/not-found-page') },
    ]),
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

const readsBoards = (handle: unknown): boolean =>
  typeof handle === 'object' && handle !== null && 'readsBoards' in handle && handle.readsBoards === true;

/**
 * Starts the code and data of the page the visitor opened while the session answer is still on
 * its way (the router, created after it, would only ask for them then). Guards are left to the
 * router: they need the session. Module imports are cached and the page's loader waits for the
 * prefetch started here (page-data.ts), so the router's own calls later reuse them.
 */
export function startFirstPage(location: Location): void {
  for (const { route } of matchRoutes(routes, location) ?? []) {
    // Pages whose own prefetch reads the boards (`handle.readsBoards`) would otherwise only ask
    // for them once their code has arrived: on /db that put the boards, and so the first poster
    // (its largest paint), a whole round trip later.
    if (route.loader === prefetchBoards || readsBoards(route.handle)) prefetchBoards();
    if (typeof route.lazy !== 'function') continue;
    void route.lazy().then((module) => {
      const { prefetch } = module as { prefetch?: PagePrefetch };
      if (prefetch !== undefined) startPrefetch(prefetch, new URL(location.href));
    });
  }
}
