import { checkoutReturnPaths, pagePaths } from '../../shared/page-meta';

/** Every route path of the web app, built in one place (the patterns are shared with the server). */
export const paths = {
  home: pagePaths.home,
  about: pagePaths.about,
  db: pagePaths.db,
  shop: pagePaths.shop,
  success: checkoutReturnPaths.successPage,
  cancel: checkoutReturnPaths.cancel,
  clip: (id: string) => `/clip/${encodeURIComponent(id)}`,
  /** The router's pattern for `clip(id)`. */
  clipRoute: pagePaths.clip,
  manage: (sort: 1 | 2 = 1) => `${pagePaths.manage}?sort=${sort}`,
  /** The router's pattern for `manage(sort)`. */
  manageRoute: pagePaths.manage,
  upload: pagePaths.upload,
  addProduct: pagePaths.addProduct,
  staff: pagePaths.staff,
  orders: pagePaths.orders,
  boards: pagePaths.boards,
  setup: pagePaths.setup,
  /** The router's pattern for a shared board (see sharePaths in shared/page-meta). */
  shareRoute: pagePaths.share,
  leagues: pagePaths.leagues,
  league: (code: string) => `/leagues/${encodeURIComponent(code)}`,
  /** The router's pattern for `league(code)`. */
  leagueRoute: pagePaths.league,
  /** The router's pattern of a device link's page (its address comes from the server: `POST /api/me/links`). */
  deviceLinkRoute: pagePaths.deviceLink,
  adminLeagues: pagePaths.adminLeagues,
} as const;
