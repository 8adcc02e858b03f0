import { checkoutReturnPaths } from '../../shared/page-meta';

/** Every route path of the web app, built in one place. */
export const paths = {
  home: '/',
  about: '/about',
  db: '/db',
  shop: '/shop',
  success: checkoutReturnPaths.successPage,
  cancel: checkoutReturnPaths.cancel,
  clip: (id: string) => `/clip/${encodeURIComponent(id)}`,
  /** The router's pattern for `clip(id)`. */
  clipRoute: '/clip/:id',
  manage: (sort: 1 | 2 = 1) => `/manage?sort=${sort}`,
  /** The router's pattern for `manage(sort)`. */
  manageRoute: '/manage',
  upload: '/upload',
  addProduct: '/add-product',
  staff: '/staff',
  orders: '/orders',
  setup: '/setup',
  /** The router's pattern for a shared board (see sharePaths in shared/page-meta). */
  shareRoute: '/share/:code',
} as const;
