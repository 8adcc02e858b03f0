/** Every route path of the web app, built in one place. */
export const paths = {
  home: '/',
  about: '/about',
  db: '/db',
  shop: '/shop',
  success: '/success',
  cancel: '/cancel',
  clip: (id: string) => `/clip/${encodeURIComponent(id)}`,
  manage: (sort: 1 | 2 = 1) => `/manage?sort=${sort}`,
  upload: '/upload',
  addProduct: '/add-product',
  staff: '/staff',
  orders: '/orders',
} as const;
