import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The service worker (Workbox, generated at build time) and the web app manifest.
 * Precached: the app shell (index.html, every hashed script and style), the movie list, posters,
 * how-to-play images, icons and particle settings — so Home, About and MINGO DB work offline.
 * Cached at runtime (decision 155): the published boards (GET /api/boards, network first, so a
 * board published or edited after the first visit shows online and the last one seen works
 * offline) and poster images (cache first: their URLs are immutable renditions; bounded).
 * Never cached: the rest of /api (no stale API data), other /media (clips stream from the server),
 * server-rendered pages (test checkout) and the share preview images; navigations to those always
 * go to the network.
 * A new build installs a waiting worker; the page offers "new version — reload" (app/update-prompt.tsx).
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  // Registered by app/update-prompt.tsx after the page has loaded, off the first-load path.
  injectRegister: false,
  includeAssets: [],
  manifest: {
    name: 'MINGO — movie bingo',
    short_name: 'MINGO',
    description: 'Yearly movie-bingo boards: mark what you have seen and play for a line.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#0b1020',
    theme_color: '#0b1020',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: [
      'index.html',
      'static/**/*.{js,css,woff2}',
      'data/*.json',
      'assets/*.json',
      'posters/*.svg',
      'images/how-to-play/*',
      'favicon.svg',
      'theme-init.js',
      'icons/icon-192.png',
    ],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [
      /^\/api(\/|$)/,
      /^\/media\//,
      /^\/checkout\//,
      /^\/(healthz|readyz)$/,
      /^\/share\/[^/]+\.png$/,
      /^\/(robots\.txt|sitemap\.xml)$/,
    ],
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/boards(\/\d+)?$/.test(url.pathname),
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          // The same cache the page fills on a first, uncontrolled visit (lib/boards-store.ts BOARDS_CACHE).
          cacheName: 'mingo-boards',
          // A connection that answers nothing: fall back to the last boards rather than a blank board.
          networkTimeoutSeconds: 5,
          expiration: { maxEntries: 8 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: ({ request, url, sameOrigin }) =>
          sameOrigin && request.destination === 'image' && /^\/(media\/poster-|posters\/)/.test(url.pathname),
        handler: 'CacheFirst',
        method: 'GET',
        options: {
          cacheName: 'mingo-posters',
          // Every board's squares at two renditions, with room to spare; least recently used go first.
          expiration: { maxEntries: 600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
    cleanupOutdatedCaches: true,
    // The waiting worker takes over only when the visitor accepts the reload prompt.
    skipWaiting: false,
    clientsClaim: false,
    sourcemap: false,
  },
};
