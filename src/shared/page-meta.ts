import { PRODUCT_NAME } from './product';

/**
 * Page names and descriptions, defined once: the browser sets `document.title` from them and the
 * server writes them (with Open Graph / Twitter tags) into the HTML it serves for link previews.
 */
export type PageMeta = { name: string; description: string };

export const SITE_DESCRIPTION = `${PRODUCT_NAME} — yearly movie-bingo boards, spoiler-free clips and the ${PRODUCT_NAME} merch shop.`;

export const PAGE_META = {
  home: { name: `${PRODUCT_NAME} boards`, description: SITE_DESCRIPTION },
  about: {
    name: `About ${PRODUCT_NAME}`,
    description: `How ${PRODUCT_NAME} works: one 5×5 board of movies a year, mark what you have seen and play for a line.`,
  },
  db: { name: `${PRODUCT_NAME} DB`, description: `Search every movie on every ${PRODUCT_NAME} board, one a year since 2018.` },
  shop: { name: `Shop ${PRODUCT_NAME}`, description: `T-shirts, vinyl and more from the ${PRODUCT_NAME} merch shop.` },
  success: { name: 'Payment successful', description: SITE_DESCRIPTION },
  cancel: { name: 'Payment cancelled', description: SITE_DESCRIPTION },
  manage: { name: 'Manage clips', description: SITE_DESCRIPTION },
  upload: { name: 'Upload a clip', description: SITE_DESCRIPTION },
  addProduct: { name: 'Add product', description: SITE_DESCRIPTION },
  staff: { name: 'Staff', description: SITE_DESCRIPTION },
  orders: { name: 'Orders', description: SITE_DESCRIPTION },
  boards: { name: 'Boards', description: SITE_DESCRIPTION },
  setup: { name: `Set up ${PRODUCT_NAME}`, description: SITE_DESCRIPTION },
  leagues: {
    name: 'Leagues',
    description: `Play ${PRODUCT_NAME} with friends: your leagues, and your marks on every device — no account needed.`,
  },
  league: {
    name: `A ${PRODUCT_NAME} league`,
    description: `You are invited to a ${PRODUCT_NAME} league: race your friends to a line and to the whole board, live.`,
  },
  deviceLink: { name: 'Use on this device', description: `Bring your ${PRODUCT_NAME} marks and leagues to this browser.` },
  adminLeagues: { name: 'Leagues (admin)', description: SITE_DESCRIPTION },
  notFound: { name: 'Page not found', description: SITE_DESCRIPTION },
} as const satisfies Record<string, PageMeta>;

/** The 404 page's words (the specification's exact text). */
export const NOT_FOUND_MESSAGE = "Looks like the page you're looking for is gone or doesn't exist.";

/** "Shop MINGO · MINGO"; the home page is just "MINGO boards · MINGO". */
export function documentTitle(name: string): string {
  return `${name} · ${PRODUCT_NAME}`;
}

/**
 * Where the shopper lands after paying or cancelling (Stripe, the test provider and the web
 * router alike). Kept here, free of zod, because the router reads it on first load.
 */
export const checkoutReturnPaths = {
  /** The /success page; the checkout session arrives as `?session_id=`. */
  successPage: '/success',
  sessionParam: 'session_id',
  success: (sessionId: string) => `/success?session_id=${encodeURIComponent(sessionId)}`,
  /** Stripe's success_url: Stripe fills in its own session id. */
  stripeSuccess: '/success?session_id={CHECKOUT_SESSION_ID}',
  cancel: '/cancel',
} as const;

/** The path patterns of the app's pages (Fastify and React Router share the `:param` syntax). */
export const pagePaths = {
  home: '/',
  about: '/about',
  db: '/db',
  shop: '/shop',
  clip: '/clip/:id',
  manage: '/manage',
  upload: '/upload',
  addProduct: '/add-product',
  staff: '/staff',
  orders: '/orders',
  boards: '/boards',
  setup: '/setup',
  share: '/share/:code',
  leagues: '/leagues',
  league: '/leagues/:code',
  deviceLink: '/me/link/:token',
  adminLeagues: '/admin/leagues',
} as const;

/** The path of a shared board's page and of its preview image. */
export const sharePaths = {
  page: (code: string) => `/share/${code}`,
  image: (code: string, format: 'wide' | 'square' = 'wide') => `/share/${code}.png${format === 'square' ? '?format=square' : ''}`,
} as const;
