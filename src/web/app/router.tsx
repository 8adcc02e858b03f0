import { createBrowserRouter } from 'react-router';
import { fetchMovieList } from '../lib/movie-list';
import { adminOnly, signedInOnly } from './guards';
import { paths } from './paths';
import { RootLayout } from './root-layout';

/** Starts the (once-cached) movie list download alongside the page's code instead of after it. */
function prefetchMovieList(): null {
  void fetchMovieList();
  return null;
}

/**
 * Every page is its own lazily loaded module exporting `Component` (and, where it needs data
 * before showing, `loader`), so the first load only carries the shell.
 */
export function createRouter() {
  return createBrowserRouter([
    {
      path: paths.home,
      Component: RootLayout,
      children: [
        { index: true, loader: prefetchMovieList, lazy: () => import('./home-page') },
        { path: paths.about, loader: prefetchMovieList, lazy: () => import('../features/movies/about-page') },
        { path: paths.db, loader: prefetchMovieList, lazy: () => import('../features/movies/db-page') },
        { path: paths.shop, lazy: () => import('../features/shop/shop-page') },
        { path: paths.success, lazy: () => import('../features/shop/success-page') },
        { path: paths.cancel, lazy: () => import('../features/shop/cancel-page') },
        { path: paths.addProduct, ...signedInOnly, lazy: () => import('../features/shop/add-product-page') },
        { path: paths.staff, ...adminOnly, lazy: () => import('../features/auth/staff-page') },
        { path: paths.orders, ...adminOnly, lazy: () => import('../features/shop/orders-page') },
        { path: '/clip/:id', lazy: () => import('../features/clips/clip-page') },
        { path: '/manage', ...signedInOnly, lazy: () => import('../features/clips/manage-page') },
        { path: paths.upload, ...signedInOnly, lazy: () => import('../features/clips/upload-page') },
        { path: '*', lazy: () => import('./not-found-page') },
      ],
    },
  ]);
}
