import { createBrowserRouter } from 'react-router';
import { paths } from './paths';
import { RootLayout } from './root-layout';

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
        { index: true, lazy: () => import('./home-page') },
        { path: paths.about, lazy: () => import('../features/movies/about-page') },
        { path: paths.db, lazy: () => import('../features/movies/db-page') },
        { path: paths.shop, lazy: () => import('../features/shop/shop-page') },
        { path: paths.success, lazy: () => import('../features/shop/success-page') },
        { path: paths.cancel, lazy: () => import('../features/shop/cancel-page') },
        { path: '*', lazy: () => import('./not-found-page') },
      ],
    },
  ]);
}
